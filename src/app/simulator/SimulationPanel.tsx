/**
 * The simulator of Simulate mode (region `Simulation`), at full height beside the graph: the run
 * bar on top, the timeline (with step-through under it) on the left, and the `simulate-side` views
 * of the workspace registry on the right (the step's decision and state, traces and settings,
 * changes, summary…). Its store is a module singleton, so a run goes on while Design mode is shown.
 */
import { RunBar } from './RunBar.tsx';
import { Timeline } from './Timeline.tsx';
import { StepControls } from './StepControls.tsx';
import { TeachingBar } from './TeachingBar.tsx';
import { useSimulation } from './useSimulation.ts';
import { useEffect, useMemo, type CSSProperties } from 'react';
import { timelineWidth } from './timelineWidth.ts';
import { ViewTabs } from '../workspace/ViewTabs.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { useStore } from 'zustand';
import { liveStore } from './liveStore.ts';
import { LiveView } from './LiveView.tsx';
import { PolicyElsewhere } from './PolicyElsewhere.tsx';
import { decidedInPolicyView } from './runRequest.ts';
import { useStudio } from '../state/context.tsx';
import { CounterexampleTitle } from '../verify/CounterexampleTitle.tsx';
import './simulator.css';
import './live.css';

export function SimulationPanel({ id }: { id?: string }) {
  const hasRun = useSimulation((s) => s.run !== undefined);
  const runId = useSimulation((s) => s.run?.id);
  const ui = useUiStore();
  // a Codex / Gemini CLI session is decided in the Policy view, not here
  const live = useStore(liveStore, (s) => s.active && !s.lines);
  const choice = useSimulation((s) => s.choice);
  const elsewhere = useStudio((s) => (hasRun ? undefined : decidedInPolicyView(s.project, choice)));
  // the timeline as wide as its longest tool name needs (see timelineWidth.ts)
  const tools = useSimulation((s) => s.overview?.tools);
  const items = useSimulation((s) => s.run?.items ?? 0);
  const bodyStyle = useMemo(() => ({ '--timeline-width': `${timelineWidth(tools ?? [], items.toString().length + 3)}px` }) as CSSProperties, [tools, items]);
  // A new run shows its first results: the Step view, whichever view was open.
  useEffect(() => {
    if (runId !== undefined) ui.getState().setTab('simulate-side', 'step');
  }, [runId, ui]);
  // A trace Run refused opens where it is fixed: the Setup view, its editor, the cursor on its first problem.
  const revealNonce = useSimulation((s) => s.traceReveal?.nonce);
  useEffect(() => {
    if (revealNonce !== undefined) ui.getState().setTab('simulate-side', 'setup');
  }, [revealNonce, ui]);
  return (
    <div id={id} className="sim-panel" aria-label="Simulation" role="region">
      <div className="sim-top">
        <RunBar />
        {/* the run's Save as test, teaching link and presenter are about a run, not the live session */}
        {live ? null : <TeachingBar />}
      </div>
      {live ? null : <CounterexampleTitle />}
      <div className={live || elsewhere ? 'sim-body sim-body-live' : 'sim-body'} style={bodyStyle}>
        <div className="sim-main">
          {live ? (
            <LiveView />
          ) : elsewhere ? (
            <PolicyElsewhere dialect={elsewhere} />
          ) : (
            <>
              <Timeline />
              <StepControls />
            </>
          )}
        </div>
        {live || elsewhere ? null : (
          <div className="sim-side">
            <ViewTabs region="simulate-side" label="Simulation views" fallback={hasRun ? 'step' : 'setup'} />
          </div>
        )}
      </div>
    </div>
  );
}
