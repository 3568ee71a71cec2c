/**
 * Collectors that turn a finding (code, severity, message, model element) into a
 * {@link Diagnostic} with the most precise recorded range.
 */
import { diag, rangeOfTarget, type Diagnostic, type Severity, type SpanIndex, type Target } from '../diagnostics/index.ts';

/** Where in an agent a finding sits. */
export interface AgentSpot {
  rule?: number;
  tool?: string;
  /** A field of the rule (`tool_name`, `conditions`, `rule_type` …) when recorded. */
  field?: string;
}

/** Where in a workflow a finding sits. */
export interface WorkflowSpot {
  node?: string;
  rule?: number;
  transition?: number;
  /** A field of the node rule, the node or the workflow (`pattern`, `prompt_hbs`, `start_node` …). */
  field?: string;
}

/**
 * `errorsOnly`: findings other than errors are dropped before they are located, for a caller that
 * shows only errors (`simulate`): placing one finding in the source scans the whole text.
 */
interface EmitContext {
  file: string;
  spans: SpanIndex;
  errorsOnly?: boolean;
}

export type AgentEmit = (code: string, severity: Severity, message: string, spot?: AgentSpot) => void;
export type WorkflowEmit = (code: string, severity: Severity, message: string, spot?: WorkflowSpot) => void;

/** An emitter for one agent's findings, appending to `out`. */
export function agentEmitter(
  out: Diagnostic[],
  agent: string,
  ctx: EmitContext & { agentIndex: number },
): AgentEmit {
  return (code, severity, message, spot = {}) => {
    if (ctx.errorsOnly === true && severity !== 'error') return;
    const target: Target = { kind: 'agent', agent };
    if (spot.rule !== undefined) target.rule = spot.rule;
    if (spot.tool !== undefined) target.tool = spot.tool;
    const range = rangeOfTarget(ctx.spans, target, ctx.agentIndex, -1, spot.field);
    out.push(diag(code, severity, message, ctx.file, range, target));
  };
}

/** An emitter for one workflow's findings, appending to `out`. */
export function workflowEmitter(
  out: Diagnostic[],
  workflow: string,
  ctx: EmitContext & { workflowIndex: number },
): WorkflowEmit {
  return (code, severity, message, spot = {}) => {
    if (ctx.errorsOnly === true && severity !== 'error') return;
    const target: Target = { kind: 'workflow', workflow };
    if (spot.node !== undefined) target.node = spot.node;
    if (spot.rule !== undefined) target.rule = spot.rule;
    if (spot.transition !== undefined) target.transition = spot.transition;
    const range = rangeOfTarget(ctx.spans, target, -1, ctx.workflowIndex, spot.field);
    out.push(diag(code, severity, message, ctx.file, range, target));
  };
}
