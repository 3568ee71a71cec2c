/** A tool on the tool graph: its name, badges for its rules, handles to draw ordering edges. */
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { NodeName } from './NodeName.tsx';
import { stripCodeMarks } from '../components/ui/codeSpans.ts';
import type { ToolFlowNode } from './flowElements.ts';

function ToolNodeView({ data }: NodeProps<ToolFlowNode>) {
  const raw = data.dimmed ? data.reason : data.problems.length > 0 ? data.problems.join('\n') : undefined;
  const title = raw === undefined ? undefined : stripCodeMarks(raw);
  return (
    <div className="rs-tool" title={title} data-dimmed={data.dimmed || undefined} data-error={data.error || undefined}>
      {data.permissions ? null : <Handle type="target" position={Position.Left} className="rs-handle" title={data.letta ? `${data.label} may follow another tool` : `Needs a tool before ${data.label}`} />}
      {data.group !== undefined ? <div className="rs-tool-group">MCP server {data.group}</div> : null}
      <div className="rs-tool-name">
        {data.wildcard ? <span className="rs-wild">✱ </span> : null}
        <NodeName name={data.label} />
        {!data.declared ? <span className="rs-undeclared"> (undeclared)</span> : null}
      </div>
      {data.badges.length > 0 ? (
        <ul className="rs-badges" aria-label="Rules">
          {data.badges.map((b) => (
            <li key={`${b.rule}`} className={`rs-badge rs-badge-${b.kind}${b.inert ? ' rs-badge-inert' : ''}${data.stepRule === b.rule ? ' rs-badge-step' : ''}`} data-rule={b.rule} title={b.title === undefined ? undefined : stripCodeMarks(b.title)} aria-label={b.inert ? `${b.text} (never applies)` : undefined}>
              {b.text}
            </li>
          ))}
        </ul>
      ) : null}
      {data.ignored ? <div className="rs-tool-ignored">{data.ignored === 1 ? '1 rule ignored' : `${data.ignored} rules ignored`}</div> : null}
      {data.dimmed && data.reason ? <span className="visually-hidden">{stripCodeMarks(data.reason)}</span> : null}
      {data.permissions ? null : <Handle type="source" position={Position.Right} className="rs-handle" title={data.letta ? `Another tool may follow ${data.label}` : `${data.label} before another tool`} />}
    </div>
  );
}

export const ToolNode = memo(ToolNodeView);
