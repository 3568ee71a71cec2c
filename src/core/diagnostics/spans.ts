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
 * Finds the range of rule `rule` of one agent, or of one of its fields, on first use. Recorded once
 * per agent (see {@link SpanIndex.setRules}) rather than once per rule and field: a 20,000-rule
 * file would otherwise build 100,000 keys and closures that a clean read never looks at.
 */
export type RuleLocator = (rule: number, field: string | undefined) => Range | undefined;

/**
 * Splits a rule key (`a{agent}/r{rule}` or `a{agent}/r{rule}/{field}`) into its parts, or gives
 * undefined for any other key. Digits only, no signs or leading zeros beyond `0` itself, so each
 * rule has exactly one key.
 */
function parseRuleKey(key: string): { agent: number; rule: number; field: string | undefined } | undefined {
  if (key.charCodeAt(0) !== 97 /* a */) return undefined;
  const readNumber = (from: number): [number, number] | undefined => {
    let i = from;
    while (i < key.length && key.charCodeAt(i) >= 48 && key.charCodeAt(i) <= 57) i++;
    if (i === from || (i - from > 1 && key.charCodeAt(from) === 48) || i - from > 15) return undefined;
    return [Number(key.slice(from, i)), i];
  };
  const a = readNumber(1);
  if (!a || key.charCodeAt(a[1]) !== 47 /* / */ || key.charCodeAt(a[1] + 1) !== 114 /* r */) return undefined;
  const r = readNumber(a[1] + 2);
  if (!r) return undefined;
  if (r[1] === key.length) return { agent: a[0], rule: r[0], field: undefined };
  if (key.charCodeAt(r[1]) !== 47 || r[1] + 1 === key.length) return undefined;
  return { agent: a[0], rule: r[0], field: key.slice(r[1] + 1) };
}

/**
 * A map from span keys to source ranges, one per loaded file. Ranges may be recorded lazily, so a
 * file nobody asks positions of (a clean check of a large file) never pays for locating them; the
 * rules of an agent are recorded as one {@link RuleLocator} with the number of rules it covers.
 */
export class SpanIndex {
  private readonly spans = new Map<string, LazyRange | undefined>();
  private readonly rules = new Map<number, { count: number; locate: RuleLocator }>();

  set(key: string, range: LazyRange): void {
    this.spans.set(key, range);
  }

  /**
   * Records where the first `count` rules of agent `agent` (and their fields) sit: `get` of
   * `spanKey.rule(agent, i)` or `spanKey.ruleField(agent, i, field)` with `i < count` asks
   * `locate` on first use. A key recorded with {@link set} takes precedence.
   */
  setRules(agent: number, count: number, locate: RuleLocator): void {
    this.rules.set(agent, { count, locate });
  }

  get(key: string): Range | undefined {
    if (this.spans.has(key)) {
      const v = this.spans.get(key);
      if (typeof v !== 'function') return v;
      const r = v();
      this.spans.set(key, r);
      return r;
    }
    const parts = this.rules.size > 0 ? parseRuleKey(key) : undefined;
    const family = parts && this.rules.get(parts.agent);
    if (!parts || !family || parts.rule >= family.count) return undefined;
    const r = family.locate(parts.rule, parts.field);
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

  /** Copies every entry (unresolved ones and rule locators stay lazy) into `target`. */
  copyInto(target: SpanIndex): void {
    for (const [k, v] of this.spans) if (v !== undefined) target.set(k, v);
    for (const [agent, family] of this.rules) target.setRules(agent, family.count, family.locate);
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
