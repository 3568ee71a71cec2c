/**
 * Notices in a live region. Information leaves by itself after a few seconds (not while the
 * pointer or focus is on the stack); errors stay until dismissed. Past three, the older ones fold
 * into "N more", so a burst (seven imported files) never covers the workspace. The stack sits over
 * the graph canvas where it covers no node, zoom control or minimap (see `useNoticePlacement`);
 * where every spot would cover part of the graph it folds into a counter that opens it on demand.
 * The import progress card rides at the top of the stack. User text is rendered as text.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useStudio } from '../state/context.tsx';
import { Icon } from './ui/Icon.tsx';
import { Button } from './ui/Button.tsx';
import { useSimulation } from '../simulator/useSimulation.ts';
import { useNoticePlacement } from './useNoticePlacement.ts';
import { ImportProgressCard } from './ImportProgressCard.tsx';
import { importProgressStore } from '../persistence/importProgress.ts';

/** How long an information notice stays, in ms. */
export const NOTICE_MS = 6000;
const SHOWN = 3;

export function Notices() {
  const notices = useStudio((s) => s.notices);
  const dismiss = useStudio((s) => s.dismiss);
  const [held, setHeld] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState<string | undefined>();
  const presenting = useSimulation((s) => s.presenter);
  const importing = useStore(importProgressStore, (s) => s.active !== undefined);
  const transient = notices.filter((n) => n.kind !== 'error').map((n) => n.id);
  const oldest = transient[0];
  useEffect(() => {
    if (held || oldest === undefined) return;
    const t = window.setTimeout(() => dismiss(oldest), NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [held, oldest, dismiss]);
  const shown = expanded ? notices : notices.slice(-SHOWN);
  const hiddenCount = notices.length - shown.length;
  const contents = notices.length === 0 && !importing ? '' : `${notices.map((n) => n.id).join()}|${expanded}|${importing}`;
  const stack = useRef<HTMLDivElement>(null);
  const { style, spot } = useNoticePlacement(!presenting, stack, contents, held);
  // A counter instead of the notices, unless the user opened this set of them.
  const folded = spot === 'folded' && opened !== contents && notices.length > 0;
  const errors = notices.filter((n) => n.kind === 'error').length;
  return (
    <div
      ref={stack}
      className="notices"
      data-spot={spot ?? 'window'}
      style={style}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <ImportProgressCard />
      {folded ? (
        <Button
          icon="bell"
          className={`notice-counter${errors > 0 ? ' notice-counter-error' : ''}`}
          aria-expanded={false}
          title="Show the notices (they would cover the graph)"
          label={errors > 0 ? `${errors} error${errors === 1 ? '' : 's'}` : `${notices.length} notice${notices.length === 1 ? '' : 's'}`}
          onClick={() => setOpened(contents)}
        />
      ) : null}
      <div className={folded ? 'visually-hidden' : 'notices-stack'} role="status" aria-live="polite">
        {hiddenCount > 0 || (expanded && notices.length > SHOWN) || (spot === 'folded' && !folded) ? (
          <div className="notice-fold">
            {spot === 'folded' && !folded ? (
              <button type="button" className="btn btn-ghost" onClick={() => setOpened(undefined)}>
                Fold
              </button>
            ) : null}
            {hiddenCount > 0 || (expanded && notices.length > SHOWN) ? (
              <button type="button" className="btn btn-ghost" onClick={() => setExpanded(!expanded)}>
                {expanded ? 'Show fewer' : `${hiddenCount} more`}
              </button>
            ) : null}
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
    </div>
  );
}
