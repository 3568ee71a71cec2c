/**
 * The bottom panel: Source and Problems, and the Simulation. Source and Problems sit side by side
 * by default, so clicking a problem shows its range in the text while the list stays in view; with
 * "Side by side" off they are tabs, and activating a problem switches to the Source tab. The
 * Simulation tab replaces both; its panel stays mounted so a run goes on while hidden. The tab
 * choice lives in the UI store.
 */
import { useState } from 'react';
import { useUi } from '../state/uiContext.tsx';
import { SourcePane } from '../editor/SourcePane.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { useProblems } from './useProblems.ts';
import { SimulationPanel } from '../simulator/SimulationPanel.tsx';
import { TestsBadge } from '../tests/TestsBadge.tsx';
import { TestsView } from '../tests/TestsView.tsx';
import './panels.css';

export function BottomPanel() {
  const tab = useUi((s) => s.bottomTab);
  const setTab = useUi((s) => s.setBottomTab);
  const [split, setSplit] = useState(true);
  const { counts } = useProblems();
  const simulating = tab === 'simulation';
  const testing = tab === 'tests';

  return (
    <div className="bottom-panel">
      <div className="bottom-bar">
        <div role="tablist" aria-label="Bottom panel">
          {split ? (
            <button type="button" role="tab" id="tab-design" aria-controls="panel-design" aria-selected={!simulating} onClick={() => setTab('problems')}>
              Source and problems
              <ProblemCounts counts={counts} />
            </button>
          ) : (
            <>
              <button type="button" role="tab" id="tab-problems" aria-controls="panel-problems" aria-selected={tab === 'problems'} onClick={() => setTab('problems')}>
                Problems
                <ProblemCounts counts={counts} />
              </button>
              <button type="button" role="tab" id="tab-source" aria-controls="panel-source" aria-selected={tab === 'source'} onClick={() => setTab('source')}>
                Source
              </button>
            </>
          )}
          <button type="button" role="tab" id="tab-simulation" aria-controls="panel-simulation" aria-selected={simulating} onClick={() => setTab('simulation')}>
            Simulation
          </button>
          <button type="button" role="tab" id="tab-tests" aria-controls="panel-tests" aria-selected={testing} onClick={() => setTab('tests')}>
            Tests
            <TestsBadge />
          </button>
        </div>
        {!simulating && !testing && (
          <button type="button" className="split-toggle" aria-pressed={split} onClick={() => setSplit(!split)}>
            Side by side
          </button>
        )}
      </div>
      <div id="panel-design" hidden={simulating || testing} className={split ? 'bottom-body split' : 'bottom-body'}>
        <SourcePane id="panel-source" hidden={!split && tab !== 'source'} />
        <ProblemsPanel id="panel-problems" hidden={!split && tab !== 'problems'} onReveal={split ? undefined : () => setTab('source')} />
      </div>
      <SimulationPanel id="panel-simulation" hidden={!simulating} />
      {testing && <TestsView id="panel-tests" />}
    </div>
  );
}

function ProblemCounts({ counts }: { counts: { error: number; warning: number; info: number } }) {
  return (
    <span className="tab-count" aria-label={`${counts.error} errors, ${counts.warning} warnings, ${counts.info} infos`}>
      <span className="c-error">{counts.error}</span>/<span className="c-warning">{counts.warning}</span>/<span>{counts.info}</span>
    </span>
  );
}
