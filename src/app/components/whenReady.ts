/**
 * A shortcut pressed while it cannot apply yet, because the studio is still getting ready (the
 * rule-file readers loading after New agent, the canvas still "Drawing agent.toml…"), waits for
 * that instead of being dropped; what is typed meanwhile is kept and typed into the field that has
 * the focus once the action has run (the new tool's Name field), never read as shortcuts.
 */
import { codecsPending } from '../state/codecs.ts';

const frame = () => new Promise<void>((resolve) => window.requestAnimationFrame(() => resolve()));
/** The canvas's loading state (see Canvas.tsx), at most this many frames (a few seconds). */
const MAX_FRAMES = 600;

/** Whether the studio is still getting ready (then a shortcut waits for it). */
export function gettingReady(): boolean {
  return codecsPending() !== undefined || document.querySelector('.canvas-loading') !== null;
}

/** Resolves once the studio is ready: the readers loaded, the canvas drawn, React's commit done. */
async function ready(): Promise<void> {
  await codecsPending()?.catch(() => undefined);
  for (let i = 0; i < MAX_FRAMES && document.querySelector('.canvas-loading'); i++) await frame();
  await frame();
  await frame();
}

/**
 * Runs `then` once the studio is ready, keeping the characters typed meanwhile; `then` returns
 * whether its action ran, and the kept text goes to the focused text field if it did.
 */
export function whenReady(then: () => boolean | Promise<boolean>, isText: (t: EventTarget | null) => boolean): void {
  let typed = '';
  /**
   * Set once the action ran with text kept: until that text is in, later keys join it even in a
   * text field (the Name field the action focused), so they land after it, in the order typed.
   */
  let handingOver = false;
  const keep = (e: KeyboardEvent) => {
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || (!handingOver && isText(e.target))) return;
    e.preventDefault();
    e.stopPropagation();
    typed += e.key;
  };
  window.addEventListener('keydown', keep, true);
  void ready()
    .then(then)
    .then(async (ran) => {
      if (ran && typed !== '') {
        handingOver = true;
        await frame();
      }
      window.removeEventListener('keydown', keep, true);
      // The field the action focused (the Name field) takes the text as if typed there.
      if (handingOver && isText(document.activeElement)) document.execCommand('insertText', false, typed);
    });
}
