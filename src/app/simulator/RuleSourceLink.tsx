/**
 * "Written at etl.toml:41:1": where the deciding rule of an explanation is written, as a link that
 * selects the rule (on the graph and in the inspector) and reveals its line in the Source pane.
 */
import type { RuleRef } from '../../core/simulator/explainTypes.ts';
import { sourceAtText, type SourceAt } from '../../core/simulator/ruleLocation.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { useStudioStore } from '../state/context.tsx';
import type { RunInfo } from './simulationStore.ts';

export function RuleSourceLink({ at, ruleRef, run }: { at: SourceAt; ruleRef: RuleRef; run: Pick<RunInfo, 'agentDocId' | 'workflowDocId'> | undefined }) {
  const store = useStudioStore();
  const docId = ruleRef.kind === 'workflow' ? run?.workflowDocId : run?.agentDocId;
  const where = sourceAtText(at);
  const go = () => {
    const s = store.getState();
    if (docId === undefined || !s.project.docs.some((d) => d.id === docId)) return;
    if (s.project.activeDocId !== docId) s.setActiveDoc(docId);
    s.select(ruleRef.kind === 'workflow' ? { kind: 'phaseRule', node: ruleRef.node, index: ruleRef.index } : { kind: 'rule', index: ruleRef.index });
    const pos = { line: at.line, column: at.column };
    s.revealRange(docId, { start: pos, end: pos });
  };
  const rule = `rule ${ruleNumber(ruleRef.index)}${ruleRef.kind === 'workflow' ? ` of node ${ruleRef.node}` : ''}`;
  return (
    <p className="sim-rule-at">
      <span className="sim-muted">Written at </span>
      {docId !== undefined ? (
        <button type="button" className="btn btn-link sim-source-link" onClick={go} aria-label={`${where}: select ${rule} and show it in the source`} title={`Select ${rule} and show it in the source`}>
          {where}
        </button>
      ) : (
        <code>{where}</code>
      )}
    </p>
  );
}
