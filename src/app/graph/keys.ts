/** Keyboard helpers shared by the canvas and the shortcuts. */

/** Whether an event target is a place where keys type text (inputs, text areas, editors). */
export function isTextTarget(target: EventTarget | null): boolean {
  const el = target as (HTMLElement & { isContentEditable?: boolean }) | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || el.isContentEditable) return true;
  if (tag === 'input') {
    const type = (el as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return typeof el.closest === 'function' && el.closest('.monaco-editor') !== null;
}

/** The move of one arrow key press, in pixels. */
export const ARROW_STEP = 10;

const ARROWS: Record<string, { x: number; y: number }> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

/** The direction of an arrow key, if it is one. */
export function arrowDirection(key: string): { x: number; y: number } | undefined {
  return ARROWS[key];
}

/** What a delete notice says: deletes ask nothing, Undo brings the thing back. */
export const UNDO_HINT = 'Undo (Ctrl/Cmd+Z) brings it back.';
