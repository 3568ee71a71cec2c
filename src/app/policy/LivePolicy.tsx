/**
 * The Policy view's side of `follow --studio` in lines mode (Codex, Gemini CLI): the live status
 * of the followed session with Pause / "Jump to live" and breakpoints (on a decision, or on a rule),
 * and a notification for each answer that brings calls of it the rules deny or ask about (the calls
 * new since the previous answer). Pausing holds the session's new lines (`liveTrace.ts`): the view
 * stays as it was, the agent runs on.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { Button } from '../components/ui/Button.tsx';
import { useStudioStore } from '../state/context.tsx';
import { BreakpointsPopover, type BreakpointGroup } from '../simulator/BreakpointsPopover.tsx';
import { LivePill } from '../simulator/LivePill.tsx';
import { breakpointText, liveActions, liveStatus, liveStore, policyBreakpointHit, type PolicyBreakTargets } from '../simulator/liveStore.ts';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The followed session's status and controls above the Policy view; nothing when no session is followed. */
export function LivePolicyStatus() {
  const lines = useStore(liveStore, (s) => s.lines);
  const status = useStore(liveStore, (s) => liveStatus(s));
  const following = useStore(liveStore, (s) => s.following);
  const pausedBy = useStore(liveStore, (s) => s.pausedBy);
  const waiting = useStore(liveStore, (s) => s.waiting);
  const targets = useStore(liveStore, (s) => s.policyTargets);
  if (!lines) return null;
  const groups: BreakpointGroup[] = [
    { legend: 'Pause the view at a call decided', items: (targets?.decisions ?? []).map((d) => ({ breakpoint: { decision: d.key }, label: d.label, key: `d-${d.key}` })) },
    { legend: '… or at a call a rule matched', items: (targets?.rules ?? []).map((r) => ({ breakpoint: { at: r.at }, label: r.label, key: `r-${r.at}` })) },
  ];
  return (
    <div className="policy-live-wrap">
      <div className="policy-live" aria-label="Followed session">
        <LivePill status={status} />
        <span className="corpus-muted policy-live-text">
          following <code>{lines.name}</code>: its calls are decided here as they are written
        </span>
        {following ? (
          <Button size="sm" icon="pause" label="Pause" onClick={() => liveActions.pause()} title="Stop this view where it is; the session’s new lines wait (the agent goes on)" />
        ) : (
          <Button size="sm" variant="primary" icon="last" label="Jump to live" onClick={() => liveActions.jumpToLive()} title="Decide the lines that waited and follow the session again" />
        )}
        <BreakpointsPopover groups={groups} title="Pause this view at a call of a decision or of a rule (the agent goes on)" />
      </div>
      {!following ? (
        <p className="live-paused policy-live-paused" role="status">
          {pausedBy ?? 'Paused'}. The agent runs on; {waiting > 0 ? `${fmt(waiting)} new line${waiting === 1 ? '' : 's'} of the session wait${waiting === 1 ? 's' : ''}.` : 'its new lines wait here.'}
        </p>
      ) : null}
    </div>
  );
}

interface LiveCall {
  session: string;
  decision?: string | undefined;
}

export interface LivePolicyOptions<C extends LiveCall> {
  /** The decisions notified when a new call of the followed session gets one. */
  flagged: readonly string[];
  /** A call's command on one line. */
  text(c: C): string;
  /** The decisions a call counts under in the view's totals (`none`: no rule decided it). */
  decisionsOf(c: C): readonly string[];
  /** The `file:line:col` of the rules that matched a call. */
  ruleAt(c: C): readonly string[];
  /** What the view offers to break on. */
  targets: PolicyBreakTargets;
}

/**
 * The followed session's calls in the shown Policy view: publishes its breakpoint targets; of the
 * calls new since the previous answer, notifies those whose decision is flagged and pauses the view
 * at the first that hits a breakpoint. The first answer after the view opens is the baseline.
 */
export function useLivePolicy<C extends LiveCall>(calls: readonly C[] | undefined, options: LivePolicyOptions<C>): void {
  const store = useStudioStore();
  const name = useStore(liveStore, (s) => s.lines?.name);
  const seen = useRef<{ name: string; count: number } | undefined>(undefined);
  const { flagged, text, decisionsOf, ruleAt, targets } = options;
  useEffect(() => {
    if (name !== undefined) liveStore.setState({ policyTargets: targets });
  }, [name, targets]);
  useEffect(() => {
    if (!calls || name === undefined) return;
    const mine = calls.filter((c) => c.session === name);
    const before = seen.current?.name === name ? seen.current.count : undefined;
    seen.current = { name, count: mine.length };
    if (before === undefined || mine.length <= before) return;
    const fresh = mine.slice(before);
    const hits = fresh.filter((c) => c.decision !== undefined && flagged.includes(c.decision));
    const newest = hits.at(-1);
    if (newest) store.getState().notify('info', `${newest.decision}: ${text(newest)} in ${name}${hits.length > 1 ? ` (and ${hits.length - 1} more)` : ''}`);
    const live = liveStore.getState();
    if (!live.following || live.breakpoints.length === 0) return;
    for (const c of fresh) {
      const hit = policyBreakpointHit({ decisions: decisionsOf(c), at: ruleAt(c) }, live.breakpoints);
      if (hit) {
        liveStore.setState({ following: false, pausedBy: `Paused at ${breakpointText(hit)}: ${text(c)}` });
        return;
      }
    }
  }, [calls, name, flagged, text, decisionsOf, ruleAt, store]);
}
