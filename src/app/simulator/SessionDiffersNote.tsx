/** The note a step gets where the replayed transcript recorded its call otherwise than the rules decide it (`useSessionDiffers`). */
export function SessionDiffersNote({ text, className }: { text: string | undefined; className: string }) {
  if (!text) return null;
  return (
    <p className={className} role="note">
      <span aria-hidden="true">⚠ </span>
      {text}
    </p>
  );
}
