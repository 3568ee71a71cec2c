/**
 * The import worker starts on intent, never at page load: files dragged over the page start it
 * (once), other drags do not.
 */
import { describe, expect, it, vi } from 'vitest';
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
  const fire = (type: string, types: string[]) => listeners.get(type)?.({ dataTransfer: { types, dropEffect: 'none' }, preventDefault: () => {} });
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
