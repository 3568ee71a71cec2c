/** The live status of a session followed by `follow --studio`: LIVE, PAUSED or DISCONNECTED. */
import './live.css';

export function LivePill({ status }: { status: 'LIVE' | 'PAUSED' | 'DISCONNECTED' }) {
  return (
    <span className={`live-pill live-pill-${status.toLowerCase()}`} role="status" aria-label={`Live view: ${status.toLowerCase()}`} title={status === 'DISCONNECTED' ? 'The stream is down; the studio reconnects by itself and resumes where it stopped' : undefined}>
      <span className="live-dot" aria-hidden="true" />
      {status}
    </span>
  );
}
