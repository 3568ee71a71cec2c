/** What-if: the decisions that changed since the previous run of the same trace, and why; each jumps to its decision. */
import type { DiffEntry } from '../../core/simulator/diff.ts';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { decisionLabel } from './decisionText.ts';
import { CodeText } from '../components/ui/CodeText.tsx';

const describe = (e: DiffEntry): string =>
  e.change === 'added' && e.after
    ? `added: ${decisionLabel(e.after)}`
    : e.change === 'removed' && e.before
      ? `removed: ${decisionLabel(e.before)}`
      : `${e.before ? decisionLabel(e.before) : ''} → ${e.after ? decisionLabel(e.after) : ''}`;

export function ChangesPanel() {
  const diff = useSimulation((s) => s.diff);
  const previous = useSimulation((s) => s.previous);
  if (!diff) return <p className="sim-muted">{previous ? 'Run the same trace again after an edit to see what changed.' : 'Edit the rules or settings and Run again to compare.'}</p>;
  const total = diff.added + diff.removed + diff.changed;
  // the worker found each entry's decision in the later run (its own, or the first at its event)
  const jump = (i: number) => {
    const target = diff.jumps?.[i] ?? diff.entries[i]?.after?.seq;
    if (target !== undefined) simulationStore().getState().selectDecision(target);
  };
  return (
    <div className="sim-changes">
      <h3 id="sim-changes-title">Changes ({total})</h3>
      <p>
        {diff.changed} changed, {diff.added} added, {diff.removed} removed, {diff.unchanged} unchanged
      </p>
      {total === 0 ? <p>The decisions are the same as in the previous run.</p> : null}
      <ul aria-labelledby="sim-changes-title">
        {diff.entries.map((e, i) => (
          <li key={i}>
            <button type="button" className="sim-link" onClick={() => jump(i)}>
              Event {e.event}: {describe(e)}
            </button>
            {e.why ? <span className="sim-why"> — <CodeText text={e.why} /></span> : null}
            {e.reason ? <span className="sim-why sim-profile-reason"> Why the profiles differ: {e.reason}</span> : null}
          </li>
        ))}
      </ul>
      {diff.truncated > 0 ? <p>…and {diff.truncated} more.</p> : null}
    </div>
  );
}
