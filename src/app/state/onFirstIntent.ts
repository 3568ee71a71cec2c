/**
 * Work the page will need soon but not to show itself (the codecs, the drawing code): started at the
 * first sign the user is about to act — the pointer moves, a key, focus, a drag over the window —
 * or, failing that, once the page has sat idle for `idleMs`. Done while the page is still starting,
 * its evaluation would be a long task between the first paint and the user's first click.
 */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'focusin', 'dragenter', 'touchstart', 'paste'] as const;

/**
 * Runs `work` once: at the user's first intent, or `idleMs` after the call in idle time. Returns a
 * function that cancels it if it has not run.
 */
export function onFirstIntent(work: () => void, idleMs: number, win: Window = window): () => void {
  let done = false;
  const stop = () => {
    done = true;
    for (const type of INTENT_EVENTS) win.removeEventListener(type, run, true);
    win.clearTimeout(timer);
  };
  const run = () => {
    if (done) return;
    stop();
    work();
  };
  for (const type of INTENT_EVENTS) win.addEventListener(type, run, { capture: true, passive: true });
  const idle = win.requestIdleCallback?.bind(win) ?? ((f: () => void) => win.setTimeout(f, 1));
  const timer = win.setTimeout(() => idle(run, { timeout: idleMs }), idleMs);
  return stop;
}
