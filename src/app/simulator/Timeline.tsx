/**
 * The timeline (region `Timeline`): filters by kind and tool, Next violation, the overview strip,
 * and a virtualised list of decisions (fixed row height; only the visible rows are rendered, their
 * decisions read from the worker in windows; arrow keys, Page Up/Down, Home and End move the
 * selection; ← / → step through the run).
 */
import { useClientHeight } from './useClientHeight.ts';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { DecisionKind } from '../../core/engine/decisions.ts';
import { DECISION_KINDS } from '../../core/simulator/summary.ts';
import { VIOLATION_KINDS } from '../../core/simulator/violations.ts';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { TimelineRows } from './timelineFilter.ts';
import { rowForKey, scrollToRow, visibleRange } from './virtualWindow.ts';
import { kindClass } from './decisionText.ts';
import { DecisionRowContent } from './DecisionRow.tsx';
import { OverviewStrip } from './OverviewStrip.tsx';
import { decisionNumber } from './stepNumbering.ts';
import { DedupeBar } from './DedupeBar.tsx';
import { Select } from '../components/ui/Select.tsx';
import { Button } from '../components/ui/Button.tsx';

export const ROW_HEIGHT = 22;
const VIOLATIONS = 'violations';

export function Timeline() {
  const run = useSimulation((s) => s.run);
  const version = useSimulation((s) => s.version);
  const filter = useSimulation((s) => s.filter);
  const selected = useSimulation((s) => s.selected);
  const sim = simulationStore().getState();
  const listRef = useRef<HTMLDivElement>(null);
  const viewport = useClientHeight(listRef);
  const [scrollTop, setScrollTop] = useState(0);

  const overview = useSimulation((s) => s.overview);
  const runId = run?.id;
  const log = run?.log;
  // made once per run and filter (the store's state object changes with every update; the store does not)
  const rows = useMemo(() => {
    if (!log || runId === undefined) return undefined;
    const store = simulationStore();
    return new TimelineRows(log, filter, (f, from) => store.getState().filterRows(runId, f, from), () => store.getState().refresh());
  }, [log, runId, filter]);
  const count = rows?.count() ?? 0;
  const selectedRow = rows && selected !== undefined ? rows.rowOf(selected) : -1;
  const finished = run !== undefined && run.status !== 'running';
  const tools = overview?.tools ?? [];


  useEffect(() => {
    const el = listRef.current;
    if (!el || selectedRow < 0) return;
    const top = scrollToRow(selectedRow, el.scrollTop, el.clientHeight, ROW_HEIGHT);
    if (top !== el.scrollTop) el.scrollTop = top;
  }, [selectedRow]);

  const { start, end, offset } = visibleRange(scrollTop, viewport, ROW_HEIGHT, count);
  const shown: number[] = [];
  for (let r = start; r < end; r++) {
    const i = rows?.decisionAt(r);
    if (i !== undefined) shown.push(i);
  }
  if (shown.length > 0) run?.log.want(shown[0] as number, (shown[shown.length - 1] as number) + 1);

  const onKey = (e: KeyboardEvent) => {
    // ← / → step, as everywhere in Simulate (the list's own keys are ↑ / ↓, Page Up/Down, Home, End)
    if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      sim.stepBy(e.key === 'ArrowRight' ? 1 : -1);
      return;
    }
    const next = rowForKey(e.key, selectedRow, count, Math.floor(viewport / ROW_HEIGHT) - 1);
    if (next === undefined) return;
    e.preventDefault();
    const i = rows?.decisionAt(next);
    if (i !== undefined) sim.selectDecision(i);
  };

  const kindValue = filter.kinds.length === 0 ? '' : filter.kinds.length === 1 ? (filter.kinds[0] as string) : VIOLATIONS;
  const setKinds = (v: string) => sim.setFilter({ ...filter, kinds: v === '' ? [] : v === VIOLATIONS ? [...VIOLATION_KINDS] : [v as DecisionKind] });

  return (
    <section className="sim-timeline" aria-label="Timeline" data-version={version}>
      <div className="sim-toolbar">
        <label>
          Kind{' '}
          <Select size="sm" value={kindValue} onChange={setKinds} options={[{ value: '', label: 'all' }, { value: VIOLATIONS, label: 'violations' }, ...DECISION_KINDS.map((k) => ({ value: k, label: k }))]} />
        </label>
        <label>
          Tool{' '}
          <Select size="sm" value={filter.tool} onChange={(v) => sim.setFilter({ ...filter, tool: v })} options={[{ value: '', label: 'all' }, ...tools.map((t) => ({ value: t, label: t }))]} />
        </label>
        <Button size="sm" label="Next violation" onClick={() => sim.nextViolation()} disabled={!finished} />
        <span className="sim-count">
          {count.toLocaleString('en-US')} shown{rows?.pending ? '…' : ''}
        </span>
      </div>
      {run && finished && overview ? <OverviewStrip overview={overview} /> : null}
      <DedupeBar />
      <div
        ref={listRef}
        className="sim-list"
        role="listbox"
        aria-label="Decisions"
        tabIndex={0}
        aria-activedescendant={selected !== undefined && selectedRow >= start && selectedRow < end ? `sim-row-${selected}` : undefined}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKey}
        // the step column as wide as `<items>.<n>` needs
        style={{ '--seq-chars': String((run?.items ?? 0).toString().length + 3) } as CSSProperties}
      >
        <div style={{ height: count * ROW_HEIGHT, position: 'relative' }}>
          <div style={{ transform: `translateY(${offset}px)` }}>
            {shown.map((i) => {
              const d = run?.log.at(i);
              if (!d)
                return (
                  // its window is on its way from the worker
                  <div key={i} id={`sim-row-${i}`} role="option" aria-selected={i === selected} aria-busy="true" className="sim-row" style={{ height: ROW_HEIGHT }} onClick={() => sim.selectDecision(i)}>
                    <span className="sim-icon" aria-hidden="true" />
                    <span className="sim-seq">{run ? decisionNumber(run.log, i) : ''}</span>
                    <span className="sim-label sim-muted">…</span>
                  </div>
                );
              return (
                <div
                  key={i}
                  id={`sim-row-${i}`}
                  role="option"
                  aria-selected={i === selected}
                  className={`sim-row ${kindClass(d)}`}
                  style={{ height: ROW_HEIGHT }}
                  onClick={() => sim.selectDecision(i)}
                >
                  <DecisionRowContent decision={d} seq={run ? decisionNumber(run.log, i) : ''} dedupeWindowMs={run?.settings.dedupeWindowMs} call={run?.log.callAt(i)} />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
