/** Texts built to match rule patterns (the workflow verifier's commands and paths). */
import { describe, expect, it } from 'vitest';
import { compilePattern, samplePattern } from '../../src/core/regex/index.ts';

const matches = (pattern: string, text: string) => {
  const c = compilePattern(pattern);
  if (!c.ok) throw new Error(c.error.message);
  return c.pattern.test(text);
};

describe('samplePattern', () => {
  it.each(['cargo (build|test)', '^src/.*\\.rs$', '\\d{3}-[a-f]+', '(?i)MAKE\\s+all', 'x?y*', '[^\\s]', '\\bgit\\b commit', 'é+ü'])('builds a text %s matches', (pattern) => {
    const s = samplePattern(pattern);
    expect(s.status).toBe('match');
    if (s.status === 'match') expect(matches(pattern, s.text)).toBe(true);
  });

  it('prefers readable texts: a star repeats once', () => {
    expect(samplePattern('^src/.*\\.rs$')).toEqual({ status: 'match', text: 'src/a.rs' });
    expect(samplePattern('cargo (build|test)')).toEqual({ status: 'match', text: 'cargo build' });
  });

  it('says when a pattern matches nothing: an empty class every match crosses', () => {
    expect(samplePattern('[^\\s\\S]')).toEqual({ status: 'empty' });
    expect(samplePattern('a[^\\w\\W]+b')).toEqual({ status: 'empty' });
    expect(samplePattern('a|[^\\s\\S]')).toEqual({ status: 'match', text: 'a' });
  });

  it('does not claim what it cannot build or prove', () => {
    // Anchors in the way: nothing matches, but the sampler only knows it found no text.
    expect(samplePattern('a^b')).toEqual({ status: 'unknown' });
    expect(samplePattern('(')).toEqual({ status: 'unknown' });
  });
});
