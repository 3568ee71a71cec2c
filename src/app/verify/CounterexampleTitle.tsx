/**
 * The title of a counterexample in the simulator (region "Counterexample"), as TLA+ Toolbox and
 * Alloy title their traces: the property the run breaks (code and one sentence) and the state it
 * ends in, each tool with why it is refused there. Shown only over the run "Show trace" started.
 */
import { useStore } from 'zustand';
import { CodeText } from '../components/ui/CodeText.tsx';
import { useSimulation } from '../simulator/useSimulation.ts';
import { counterexampleStore } from './counterexampleStore.ts';

export function CounterexampleTitle() {
  const shown = useStore(counterexampleStore, (s) => s.shown);
  const traceIds = useSimulation((s) => s.run?.traceIds);
  if (!shown || !traceIds?.includes(shown.traceId)) return null;
  const [code, ...rest] = shown.title.split(' ');
  return (
    <section className="sim-counterexample" role="region" aria-label="Counterexample">
      <h2>
        <span className="sim-counterexample-code">{code}</span> {rest.join(' ')}
      </h2>
      {shown.finalState.length > 0 ? (
        <>
          <p className="sim-muted">At the end of this trace:</p>
          <ul>
            {shown.finalState.map((r) => (
              <li key={r.subject}>
                <code>{r.subject}</code> <CodeText text={r.why} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="sim-muted">
          <CodeText text={shown.message} />
        </p>
      )}
    </section>
  );
}
