/**
 * A phase on the workflow graph: name, summary, prompt preview and rules with their parameters.
 * On stage (the presenter) the summary and the prompt are left out: the graph is then small
 * enough to be drawn at a size a room can read (review13: hegel's phases at 11–12 px), and the
 * slide says what each step did.
 */
import { memo, useContext } from 'react';
import { StageContext } from './stage.ts';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { NodeName } from './NodeName.tsx';
import type { PhaseFlowNode } from './flowElements.ts';
import { CodeText } from '../components/ui/CodeText.tsx';

const count = (n: number, what: string) => (n === 0 ? [] : [`${n} ${what}${n === 1 ? '' : 's'}`]);

/** "1 rule ignored", "2 rules and 1 transition ignored". */
function ignoredText(ignored: { rules: number; transitions: number }): string {
  return `${[...count(ignored.rules, 'rule'), ...count(ignored.transitions, 'transition')].join(' and ')} ignored`;
}

function PhaseNodeView({ data }: NodeProps<PhaseFlowNode>) {
  const onStage = useContext(StageContext).on;
  const title = [data.reason, data.stuckReason, ...(data.reason || data.stuckReason ? [] : data.problems)].filter(Boolean).join('\n') || undefined;
  return (
    <div className="rs-phase" title={title}>
      <Handle type="target" position={Position.Top} className="rs-handle" />
      <div className="rs-phase-name">
        {data.start ? <span className="rs-marker rs-marker-start">start</span> : null}
        {data.kind === 'done' ? <span className="rs-marker rs-marker-done">end</span> : null}
        {data.kind === 'missing' ? <span className="rs-marker rs-marker-missing">missing</span> : null}
        {data.stuck ? <span className="rs-marker rs-marker-stuck">stuck</span> : null}
        <NodeName name={data.label} />
      </div>
      {data.summary && !onStage ? <div className="rs-phase-summary"><CodeText text={data.summary} /></div> : null}
      {data.prompt && !onStage ? <div className="rs-phase-prompt">{data.prompt}</div> : null}
      {data.rules.length > 0 ? (
        <ul className="rs-phase-rules" aria-label="Rules">
          {data.rules.map((r) => (
            <li key={r.index} className={data.stepRule === r.index ? 'rs-rule-step' : undefined} data-rule={r.index}>
              <CodeText text={r.text} />
            </li>
          ))}
        </ul>
      ) : null}
      {data.ignored ? <div className="rs-tool-ignored">{ignoredText(data.ignored)}</div> : null}
      {data.kind === 'phase' ? <Handle type="source" position={Position.Bottom} className="rs-handle" /> : null}
    </div>
  );
}

export const PhaseNode = memo(PhaseNodeView);
