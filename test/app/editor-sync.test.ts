import { describe, expect, it, vi } from 'vitest';
import { createTextSync } from '../../src/app/editor/textSync.ts';
import fc from 'fast-check';
import { minimalReplacement } from '../../src/core/text/minimalReplacement.ts';
import { createStudioStore } from '../../src/app/state/store.ts';

describe('createTextSync', () => {
  it('debounces typing into one send of the latest text', () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const sync = createTextSync({ send: (t) => sent.push(t), delay: 300 });
      sync.editorChanged('a');
      vi.advanceTimersByTime(200);
      sync.editorChanged('ab');
      vi.advanceTimersByTime(299);
      expect(sent).toEqual([]);
      expect(sync.pending).toBe(true);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual(['ab']);
      expect(sync.pending).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('flush sends a waiting change at once and only once; cancel drops it', () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const sync = createTextSync({ send: (t) => sent.push(t), delay: 300 });
      sync.flush();
      expect(sent).toEqual([]);
      sync.editorChanged('x');
      sync.flush();
      vi.advanceTimersByTime(1000);
      expect(sent).toEqual(['x']);
      sync.editorChanged('y');
      sync.cancel();
      vi.advanceTimersByTime(1000);
      expect(sent).toEqual(['x']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pushes store text only when it differs and nothing typed is waiting', () => {
    const sync = createTextSync({ send: () => {}, delay: 300, setTimer: () => 0, clearTimer: () => {} });
    expect(sync.shouldPush('a', 'a')).toBe(false);
    expect(sync.shouldPush('from graph', 'old')).toBe(true);
    sync.editorChanged('typing…');
    expect(sync.shouldPush('from graph', 'typing…')).toBe(false);
  });

  it('typing then undo (flush first) gives one history in the store', () => {
    const store = createStudioStore();
    const id = store.getState().addAgent('a');
    const original = store.getState().project.docs[0]?.text ?? '';
    const sync = createTextSync({ send: (t) => store.getState().setText(id, t), delay: 300, setTimer: () => 0, clearTimer: () => {} });
    sync.editorChanged(`${original}# note\n`);
    // Ctrl+Z in the editor: flush what was typed, then the store's undo.
    sync.flush();
    expect(store.getState().project.docs[0]?.text).toBe(`${original}# note\n`);
    store.getState().undo();
    expect(store.getState().project.docs[0]?.text).toBe(original);
    store.getState().redo();
    expect(store.getState().project.docs[0]?.text).toBe(`${original}# note\n`);
  });
});

describe('minimalReplacement', () => {
  const apply = (before: string, after: string) => {
    const r = minimalReplacement(before, after);
    return r ? before.slice(0, r.start) + r.text + before.slice(r.end) : before;
  };

  it('is null for equal texts and replaces only the changed middle', () => {
    expect(minimalReplacement('abc', 'abc')).toBeNull();
    expect(minimalReplacement('name = "a"\nx', 'name = "b"\nx')).toEqual({ start: 8, end: 9, text: 'b' });
    expect(minimalReplacement('aaa', 'aaaa')).toEqual({ start: 3, end: 3, text: 'a' });
    expect(minimalReplacement('abc', '')).toEqual({ start: 0, end: 3, text: '' });
  });

  it('never splits a surrogate pair', () => {
    const r = minimalReplacement('x😀y', 'x😃y');
    expect(r).toEqual({ start: 1, end: 3, text: '😃' });
  });

  it('finds the longest common prefix and suffix in texts of many blocks, wherever the change is', () => {
    // The reference: character by character.
    const reference = (before: string, after: string) => {
      const max = Math.min(before.length, after.length);
      let p = 0;
      while (p < max && before[p] === after[p]) p++;
      let s = 0;
      while (s < max - p && before[before.length - 1 - s] === after[after.length - 1 - s]) s++;
      return { start: p, end: before.length - s, text: after.slice(p, after.length - s) };
    };
    const base = Array.from({ length: 3000 }, (_, i) => `line ${i % 97}\n`).join(''); // about 30,000 characters, repetitive
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(40), fc.string({ maxLength: 40 }), (at, cut, put) => {
        const after = base.slice(0, at) + put + base.slice(Math.min(base.length, at + cut));
        if (after === base) return;
        expect(minimalReplacement(base, after)).toEqual(reference(base, after));
      }),
      { numRuns: 300 },
    );
    // A change at a block's edge (4,096 characters).
    for (const at of [4095, 4096, 4097, 8192]) {
      const after = `${base.slice(0, at)}X${base.slice(at + 1)}`;
      expect(minimalReplacement(base, after)).toEqual(reference(base, after));
    }
  });

  it('always reproduces the new text', () => {
    const samples = ['', 'a', 'abc', 'abcabc', 'a\nb\nc', 'x😀y', 'tools = ["a", "b"]'];
    for (const a of samples) for (const b of samples) expect(apply(a, b)).toBe(b);
  });
});
