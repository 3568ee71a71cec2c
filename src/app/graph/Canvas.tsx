/** The graph canvas of the active document. */
export function Canvas() {
  return <section className="canvas" aria-label="Graph" />;
}
