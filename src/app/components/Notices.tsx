/**
 * Notices in a live region. Information leaves by itself after a few seconds (not while the
 * pointer or focus is on the stack); errors stay until dismissed. Past three, the older ones fold
 * into "N more", so a burst (seven imported files) never covers the workspace. They sit over the
 * canvas's bottom band (see `useNoticeBand`), never over a panel. User text is rendered as text.
 */
import { useEffect, useState } from 'react';
import { useStudio } from '../state/context.tsx';
import { Icon } from './ui/Icon.tsx';
import { useSimulation } from '../simulator/useSimulation.ts';
import { useNoticeBand } from './useNoticeBand.ts';

/** How long an information notice stays, in ms. */
export const NOTICE_MS = 6000;
const SHOWN = 3;

export function Notices() {
  const notices = useStudio((s) => s.notices);
  const dismiss = useStudio((s) => s.dismiss);
  const [held, setHeld] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const presenting = useSimulation((s) => s.presenter);
  const band = useNoticeBand(!presenting);
  const transient = notices.filter((n) => n.kind !== 'error').map((n) => n.id);
  const oldest = transient[0];
  useEffect(() => {
    if (held || oldest === undefined) return;
    const t = window.setTimeout(() => dismiss(oldest), NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [held, oldest, dismiss]);
  const shown = expanded ? notices : notices.slice(-SHOWN);
  const hiddenCount = notices.length - shown.length;
  return (
    <div
      className="notices"
      style={band}
      role="status"
      aria-live="polite"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {hiddenCount > 0 || (expanded && notices.length > SHOWN) ? (
        <div className="notice-fold">
          <button type="button" className="btn btn-ghost" onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show fewer' : `${hiddenCount} more`}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => notices.forEach((n) => dismiss(n.id))}>
            Dismiss all
          </button>
        </div>
      ) : null}
      {shown.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : undefined}>
          <span>{n.text}</span>
          <button type="button" className="notice-close" aria-label="Dismiss" title="Dismiss" onClick={() => dismiss(n.id)}>
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
