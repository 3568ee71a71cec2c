/**
 * Where model elements sit in their source text. Codecs fill a {@link SpanIndex}; the validator
 * asks it for the range of the element a finding is about, falling back to the nearest enclosing
 * element, then to the file start.
 */
import { FILE_START, type Range, type Target } from './types.ts';

/** Stable keys for the elements a span can be recorded for. */
export const spanKey = {
  agent: (agent: number) => `a${agent}`,
  agentTools: (agent: number) => `a${agent}/tools`,
  rule: (agent: number, rule: number) => `a${agent}/r${rule}`,
  ruleField: (agent: number, rule: number, field: string) => `a${agent}/r${rule}/${field}`,
  workflow: (wf: number) => `w${wf}`,
  workflowField: (wf: number, field: string) => `w${wf}/${field}`,
  node: (wf: number, node: string) => `w${wf}/n:${node}`,
  nodeField: (wf: number, node: string, field: string) => `w${wf}/n:${node}/${field}`,
  nodeRule: (wf: number, node: string, rule: number) => `w${wf}/n:${node}/r${rule}`,
  nodeRuleField: (wf: number, node: string, rule: number, field: string) =>
    `w${wf}/n:${node}/r${rule}/${field}`,
  transition: (wf: number, node: string, t: number) => `w${wf}/n:${node}/t${t}`,
} as const;

/** A range, or a way to find it on first use (locating can mean scanning the whole text). */
export type LazyRange = Range | (() => Range | undefined);

/**
 * A map from span keys to source ranges, one per loaded file. Ranges may be recorded lazily, so a
 * file nobody asks positions of (a clean check of a large file) never pays for locating them.
 */
export class SpanIndex {
  private readonly spans = new Map<string, LazyRange | undefined>();

  set(key: string, range: LazyRange): void {
    this.spans.set(key, range);
  }

  get(key: string): Range | undefined {
    const v = this.spans.get(key);
    if (typeof v !== 'function') return v;
    const r = v();
    this.spans.set(key, r);
    return r;
  }

  /** The first recorded range among `keys`, or the file start. */
  first(...keys: string[]): Range {
    for (const k of keys) {
      const r = this.get(k);
      if (r) return r;
    }
    return FILE_START;
  }

  /** Copies every entry (unresolved ones stay lazy) into `target`. */
  copyInto(target: SpanIndex): void {
    for (const [k, v] of this.spans) if (v !== undefined) target.set(k, v);
  }

  /** Keys recorded (resolved or not). */
  keys(): IterableIterator<string> {
    return this.spans.keys();
  }

  get size(): number {
    return this.spans.size;
  }
}

/**
 * The range for a target in a file whose agents / workflows sit at the given indices.
 * `field` narrows to a key of a rule or node when it was recorded.
 */
export function rangeOfTarget(
  spans: SpanIndex,
  target: Target,
  agentIndex: number,
  workflowIndex: number,
  field?: string,
): Range {
  if (target.kind === 'agent') {
    const keys: string[] = [];
    if (target.rule !== undefined) {
      if (field) keys.push(spanKey.ruleField(agentIndex, target.rule, field));
      keys.push(spanKey.rule(agentIndex, target.rule));
    }
    keys.push(spanKey.agent(agentIndex));
    return spans.first(...keys);
  }
  if (target.kind === 'workflow') {
    const keys: string[] = [];
    const node = target.node;
    if (node !== undefined) {
      if (target.rule !== undefined) {
        if (field) keys.push(spanKey.nodeRuleField(workflowIndex, node, target.rule, field));
        keys.push(spanKey.nodeRule(workflowIndex, node, target.rule));
      }
      if (target.transition !== undefined) keys.push(spanKey.transition(workflowIndex, node, target.transition));
      if (field) keys.push(spanKey.nodeField(workflowIndex, node, field));
      keys.push(spanKey.node(workflowIndex, node));
    } else if (field) {
      keys.push(spanKey.workflowField(workflowIndex, field));
    }
    keys.push(spanKey.workflow(workflowIndex));
    return spans.first(...keys);
  }
  return FILE_START;
}
