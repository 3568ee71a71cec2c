/**
 * Who owns the text right now: the editor (the user is typing) or the store (graph edits, undo).
 * Editor changes reach the store debounced; store text reaches the editor only when it differs
 * from what the editor shows and no typed change is still waiting, so typing is never clobbered.
 * Pure: timers are injected, so Vitest drives it with fake time.
 */
export interface TextSyncOptions {
  /** Sends the editor's text to the store (`store.setText`). */
  send(text: string): void;
  /** Debounce delay in ms (~300). */
  delay: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface TextSync {
  /** The editor's text changed because the user typed (not because the store pushed it). */
  editorChanged(text: string): void;
  /** Sends a waiting change now (before undo/redo, on blur, on document switch, on unmount). */
  flush(): void;
  /** Drops a waiting change without sending it. */
  cancel(): void;
  /** True while a typed change waits for the debounce. */
  readonly pending: boolean;
  /** Whether store text should be pushed into an editor currently showing `editorText`. */
  shouldPush(storeText: string, editorText: string): boolean;
}

/** Creates the debounce-and-origin logic between one editor and the store. */
export function createTextSync(opts: TextSyncOptions): TextSync {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let handle: unknown;
  let waiting: string | undefined;

  const flush = () => {
    if (waiting === undefined) return;
    const text = waiting;
    waiting = undefined;
    clearTimer(handle);
    opts.send(text);
  };

  return {
    editorChanged(text) {
      waiting = text;
      clearTimer(handle);
      handle = setTimer(flush, opts.delay);
    },
    flush,
    cancel() {
      waiting = undefined;
      clearTimer(handle);
    },
    get pending() {
      return waiting !== undefined;
    },
    shouldPush(storeText, editorText) {
      return waiting === undefined && storeText !== editorText;
    },
  };
}
