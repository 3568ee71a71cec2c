/**
 * Source and Problems, the first view under the graph in Design mode. Side by side by default,
 * so clicking a problem shows its range in the text while the list stays in view; with "Side by
 * side" off they are tabs, and activating a problem switches to the Source tab.
 */
import { useState } from 'react';
import { SourcePane } from '../editor/SourcePane.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { useProblems } from './useProblems.ts';
import { Toggle } from '../components/ui/Toggle.tsx';
import './panels.css';

export function SourceAndProblems() {
  const [split, setSplit] = useState(true);
  const [tab, setTab] = useState<'source' | 'problems'>('problems');
  return (
    <div className="bottom-panel">
      <div className="bottom-bar">
        {split ? null : (
          <div role="tablist" aria-label="Source or problems">
            <button type="button" role="tab" id="tab-problems" aria-controls="panel-problems" aria-selected={tab === 'problems'} onClick={() => setTab('problems')}>
              Problems
              <ProblemCounts />
            </button>
            <button type="button" role="tab" id="tab-source" aria-controls="panel-source" aria-selected={tab === 'source'} onClick={() => setTab('source')}>
              Source
            </button>
          </div>
        )}
        <Toggle className="split-toggle" pressed={split} onChange={setSplit} label="Side by side" />
      </div>
      <div className={split ? 'bottom-body split' : 'bottom-body'}>
        <SourcePane id="panel-source" hidden={!split && tab !== 'source'} />
        <ProblemsPanel id="panel-problems" hidden={!split && tab !== 'problems'} onReveal={split ? undefined : () => setTab('source')} />
      </div>
    </div>
  );
}

/** `1 error`, `2 errors`: a count and its noun (review17 s6: "1 errors"). */
const tally = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The badge of the Source and problems tab: errors and warnings, each with its mark (infos when there are some), as an editor's status bar shows them. */
export function ProblemCounts() {
  const c = useProblems().counts;
  return (
    <span className="tab-count problem-tally">
      <span className="visually-hidden">
        {tally(c.error, 'error')}, {tally(c.warning, 'warning')}, {tally(c.info, 'info')}
      </span>
      <span className={c.error > 0 ? 'c-error' : 'c-none'} aria-hidden="true">
        ⊘ {c.error}
      </span>
      <span className={c.warning > 0 ? 'c-warning' : 'c-none'} aria-hidden="true">
        ⚠ {c.warning}
      </span>
      {c.info > 0 ? (
        <span className="c-info" aria-hidden="true">
          ℹ {c.info}
        </span>
      ) : null}
    </span>
  );
}
