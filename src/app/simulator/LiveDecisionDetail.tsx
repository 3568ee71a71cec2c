/**
 * The live view's detail of the decision shown (review16: a row of the live view led nowhere): what
 * the engine said of it, its rule as a link that selects the rule on the graph and in the Inspector,
 * and how to step through it with the full explanation (Save as test, then open the test).
 */
import type { Decision } from '../../core/engine/decisions.ts';
import { ruleMeaning } from '../../core/describe/meaning.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import { useStudioStore } from '../state/context.tsx';
import type { RuleDoc } from '../state/documents.ts';
import { decisionLabel } from './decisionText.ts';

export function LiveDecisionDetail({ decision, agentDoc }: { decision: Decision | undefined; agentDoc: RuleDoc | undefined }) {
  const store = useStudioStore();
  if (!decision) return null;
  const message = 'message' in decision ? decision.message : undefined;
  const index = 'rule' in decision && typeof decision.rule === 'number' && decision.rule >= 0 && decision.kind !== 'interrupt' ? decision.rule : undefined;
  const rule = index !== undefined && agentDoc?.kind === 'agent' ? agentDoc.agent.rules[index] : undefined;
  const select = () => {
    if (!agentDoc || index === undefined) return;
    const s = store.getState();
    if (s.project.activeDocId !== agentDoc.id) s.setActiveDoc(agentDoc.id);
    s.select({ kind: 'rule', index });
  };
  const refused = decision.kind !== 'allowed' && decision.kind !== 'auto' && decision.kind !== 'transition' && decision.kind !== 'exit';
  return (
    <section className="live-detail" aria-label="Decision shown" aria-live="polite">
      <p className="live-detail-head">
        <CodeText text={decisionLabel(decision)} />
      </p>
      {message ? (
        <p className="live-detail-message">
          <CodeText text={message} />
        </p>
      ) : null}
      {rule && index !== undefined ? (
        <p className="live-detail-rule">
          <button type="button" className="btn btn-link" onClick={select} title="Select the rule on the graph and in the Inspector">
            Rule {ruleNumber(index)}
          </button>{' '}
          <span className="sim-muted">
            <CodeText text={ruleMeaning(rule)} />
          </span>
        </p>
      ) : null}
      {refused ? <p className="sim-muted live-detail-next">To step through it with the engine’s whole explanation, Save as test (it keeps the fewest events that still give this decision) and open the test from the Tests view.</p> : null}
    </section>
  );
}
