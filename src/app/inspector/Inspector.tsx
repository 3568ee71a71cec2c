/** The inspector: edits the selected element. */
export function Inspector() {
  return <aside className="inspector" aria-label="Inspector" />;
}
