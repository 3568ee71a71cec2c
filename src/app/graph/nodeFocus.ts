/**
 * Puts the keyboard focus on a graph node once it is drawn (two frames: React's commit, then React
 * Flow's measuring), e.g. the renamed node after Enter in its Name field, so the graph's keys (C to
 * connect, T to add a tool, Delete, the arrows) act on it next.
 */
export function focusNodeSoon(id: string): void {
  const focus = () => {
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
