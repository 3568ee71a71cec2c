/** "Did you mean": the nearest accepted name by edit distance, only when it is near enough. */
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../src/core/text/closestName.ts';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(editDistance('maxcall', 'maxcalls')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('termnial', 'terminal')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('stops past its limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('closestName', () => {
  const types = ['ContinueLoop', 'ExitLoop', 'MaxCalls', 'Cooldown', 'Periodic'];
  it('suggests the near name, ignoring case, underscores and dashes', () => {
    expect(closestName('MaxCall', types)).toBe('MaxCalls');
    expect(closestName('max_calls', types)).toBe('MaxCalls');
    expect(closestName('EXIT-LOOP', types)).toBe('ExitLoop');
    expect(closestName('Cooldwn', types)).toBe('Cooldown');
  });

  it('suggests nothing for another word or an empty name', () => {
    expect(closestName('Bogus', types)).toBeUndefined();
    expect(closestName('Frobnicate', types)).toBeUndefined();
    expect(closestName('', types)).toBeUndefined();
    expect(closestName('__', types)).toBeUndefined();
  });

  it('maps spellings to the name to suggest', () => {
    expect(closestName('termnal', new Map([['terminal', 'ExitLoop']]))).toBe('ExitLoop');
  });
});
