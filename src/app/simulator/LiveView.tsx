/**
 * The live view (region `Live session`), in place of the timeline while the page follows a running
 * session (`rule-studio follow --studio`): a LIVE / PAUSED / DISCONNECTED pill, the decisions as
 * they arrive (a virtualised list and a position slider; scrubbing back leaves live mode and offers
 * "Jump to live"), breakpoints on a decision kind or a tool rule (they stop this view, never the
 * agent), a warning when the open rules are not the session's, and "Save as test".
 */
import { useClientHeight } from './useClientHeight.ts';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { DecisionKind } from '../../core/engine/decisions.ts';
import { ruleMeaning } from '../../core/describe/meaning.ts';
import { DECISION_KINDS } from '../../core/simulator/summary.ts';
import { Button } from '../components/ui/Button.tsx';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { settledText } from '../state/documents.ts';
import { kindClass } from './decisionText.ts';
import { DecisionRowContent } from './DecisionRow.tsx';
import { liveActions, liveStatus, liveStore, sameRules } from './liveStore.ts';
import { BreakpointsPopover, type BreakpointGroup } from './BreakpointsPopover.tsx';
import { saveLiveAsTest } from './liveTest.ts';
import { LivePill } from './LivePill.tsx';
import { LiveDecisionDetail } from './LiveDecisionDetail.tsx';
import { rowForKey, scrollToRow, visibleRange } from './virtualWindow.ts';

const ROW_HEIGHT = 22;
const fmt = (n: number) => n.toLocaleString('en-US');

function Breakpoints({ rules }: { rules: readonly { index: number; label: string }[] }) {
  const groups: BreakpointGroup[] = [
    { legend: 'Pause the view at a decision kind', items: DECISION_KINDS.map((k: DecisionKind) => ({ breakpoint: { kind: k }, label: k.replace('_', ' '), key: `k-${k}` })) },
    { legend: '… or at a decision of a rule', items: rules.map((r) => ({ breakpoint: { rule: r.index }, label: r.label, key: `r-${r.index}` })) },
  ];
  return <BreakpointsPopover groups={groups} title="Pause this view at a decision kind or a rule (the agent goes on)" />;
}

export function LiveView() {
  const studio = useStudioStore();
  const project = useStudio((s) => s.project);
  const entries = useStore(liveStore, (s) => s.entries);
  const position = useStore(liveStore, (s) => s.position);
  const following = useStore(liveStore, (s) => s.following);
  const connection = useStore(liveStore, (s) => s.connection);
  const pausedBy = useStore(liveStore, (s) => s.pausedBy);
  const ruleset = useStore(liveStore, (s) => s.ruleset);
  const status = liveStatus({ connection, following });
  const [saving, setSaving] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const viewport = useClientHeight(listRef);
  const [scrollTop, setScrollTop] = useState(0);

  const names = useMemo(() => new Set(ruleset?.files.map((f) => f.name) ?? []), [ruleset]);
  const open = useMemo(() => project.docs.filter((d) => names.has(d.fileName)), [project.docs, names]);
  const differs = ruleset !== undefined && !sameRules(ruleset, open.map((d) => ({ name: d.fileName, text: settledText(d) })));
  const agentDoc = open.find((d) => d.kind === 'agent');
  const rules = useMemo(() => {
    const agent = agentDoc;
    return agent?.kind === 'agent' ? agent.agent.rules.map((r, index) => ({ index, label: `#${index + 1} ${ruleMeaning(r).replaceAll('`', '')}` })) : [];
  }, [agentDoc]);

  useEffect(() => {
    const el = listRef.current;
    if (!el || position < 0) return;
    const top = scrollToRow(position, el.scrollTop, el.clientHeight, ROW_HEIGHT);
    if (top !== el.scrollTop) el.scrollTop = top;
  }, [position, entries.length]);

  const count = entries.length;
  const { start, end, offset } = visibleRange(scrollTop, viewport, ROW_HEIGHT, count);
  const behind = following ? 0 : count - 1 - position;

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'End' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      liveActions.jumpToLive();
      return;
    }
    const next = rowForKey(e.key, position, count, Math.floor(viewport / ROW_HEIGHT) - 1);
    if (next === undefined) return;
    e.preventDefault();
    liveActions.scrubTo(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      await saveLiveAsTest(studio);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="sim-timeline live-view" aria-label="Live session">
      <div className="sim-toolbar live-bar">
        <LivePill status={status} />
        <span className="sim-count">
          {fmt(count)} decision{count === 1 ? '' : 's'}
          {behind > 0 ? `, ${fmt(behind)} newer` : ''}
        </span>
        <span className="live-spacer" />
        {!following ? <Button size="sm" variant="primary" icon="last" label="Jump to live" onClick={() => liveActions.jumpToLive()} title="Follow the newest decision again (End)" /> : null}
      </div>
      <div className="live-scrub">
        <input
          type="range"
          aria-label="Position in the session"
          min={0}
          max={Math.max(0, count - 1)}
          value={Math.max(0, position)}
          disabled={count === 0}
          aria-valuetext={count === 0 ? 'no decisions yet' : `decision ${fmt(position + 1)} of ${fmt(count)}${following ? ', live' : ''}`}
          onChange={(e) => {
            const i = Number(e.target.value);
            if (i >= count - 1 && !following) liveActions.jumpToLive();
            else if (i !== position) liveActions.scrubTo(i);
          }}
        />
        <Breakpoints rules={rules} />
        <Button size="sm" icon="check" label={saving ? 'Saving…' : 'Save as test'} disabled={saving || count === 0} onClick={() => void save()} title="Save the session so far as a rule-set test, minimised to the fewest events that still give the chosen decision (the one shown, or the newest violation)" />
      </div>
      {differs ? (
        <p className="live-warning" role="alert">
          The session is judged by the rules <code>follow</code> was started with, and the open {open.length === names.size ? 'ones differ' : 'project lacks some of them'}: what you see may not be what your edits would decide.
        </p>
      ) : null}
      {pausedBy ? (
        <p className="live-paused" role="status">
          {pausedBy}. The agent runs on; {behind > 0 ? `${fmt(behind)} newer decision${behind === 1 ? '' : 's'} waiting.` : 'new decisions wait here.'}
        </p>
      ) : null}
      <div
        ref={listRef}
        className="sim-list"
        role="listbox"
        aria-label="Live decisions"
        tabIndex={0}
        aria-activedescendant={position >= start && position < end ? `live-row-${position}` : undefined}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKey}
      >
        {count === 0 ? <p className="live-empty sim-muted">Waiting for the session’s first decision…</p> : null}
        <div style={{ height: count * ROW_HEIGHT, position: 'relative' }}>
          <div style={{ transform: `translateY(${offset}px)` }}>
            {entries.slice(start, end).map((e, k) => {
              const i = start + k;
              const d = e.decision;
              return (
                <div key={`${e.session}:${d.seq}`} id={`live-row-${i}`} role="option" aria-selected={i === position} className={`sim-row ${kindClass(d)}`} style={{ height: ROW_HEIGHT }} onClick={() => (i === count - 1 ? liveActions.jumpToLive() : liveActions.scrubTo(i))}>
                  <DecisionRowContent decision={d} seq={fmt(i + 1)} />
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <LiveDecisionDetail decision={position >= 0 ? entries[position]?.decision : undefined} agentDoc={agentDoc} />
    </section>
  );
}
