/** Summary and coverage: counts per kind, tool and rule; rules that never fired (this run, or across all traces); exports. */
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { ruleTypeLabel } from '../../core/describe/ruleNames.ts';
import { summaryMarkdown } from '../../core/simulator/summaryMarkdown.ts';
import type { Summary } from '../../core/simulator/summary.ts';
import { useStudio } from '../state/context.tsx';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { decisionsFileName, downloadText, summaryFileName } from './downloads.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { NodeName } from '../graph/NodeName.tsx';

export function SummaryPanel() {
  const project = useStudio((s) => s.project);
  const summary = useSimulation((s) => s.summary);
  const coverage = useSimulation((s) => s.coverage);
  const run = useSimulation((s) => s.run);
  const sim = simulationStore().getState();
  const names = run?.traceNames ?? [];
  const exportJsonl = async () => {
    const text = await sim.jsonl();
    if (text !== undefined) downloadText(decisionsFileName(names), text, 'application/jsonl');
  };
  return (
    <div className="sim-summary-panel">
      <div className="sim-toolbar">
        <Button size="sm" icon="export" label="Export decisions (JSONL)" disabled={!summary} onClick={() => void exportJsonl()} />
        <Button size="sm" icon="export" label="Export summary (Markdown)" disabled={!summary} onClick={() => summary && downloadText(summaryFileName(names), summaryMarkdown(summary, `Simulation of ${names.join(' + ')}`), 'text/markdown')} />
        <Button size="sm" label="Coverage across all traces" onClick={() => void sim.computeCoverage(project)} />
      </div>
      {summary ? <SummaryTables s={summary} /> : <p className="sim-muted">Run a trace to see its summary.</p>}
      {coverage ? (
        <div aria-label="Coverage across all traces" role="group">
          <h4>Across all {coverage.summary?.traces ?? 0} traces</h4>
          {coverage.status === 'invalid' ? <p className="sim-error"><CodeText text={coverage.message ?? ''} /></p> : null}
          {coverage.summary ? <NeverFired s={coverage.summary} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** A tool's decisions by kind, in words: `allowed 1 · blocked 2`. */
const byKindText = (byKind: Readonly<Record<string, number>>) =>
  Object.entries(byKind)
    .map(([k, n]) => `${k.replace('_', ' ')} ${n}`)
    .join(' · ');

/** How often a rule fired, and (a tool rule) how often its check failed, under it when it did. */
function RuleCells({ fired, failures }: { fired: number; failures?: number }) {
  return (
    <td className="num">
      {fired === 0 ? <span className="sim-muted">never fired</span> : `fired ${fired.toLocaleString('en')}`}
      {failures !== undefined && failures > 0 ? <span className="sim-at-limit sim-sum-failed">{failures.toLocaleString('en')} failed</span> : null}
    </td>
  );
}

function SummaryTables({ s }: { s: Summary }) {
  const kinds = Object.entries(s.byKind).filter(([, n]) => n > 0);
  const rules = s.toolRules.length + s.lettaRules.length + s.workflowRules.length;
  return (
    <>
      <section aria-labelledby="sim-sum-kinds">
        <h4 id="sim-sum-kinds">
          Decisions <span className="sim-sum-count">{s.decisions.toLocaleString('en')}</span>
        </h4>
        <ul className="sim-sum-kinds">
          {kinds.map(([k, n]) => (
            <li key={k} className={`sim-sum-kind sim-k-${k}`}>
              {k.replace('_', ' ')} <strong>{n.toLocaleString('en')}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sim-sum-tools">
        <h4 id="sim-sum-tools">
          Per tool <span className="sim-sum-count">{s.byTool.length.toLocaleString('en')}</span>
        </h4>
        <table className="sim-sum-table" aria-labelledby="sim-sum-tools">
          <thead className="visually-hidden">
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Decisions</th>
              <th scope="col">By kind</th>
            </tr>
          </thead>
          <tbody>
            {s.byTool.slice(0, 200).map((t) => (
              <tr key={t.tool}>
                <th scope="row" className="sim-sum-name sim-sum-tool">
                  <NodeName name={t.tool} />
                </th>
                <td className="num">{t.total.toLocaleString('en')}</td>
                <td className="sim-muted">{byKindText(t.byKind)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {rules > 0 ? (
        <section aria-labelledby="sim-sum-rules">
          <h4 id="sim-sum-rules">
            Per rule <span className="sim-sum-count">{rules.toLocaleString('en')}</span>
          </h4>
          <table className="sim-sum-table" aria-labelledby="sim-sum-rules">
            <thead className="visually-hidden">
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Fired (and failed)</th>
              </tr>
            </thead>
            <tbody>
              {s.toolRules.map((r) => (
                <tr key={`t${r.rule}`}>
                  <th scope="row" className="sim-sum-name">
                    <span className="sim-sum-rule-no">{ruleNumber(r.rule)}</span> {ruleTypeLabel(r.type)} on <code className="code-inline"><NodeName name={r.tool} /></code>
                  </th>
                  <RuleCells fired={r.fired} failures={r.failures} />
                </tr>
              ))}
              {s.lettaRules.map((r) => (
                <tr key={`l${r.rule}`}>
                  <th scope="row" className="sim-sum-name">
                    <span className="sim-sum-rule-no">Letta {ruleNumber(r.rule)}</span> {ruleTypeLabel(r.type)} on <code className="code-inline"><NodeName name={r.tool} /></code>
                  </th>
                  <RuleCells fired={r.fired} failures={r.failures} />
                </tr>
              ))}
              {s.workflowRules.map((r) => (
                <tr key={`w${r.node}${r.rule}`}>
                  <th scope="row" className="sim-sum-name">
                    <span className="sim-sum-rule-no">{ruleNumber(r.rule)}</span> {ruleTypeLabel(r.type)} in <code className="code-inline"><NodeName name={r.node} /></code>
                  </th>
                  <RuleCells fired={r.fired} />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <NeverFired s={s} />
    </>
  );
}

function NeverFired({ s }: { s: Summary }) {
  const items = [
    ...s.neverFired.tool.map((r) => `${ruleNumber(r.rule)} ${ruleTypeLabel(r.type)} on \`${r.tool}\``),
    ...s.neverFired.letta.map((r) => `Letta ${ruleNumber(r.rule)} ${ruleTypeLabel(r.type)} on \`${r.tool}\``),
    ...s.neverFired.workflow.map((r) => `${ruleNumber(r.rule)} ${ruleTypeLabel(r.type)} in \`${r.node}\``),
  ];
  return (
    <section>
      <h4>
        Never fired <span className="sim-sum-count">{items.length}</span>
      </h4>
      {items.length === 0 ? (
        <p className="sim-muted">Every rule fired at least once.</p>
      ) : (
        <ul className="sim-sum-never">
          {items.map((t) => (
            <li key={t}>
              <CodeText text={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
