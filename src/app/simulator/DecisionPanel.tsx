/** The selected decision explained (region `Decision`): which rule, which state; interrupts show their exact prompt text. */
import { SessionDiffersNote } from './SessionDiffersNote.tsx';
import { serializeDecision } from '../../core/engine/decisions.ts';
import { useSimulation } from './useSimulation.ts';
import { decisionOf } from './simulationStore.ts';
import { MinimiseBar } from './MinimiseBar.tsx';
import { decisionNumber } from './stepNumbering.ts';
import { CodeText } from '../components/ui/CodeText.tsx';
import type { Explanation } from '../../core/simulator/explainTypes.ts';
import type { RunInfo } from './simulationStore.ts';
import type { Inspection } from '../../worker/protocol.ts';
import { RuleSourceLink } from './RuleSourceLink.tsx';
import { eventSlide } from '../presenter/stageStep.ts';
import { useStudio } from '../state/context.tsx';

export function DecisionPanel() {
  const run = useSimulation((s) => s.run);
  const selected = useSimulation((s) => s.selected);
  const inspection = useSimulation((s) => s.inspection);
  // the decision's window may still be on its way: the step state the worker sent holds it too
  useSimulation((s) => s.version);
  const decision = decisionOf(run, selected, inspection);
  const explanation = inspection?.seq === selected ? inspection?.explanation : undefined;
  const number = run && decision ? `Step ${decisionNumber(run.log, decision.seq)}` : '';
  // what the transcript recorded of the call, read by the worker with the explanation
  const differs = decision && inspection?.seq === decision.seq ? inspection.recorded?.differs : undefined;
  const quiet = useQuietStep(run, decision === undefined, inspection);
  return (
    <section className="sim-decision" aria-label="Decision">
      {quiet ? (
        <>
          <p className="sim-stepref">Step {quiet.step + 1}</p>
          <p className="sim-quiet-step">
            <CodeText text={`${quiet.text}.`} />
          </p>
          <p className="sim-muted">This step decided nothing; the State below is the state after it.</p>
        </>
      ) : null}
      {!decision && !quiet ? <p className="sim-muted">Select a decision in the timeline, or step to one.</p> : null}
      {decision ? <p className="sim-stepref">{number}</p> : null}
      <MinimiseBar decision={decision} />
      <SessionDiffersNote text={differs} className="sim-differs" />
      {decision && run ? <TestExpectsNote run={run} step={run.log.stepOf(decision.seq) + 1} /> : quiet && run ? <TestExpectsNote run={run} step={quiet.step + 1} /> : null}
      {decision && !explanation ? <p className="sim-muted">Explaining {number.toLowerCase()}…</p> : null}
      {decision && explanation ? (
        <>
          <ExplanationBody kind={decision.kind} explanation={explanation} run={run} />
          <details>
            <summary>Decision record</summary>
            <pre>{serializeDecision(decision)}</pre>
          </details>
        </>
      ) : null}
    </section>
  );
}

/**
 * The step stepped to, when it decided nothing (a command counted, a commit, tokens, a claim that
 * moved nothing): what its event did, as the presenter's slide says it, so stepping never shows
 * an empty pane.
 */
function useQuietStep(run: RunInfo | undefined, noDecision: boolean, inspection: Inspection | undefined): { step: number; text: string } | undefined {
  const step = useSimulation((s) => s.step);
  const doc = useStudio((s) => (run?.workflowDocId === undefined ? undefined : s.project.docs.find((d) => d.id === run.workflowDocId)));
  const state = noDecision && step >= 0 && inspection?.state.step === step ? inspection.state : undefined;
  if (!state?.event) return undefined;
  const workflow = state.snapshot.workflow;
  const nodeRules = doc?.kind === 'workflow' && workflow?.node ? doc.workflow.nodes.find((n) => n.name === workflow.node)?.rules : undefined;
  return { step, text: eventSlide(state.event, { workflow, tools: state.snapshot.tools, nodeRules }) };
}

/**
 * An explanation: its title (coloured by the decision kind), summary, where its rule is written (a
 * link that selects it, given the run), details, the prompt the agent sees and, for a refused
 * call, the engine's own message behind a disclosure.
 */
/**
 * A decision's explanation: its title, summary, the rule's place, the details, what the agent sees
 * and the engine's message. On stage (`stage`) the verdict line above already says the title, so
 * it is left out, and what the agent sees (the lesson's payoff) comes before the details, which are
 * folded: a slide fits a projector without scrolling.
 */
export function ExplanationBody({ kind, explanation, run, stage = false }: { kind: string; explanation: Explanation; run?: Pick<RunInfo, 'agentDocId' | 'workflowDocId'> | undefined; stage?: boolean }) {
  const details =
    explanation.details.length > 0 ? (
      <ul>
        {explanation.details.map((d, i) => (
          <li key={i}>
            <CodeText text={d} />
          </li>
        ))}
      </ul>
    ) : null;
  const prompt =
    explanation.prompt !== undefined ? (
      <>
        <h4>What the agent sees</h4>
        {/* on stage a long prompt scrolls in its box: reachable by keyboard too */}
        <pre className="sim-prompt" {...(stage ? { tabIndex: 0, 'aria-label': 'What the agent sees' } : {})}>
          {explanation.prompt}
        </pre>
      </>
    ) : null;
  return (
    <>
      {stage ? null : <h3 className={`sim-k-${kind}`}><CodeText text={explanation.title} /></h3>}
      <p className="sim-summary"><CodeText text={explanation.summary} /></p>
      {explanation.ruleAt && explanation.ruleRef ? <RuleSourceLink at={explanation.ruleAt} ruleRef={explanation.ruleRef} run={run} /> : null}
      {stage ? (
        <>
          {prompt}
          {details ? (
            <details className="stage-details">
              <summary>Details</summary>
              {details}
            </details>
          ) : null}
        </>
      ) : (
        <>
          {details}
          {prompt}
        </>
      )}
      {explanation.engine ? (
        <details className="sim-engine">
          <summary>Engine message</summary>
          <p>
            <code>{explanation.engine.code}</code> {explanation.engine.message}
          </p>
        </details>
      ) : null}
    </>
  );
}

/** Opened from a failing test: what the test expected at this step and what the run gave. */
function TestExpectsNote({ run, step }: { run: RunInfo; step: number }) {
  const failures = run.testExpects?.failures.filter((f) => f.step === step) ?? [];
  if (failures.length === 0) return null;
  return (
    <div className="sim-test-expects" role="note" aria-label="What the test expects">
      <p>
        <span aria-hidden="true">✗ </span>
        The test “{run.testExpects?.test}” fails here:
      </p>
      <ul>
        {failures.map((f, i) => (
          <li key={i}>
            expected <CodeText text={f.expected.replace(/^step [\d.]+: /, '')} />; got <CodeText text={f.seen} />
          </li>
        ))}
      </ul>
    </div>
  );
}
