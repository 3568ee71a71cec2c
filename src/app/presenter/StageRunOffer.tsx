/**
 * What the stage offers before any run (review14: Present on an example or an imported file was a
 * dead end, "Run a trace in Simulate mode", every control disabled): the project's traces, or,
 * when it has none, the traces of its tests (as Simulate's Setup offers them), each run with one
 * click or Enter and then presented. The first offer takes the focus.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useSimulation } from '../simulator/useSimulation.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { MAX_OFFERS, replayTestOffer, testTraceOffers } from '../simulator/testTraceOffers.ts';
import { Button } from '../components/ui/Button.tsx';

const NONE: readonly never[] = [];

export function StageRunOffer() {
  const store = useStudioStore();
  const traces = useStudio((s) => s.project.traces ?? NONE);
  const tests = useStudio((s) => s.project.tests);
  const running = useSimulation((s) => s.run?.status === 'running');
  const offers = useMemo(() => (traces.length === 0 ? testTraceOffers({ tests }) : []), [tests, traces.length]);
  const list = useRef<HTMLUListElement>(null);
  const any = traces.length > 0 || offers.length > 0;
  useEffect(() => {
    list.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [any]);
  if (running) return <p className="presenter-hint">Running the trace…</p>;
  if (!any) return <p className="presenter-hint">Run a trace in Simulate mode, then present it here.</p>;
  const runTrace = (id: string) => {
    const sim = simulationStore().getState();
    sim.setChoice({ traceIds: [id] });
    void sim.start(store.getState().project);
  };
  return (
    <div className="presenter-offer" role="group" aria-label={traces.length > 0 ? 'Run a trace to present' : 'Run a test’s trace to present'}>
      <p className="presenter-hint">No run yet. {traces.length > 0 ? 'Run one of this project’s traces:' : 'Run the trace of one of this project’s tests:'}</p>
      <ul ref={list}>
        {traces.length > 0
          ? traces.slice(0, MAX_OFFERS).map((t) => (
              <li key={t.id}>
                <Button icon="play" label={t.name} aria-label={`Run and present ${t.name}`} onClick={() => runTrace(t.id)} />
              </li>
            ))
          : offers.map((o) => (
              <li key={`${o.testFileId}\n${o.test}`}>
                <Button icon="play" label={o.test} aria-label={`Run and present the test “${o.test}”`} onClick={() => replayTestOffer(store, o)} />
              </li>
            ))}
      </ul>
    </div>
  );
}
