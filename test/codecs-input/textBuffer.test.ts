import { describe, expect, it } from 'vitest';
import { TextBuffer } from '../../src/core/codecs/write/textBuffer.ts';

describe('TextBuffer', () => {
  it('gives back exactly what was written, across growth and in any script', () => {
    const buf = new TextBuffer(16);
    const pieces = ['[[agents]]', '\n', 'name = "é👩‍💻"', '', 'x'.repeat(1000), '\u0085\u2028\uFFFF', 'tail = 1'];
    for (const p of pieces) buf.write(p);
    expect(buf.text()).toBe(pieces.join(''));
  });

  it('keeps a leading U+FEFF as text and reports emptiness', () => {
    const buf = new TextBuffer();
    expect(buf.empty).toBe(true);
    expect(buf.text()).toBe('');
    buf.write('\uFEFFa');
    expect(buf.empty).toBe(false);
    expect(buf.text()).toBe('\uFEFFa');
  });

  it('writes a lone surrogate as U+FFFD, as UTF-8 must', () => {
    const buf = new TextBuffer();
    buf.write('a\uD800b');
    expect(buf.text()).toBe('a\uFFFDb');
  });
});
