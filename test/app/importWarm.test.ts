/**
 * The import worker starts on intent, never at page load: files dragged over the page start it
 * (once), other drags do not.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installImportHandlers } from '../../src/app/persistence/importHandlers.ts';
import type { StudioStore } from '../../src/app/state/store.ts';

/** The parts of a window the handlers use, with a way to fire their listeners. */
function fakeWindow() {
  const listeners = new Map<string, (e: unknown) => void>();
  const win = {
    document: { documentElement: { dataset: {} as Record<string, string> }, activeElement: null },
    addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  const fire = (type: string, types: string[], relatedTarget: unknown = null) =>
    listeners.get(type)?.({ dataTransfer: { types, dropEffect: 'none' }, relatedTarget, preventDefault: () => {} });
  return { win: win as unknown as Window, fire, listeners };
}

describe('the import worker starts when files are dragged over the page', () => {
  it('not at install; at the first drag of files; once', () => {
    vi.useFakeTimers();
    try {
      const { win, fire } = fakeWindow();
      const warm = vi.fn();
      const remove = installImportHandlers({} as StudioStore, win, warm);
      vi.advanceTimersByTime(10_000);
      expect(warm).not.toHaveBeenCalled();
      fire('dragover', ['text/plain']);
      expect(warm).not.toHaveBeenCalled();
      fire('dragover', ['Files']);
      fire('dragover', ['Files']);
      expect(warm).toHaveBeenCalledTimes(1);
      expect((win.document.documentElement as unknown as { dataset: Record<string, string> }).dataset['dropping']).toBe('true');
      remove();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the drop mark shows while files are dragged over the page', () => {
  const dropping = (win: Window) => (win.document.documentElement as unknown as { dataset: Record<string, string> }).dataset['dropping'];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays while dragover comes at the standard’s slowest pace, and goes 600 ms after the last', () => {
    const { win, fire } = fakeWindow();
    const remove = installImportHandlers({} as StudioStore, win, () => {});
    for (let i = 0; i < 5; i++) {
      fire('dragover', ['Files']);
      vi.advanceTimersByTime(550);
      expect(dropping(win)).toBe('true');
    }
    vi.advanceTimersByTime(50);
    expect(dropping(win)).toBeUndefined();
    remove();
  });

  it('goes 100 ms after the drag leaves the window; a move between elements keeps it', () => {
    const { win, fire } = fakeWindow();
    const remove = installImportHandlers({} as StudioStore, win, () => {});
    fire('dragover', ['Files']);
    fire('dragleave', ['Files'], {});
    vi.advanceTimersByTime(500);
    expect(dropping(win)).toBe('true');
    // a browser that names no element on every leave: the next dragover keeps the mark
    fire('dragleave', ['Files']);
    vi.advanceTimersByTime(50);
    fire('dragover', ['Files']);
    vi.advanceTimersByTime(500);
    expect(dropping(win)).toBe('true');
    fire('dragleave', ['Files']);
    vi.advanceTimersByTime(99);
    expect(dropping(win)).toBe('true');
    vi.advanceTimersByTime(1);
    expect(dropping(win)).toBeUndefined();
    remove();
  });
});
