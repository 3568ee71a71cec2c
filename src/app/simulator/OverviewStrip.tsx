/** The whole trace at a glance: bins of events with their violations and interrupts marked; a click jumps there. */
import type { MouseEvent } from 'react';
import type { RunOverview } from '../../worker/protocol.ts';
import { simulationStore } from './simulationStore.ts';

/** The strip of a finished run's overview (its bins are counted in the worker, see `simulationStore`'s `overview`). */
export function OverviewStrip({ overview }: { overview: RunOverview }) {
  const { bins } = overview;
  const violations = bins.reduce((n, b) => n + b.violations, 0);
  const interrupts = bins.reduce((n, b) => n + b.interrupts, 0);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const b = bins[Math.min(bins.length - 1, Math.max(0, Math.floor(((e.clientX - rect.left) / rect.width) * bins.length)))];
    if (!b) return;
    const target = b.firstViolationSeq ?? b.firstSeq;
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
