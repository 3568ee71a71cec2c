import { describe, expect, it } from 'vitest';
import { lineDiff, withContext } from '../../src/core/text/lineDiff.ts';

const brief = (before: string, after: string) => lineDiff(before, after).map((d) => `${d.kind === 'same' ? ' ' : d.kind === 'added' ? '+' : '-'}${d.text}`);

describe('lineDiff', () => {
  it('aligns kept lines and marks the changed ones', () => {
    expect(brief('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([' a', '-b', '+B', ' c', ' d', '+e']);
    expect(brief('x', 'x')).toEqual([' x']);
    expect(brief('1\n2\n3\n4', '1\n3\n4')).toEqual([' 1', '-2', ' 3', ' 4']);
  });

  it('numbers lines in both texts', () => {
    const d = lineDiff('a\nb', 'z\na\nb');
    expect(d[0]).toEqual({ kind: 'added', text: 'z', newLine: 1 });
    expect(d[1]).toEqual({ kind: 'same', text: 'a', oldLine: 1, newLine: 2 });
  });

  it('keeps context around changes and marks what is skipped', () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n');
    const after = before.replace('l10', 'L10');
    const shown = withContext(lineDiff(before, after), 1);
    expect(shown.map((d) => (d ? d.text : '…'))).toEqual(['…', 'l9', 'l10', 'L10', 'l11', '…']);
  });
});
