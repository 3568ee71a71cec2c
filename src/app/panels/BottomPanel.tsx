/**
 * The bottom panel: Source and Problems. Side by side by default, so clicking a problem shows its
 * range in the text while the list stays in view; with "Side by side" off they are tabs, and
 * activating a problem switches to the Source tab. The tab choice lives in the UI store.
 */
import { useState } from 'react';
import { useUi } from '../state/uiContext.tsx';
import { SourcePane } from '../editor/SourcePane.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { useProblems } from './useProblems.ts';
import './panels.css';

export function BottomPanel() {
  const tab = useUi((s) => s.bottomTab);
  const setTab = useUi((s) => s.setBottomTab);
  const [split, setSplit] = useState(true);
  const { counts } = useProblems();

  return (
    <div className="bottom-panel">
      <div className="bottom-bar">
        {!split && (
          <div role="tablist" aria-label="Bottom panel">
            <button type="button" role="tab" id="tab-problems" aria-controls="panel-problems" aria-selected={tab === 'problems'} onClick={() => setTab('problems')}>
              Problems
              <span className="tab-count" aria-label={`${counts.error} errors, ${counts.warning} warnings, ${counts.info} infos`}>
                <span className="c-error">{counts.error}</span>/<span className="c-warning">{counts.warning}</span>/<span>{counts.info}</span>
              </span>
            </button>
            <button type="button" role="tab" id="tab-source" aria-controls="panel-source" aria-selected={tab === 'source'} onClick={() => setTab('source')}>
              Source
            </button>
          </div>
        )}
        <button type="button" className="split-toggle" aria-pressed={split} onClick={() => setSplit(!split)}>
          Side by side
        </button>
      </div>
      <div className={split ? 'bottom-body split' : 'bottom-body'}>
        <SourcePane id="panel-source" hidden={!split && tab !== 'source'} />
        <ProblemsPanel id="panel-problems" hidden={!split && tab !== 'problems'} onReveal={split ? undefined : () => setTab('source')} />
      </div>
    </div>
  );
}
