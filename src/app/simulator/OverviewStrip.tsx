/** The whole trace at a glance: bins of events with their violations and interrupts marked; a click jumps there. */
import { useMemo, type MouseEvent } from 'react';
import { overviewBins } from '../../core/simulator/overview.ts';
import { simulationStore, type RunInfo } from './simulationStore.ts';
import { firstDecisionOfEvent } from './overviewJump.ts';

const BINS = 120;

export function OverviewStrip({ run }: { run: RunInfo }) {
  const bins = useMemo(() => overviewBins(run.log.decisions, run.events, BINS), [run]);
  const violations = bins.reduce((n, b) => n + b.violations, 0);
  const interrupts = bins.reduce((n, b) => n + b.interrupts, 0);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const b = bins[Math.min(bins.length - 1, Math.max(0, Math.floor(((e.clientX - rect.left) / rect.width) * bins.length)))];
    if (!b) return;
    const target = b.firstViolationSeq ?? firstDecisionOfEvent(run.log.decisions, b.fromEvent);
    if (target !== undefined) simulationStore().getState().selectDecision(target);
  };
  return (
    <div className="sim-overview" role="img" aria-label={`Overview of the trace: ${violations} violations, ${interrupts} interrupts`} onClick={onClick}>
      {bins.map((b, i) => (
        <span
          key={i}
          className={b.interrupts > 0 ? 'sim-bin sim-bin-interrupt' : b.violations > 0 ? 'sim-bin sim-bin-violation' : 'sim-bin'}
          style={{ opacity: b.decisions === 0 ? 0.3 : 1 }}
          title={`events ${b.fromEvent}–${b.toEvent - 1}: ${b.violations} violations`}
        />
      ))}
    </div>
  );
}
