/** Notices (errors and confirmations) in a live region, dismissable. User text is rendered as text. */
import { useStudio } from '../state/context.tsx';

export function Notices() {
  const notices = useStudio((s) => s.notices);
  const dismiss = useStudio((s) => s.dismiss);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : undefined}>
          <span>{n.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
