/**
 * Puts the keyboard focus on a graph node once it is drawn (two frames: React's commit, then React
 * Flow's measuring), e.g. the renamed node after Enter in its Name field, so the graph's keys (C to
 * connect, T to add a tool, Delete, the arrows) act on it next.
 *
 * Meanwhile the graph's region holds the focus, so a key pressed before the node is drawn acts on
 * the graph (on the selection) instead of going into the field that asked; and a key that moves the
 * focus meanwhile (T: the next tool's Name field) keeps it there. Before, the node took the focus
 * two frames later whatever had happened since: on a loaded machine the next tool's name, half
 * typed, went to the graph as shortcuts.
 */
export function focusNodeSoon(id: string): void {
  const canvas = document.querySelector<HTMLElement>('section.canvas');
  if (canvas) {
    // A hand-over, not a visit to the region: no ring around the whole graph for two frames.
    canvas.dataset['handover'] = '';
    canvas.addEventListener('blur', () => delete canvas.dataset['handover'], { once: true });
    canvas.focus({ preventScroll: true });
  }
  const focus = () => {
    const held = canvas === null || document.activeElement === canvas;
    // Over either way: a region that keeps the focus (its node deleted meanwhile) shows it.
    if (canvas) delete canvas.dataset['handover'];
    if (!held) return;
    const node = document.querySelector<HTMLElement>(`section.canvas .react-flow__node[data-id="${CSS.escape(id)}"]`);
    node?.focus({ preventScroll: true });
  };
  window.requestAnimationFrame(() => window.requestAnimationFrame(focus));
}

/** The id of the graph node that has the keyboard focus, if one has. */
export function focusedNodeId(): string | undefined {
  if (typeof document === 'undefined' || typeof HTMLElement === 'undefined') return undefined;
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !el.classList.contains('react-flow__node') || el.closest('section.canvas') === null) return undefined;
  return el.dataset['id'];
}

/** The id of the graph edge that has the keyboard focus (reached by Tab), if one has. */
export function focusedEdgeId(): string | undefined {
  if (typeof document === 'undefined' || typeof Element === 'undefined') return undefined;
  const el = document.activeElement;
  if (!(el instanceof Element) || !el.classList.contains('react-flow__edge') || el.closest('section.canvas') === null) return undefined;
  return el.getAttribute('data-id') ?? undefined;
}
