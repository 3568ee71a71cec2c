/**
 * After Add tool / Add phase the new node's Name field takes the focus with its text selected, so
 * typing names the node (as in Figma or Stately) instead of reaching the canvas's single-key
 * shortcuts (`C` for Connect). The action asks; the field that shows that name answers once.
 */
let pending: string | undefined;

/** Asks the Inspector's Name field for `name` to take the focus when it next shows. */
export function requestNameFocus(name: string): void {
  pending = name;
  // Unanswered (the Inspector is folded or not shown): forget it, so a later visit to that node
  // does not steal the focus.
  setTimeout(() => {
    if (pending === name) pending = undefined;
  }, 1000);
}

/** True once for the field showing the requested name (which then focuses itself). */
export function takeNameFocus(name: string): boolean {
  if (pending !== name) return false;
  pending = undefined;
  return true;
}
