/**
 * The Simulation panel: traces and settings, Run/Cancel with progress, the timeline, step-through,
 * the state and decision panels, what-if changes, summary and coverage, and teaching mode.
 * Self-contained: its store is a module singleton (no provider needed); it reads the project
 * from the studio store.
 */
import { useState } from 'react';
import { useSimulation } from './useSimulation.ts';
import { RunBar } from './RunBar.tsx';
import { TracesPanel } from './TracesPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { Timeline } from './Timeline.tsx';
import { StepControls } from './StepControls.tsx';
import { StatePanel } from './StatePanel.tsx';
import { DecisionPanel } from './DecisionPanel.tsx';
import { ChangesPanel } from './ChangesPanel.tsx';
import { SummaryPanel } from './SummaryPanel.tsx';
import { TeachingBar } from './TeachingBar.tsx';
import { useTeachingHash } from './useTeachingHash.ts';
import './simulator.css';

type SideTab = 'changes' | 'summary';

export function SimulationPanel({ id, hidden }: { id?: string; hidden?: boolean }) {
  const presenter = useSimulation((s) => s.presenter);
  const diffCount = useSimulation((s) => (s.diff ? s.diff.added + s.diff.removed + s.diff.changed : undefined));
  const [tab, setTab] = useState<SideTab>('changes');
  useTeachingHash();
  return (
    <div id={id} hidden={hidden} className={presenter ? 'sim-panel sim-presenter' : 'sim-panel'} aria-label="Simulation" role="region">
      <div className="sim-top">
        <RunBar />
        <TeachingBar />
      </div>
      <div className="sim-body">
        <div className="sim-col sim-setup">
          <TracesPanel />
          <SettingsPanel />
        </div>
        <Timeline />
        <div className="sim-col sim-explain">
          <DecisionPanel />
          <StatePanel />
        </div>
        <div className="sim-col sim-side">
          <div role="tablist" aria-label="Results">
            <button type="button" role="tab" aria-selected={tab === 'changes'} onClick={() => setTab('changes')}>
              Changes{diffCount !== undefined ? ` (${diffCount})` : ''}
            </button>
            <button type="button" role="tab" aria-selected={tab === 'summary'} onClick={() => setTab('summary')}>
              Summary
            </button>
          </div>
          <div role="tabpanel">{tab === 'changes' ? <ChangesPanel /> : <SummaryPanel />}</div>
        </div>
      </div>
      <StepControls />
    </div>
  );
}
