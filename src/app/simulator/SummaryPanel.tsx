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

function SummaryTables({ s }: { s: Summary }) {
  const kinds = Object.entries(s.byKind).filter(([, n]) => n > 0);
  return (
    <>
      <table>
        <caption>Decisions per kind ({s.decisions})</caption>
        <tbody>
          {kinds.map(([k, n]) => (
            <tr key={k}>
              <th scope="row" className={`sim-k-${k}`}>
                {k}
              </th>
              <td>{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Per tool</caption>
        <tbody>
          {s.byTool.slice(0, 200).map((t) => (
            <tr key={t.tool}>
              <th scope="row">{t.tool}</th>
              <td>{t.total}</td>
              <td>
                {Object.entries(t.byKind)
                  .map(([k, n]) => `${k} ${n}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Per rule</caption>
        <tbody>
          {s.toolRules.map((r) => (
            <tr key={`t${r.rule}`}>
              <th scope="row">
                rule {ruleNumber(r.rule)}: {r.tool} {ruleTypeLabel(r.type)}
              </th>
              <td>fired {r.fired}</td>
              <td>{r.failures} failures</td>
            </tr>
          ))}
          {s.lettaRules.map((r) => (
            <tr key={`l${r.rule}`}>
              <th scope="row">
                Letta rule {ruleNumber(r.rule)}: {r.tool} {ruleTypeLabel(r.type)}
              </th>
              <td>fired {r.fired}</td>
              <td>{r.failures} failures</td>
            </tr>
          ))}
          {s.workflowRules.map((r) => (
            <tr key={`w${r.node}${r.rule}`}>
              <th scope="row">
                {r.node} rule {ruleNumber(r.rule)}: {ruleTypeLabel(r.type)}
              </th>
              <td>fired {r.fired}</td>
              <td />
            </tr>
          ))}
        </tbody>
      </table>
      <NeverFired s={s} />
    </>
  );
}

function NeverFired({ s }: { s: Summary }) {
  const items = [
    ...s.neverFired.tool.map((r) => `rule ${ruleNumber(r.rule)}: ${r.tool} ${ruleTypeLabel(r.type)}`),
    ...s.neverFired.letta.map((r) => `Letta rule ${ruleNumber(r.rule)}: ${r.tool} ${ruleTypeLabel(r.type)}`),
    ...s.neverFired.workflow.map((r) => `${r.node} rule ${ruleNumber(r.rule)}: ${ruleTypeLabel(r.type)}`)];
  return (
    <div>
      <h4>Never fired ({items.length})</h4>
      {items.length === 0 ? (
        <p>Every rule fired at least once.</p>
      ) : (
        <ul>
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
