/**
 * The Policy view's side of `follow --studio` in lines mode (Codex, Gemini CLI): the live status
 * of the followed session, and a notification for each answer that brings calls of it the rules
 * deny or ask about (the calls new since the previous answer).
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useStudioStore } from '../state/context.tsx';
import { LivePill } from '../simulator/LivePill.tsx';
import { liveStatus, liveStore } from '../simulator/liveStore.ts';

/** The followed session's status above the Policy view; nothing when no session is followed. */
export function LivePolicyStatus() {
  const lines = useStore(liveStore, (s) => s.lines);
  const status = useStore(liveStore, (s) => liveStatus(s));
  if (!lines) return null;
  return (
    <div className="policy-live" aria-label="Followed session">
      <LivePill status={status} />
      <span className="corpus-muted">
        following <code>{lines.name}</code>: its calls are decided here as they are written
      </span>
    </div>
  );
}

interface LiveCall {
  session: string;
  decision?: string;
}

/**
 * Notifies the calls of the followed session, new since the previous answer, whose decision is in
 * `flagged`; the first answer after the view opens is the baseline (nothing is notified for it).
 */
export function useLiveDenials<C extends LiveCall>(calls: readonly C[] | undefined, flagged: readonly string[], text: (c: C) => string): void {
  const store = useStudioStore();
  const name = useStore(liveStore, (s) => s.lines?.name);
  const seen = useRef<{ name: string; count: number } | undefined>(undefined);
  useEffect(() => {
    if (!calls || name === undefined) return;
    const mine = calls.filter((c) => c.session === name);
    const before = seen.current?.name === name ? seen.current.count : undefined;
    seen.current = { name, count: mine.length };
    if (before === undefined || mine.length <= before) return;
    const hits = mine.slice(before).filter((c) => c.decision !== undefined && flagged.includes(c.decision));
    const newest = hits.at(-1);
    if (newest) store.getState().notify('info', `${newest.decision}: ${text(newest)} in ${name}${hits.length > 1 ? ` (and ${hits.length - 1} more)` : ''}`);
  }, [calls, name, flagged, text, store]);
}
