/**
 * The "Minimise" action on the selected decision (Step panel): shrink the trace to the fewest,
 * simplest events that still give this decision. While it runs: a progress bar (candidates tested,
 * events left) and Cancel, which keeps the shortest trace found so far.
 */
import { useStore } from 'zustand';
import type { Decision } from '../../core/engine/decisions.ts';
import { Button } from '../components/ui/Button.tsx';
import { ProgressBar } from '../components/ui/ProgressBar.tsx';
import { useStudioStore } from '../state/context.tsx';
import { minimiseStore } from './minimiseStore.ts';
import { useSimulation } from './useSimulation.ts';

const fmt = (n: number) => n.toLocaleString('en-US');

export function MinimiseBar({ decision }: { decision: Decision | undefined }) {
  const studio = useStudioStore();
  const job = useStore(minimiseStore(), (s) => s.job);
  const done = useSimulation((s) => s.run?.status === 'done');
  const store = minimiseStore().getState();
  if (!decision && !job) return null;
  const usable = decision !== undefined && decision.kind !== 'error';
  const p = job?.progress;
  // Events left of the original: the bar fills as the trace shrinks.
  const shown = p && p.original > 1 ? Math.round(((p.original - p.events) / (p.original - 1)) * 100) : 0;
  // One Minimise button for the whole run (disabled while it works): a button mounted afresh under
  // the resting pointer would open its tooltip over the explanation when the run ends (review16).
  return (
    <div className="sim-minimise" role={job ? 'group' : undefined} aria-label={job ? 'Minimising' : undefined}>
      <Button
        icon="shrink"
        label="Minimise"
        disabled={!done || !usable || job !== undefined}
        title={usable || !decision ? 'Shrink the trace to the fewest, simplest events that still give this decision' : 'An unusable trace line is not a decision of the rules'}
        onClick={() => decision && void store.start(studio, decision.seq)}
      />
      {job ? (
        <>
          <ProgressBar label="Minimise progress" percent={shown} valueText={p ? `${fmt(p.events)} of ${fmt(p.original)} events left` : 'starting'} />
          <span className="sim-status" role="status">
            {job.cancelling ? 'Cancelling… keeping the shortest trace so far' : p ? `Minimising: ${fmt(p.events)} of ${fmt(p.original)} events left, ${fmt(p.tests)} candidates tested` : 'Minimising…'}
          </span>
          <Button label="Cancel" onClick={() => store.cancel()} disabled={job.cancelling} />
        </>
      ) : null}
    </div>
  );
}
