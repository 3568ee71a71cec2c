/**
 * Per-step expectations against the decisions a step gave: an expectation holds when ONE of the
 * step's decisions matches every field it names (`decision: none` holds when there are none).
 */
import type { Decision } from '../engine/decisions.ts';
import { ruleNumber, parseRuleNumber } from '../model/ruleNumber.ts';
import type { StepExpectation } from './schema.ts';
import type { Agent } from '../model/toolRules.ts';
import { resolveRuleRef } from './ruleRef.ts';

type Fields = Record<string, unknown>;

const field = (d: Decision, key: string): unknown => (d as unknown as Fields)[key];

/**
 * How many of the expectation's fields the decision matches, and whether it matches them all. A
 * rule named with its identity is compared by it, against `agent`'s rules (`ruleRef.ts`).
 */
export function scoreDecision(e: StepExpectation, d: Decision, agent?: Agent): { matched: number; all: boolean } {
  const checks: boolean[] = [];
  if (e.decision !== undefined && e.decision !== 'none') checks.push(d.kind === e.decision);
  if (e.tool !== undefined) checks.push(field(d, 'tool') === e.tool);
  if (e.code !== undefined) checks.push(field(d, 'code') === e.code);
  if (e.to !== undefined) checks.push(d.kind === 'transition' && d.to === e.to);
  if (e.rule !== undefined) {
    const index = resolveRuleRef(e.rule, agent).index;
    checks.push(index !== undefined && field(d, 'rule') === index);
  }
  if (e.message !== undefined) {
    const text = field(d, 'message') ?? field(d, 'text');
    checks.push(typeof text === 'string' && text.includes(e.message));
  }
  if (e.interrupt !== undefined) {
    const i = e.interrupt;
    checks.push(d.kind === 'interrupt');
    if (d.kind === 'interrupt') {
      if (i.node !== undefined) checks.push(d.node === i.node);
      if (i.rule !== undefined) checks.push(d.rule === parseRuleNumber(i.rule));
      if (i.ruleType !== undefined) checks.push(d.ruleType === i.ruleType);
      if (i.text !== undefined) checks.push(d.text.includes(i.text));
    }
  }
  const matched = checks.filter(Boolean).length;
  return { matched, all: matched === checks.length };
}

/** Whether the step's decisions satisfy the expectation; when not, the decision closest to it. */
export function matchStep(e: StepExpectation, decisions: readonly Decision[], agent?: Agent): { ok: true } | { ok: false; closest?: Decision } {
  if (e.decision === 'none') return decisions.length === 0 ? { ok: true } : { ok: false, ...(decisions[0] ? { closest: decisions[0] } : {}) };
  let best: Decision | undefined;
  let bestScore = -1;
  for (const d of decisions) {
    const s = scoreDecision(e, d, agent);
    if (s.all) return { ok: true };
    if (s.matched > bestScore) {
      best = d;
      bestScore = s.matched;
    }
  }
  return best ? { ok: false, closest: best } : { ok: false };
}

const quote = (s: string) => JSON.stringify(s);

/** Decision kinds about a tool call: their description names the tool (or "any tool" when the expectation leaves it open). */
const TOOL_KINDS = new Set(['allowed', 'auto', 'blocked', 'deduplicated', 'denied', 'timeout', 'not_found', 'ignored', 'periodic_due']);

/**
 * An expectation in one line, its parts in the order {@link describeDecision} says a decision's
 * (kind, tool, code, rule): `blocked \`load\` MaxCallsExceeded rule #4 (was #5)`. With `agent`, a
 * rule named by identity is given its number now, and the number written when it changed.
 */
export function describeExpectation(e: StepExpectation, agent?: Agent): string {
  if (e.decision === 'none') return 'no decision';
  const parts: string[] = [];
  const kind = e.decision ?? (e.interrupt ? 'interrupt' : undefined);
  if (kind) parts.push(kind);
  if (e.tool !== undefined) parts.push(`\`${e.tool}\``);
  else if (kind !== undefined && TOOL_KINDS.has(kind)) parts.push('any tool');
  if (e.code !== undefined) parts.push(e.code);
  if (e.to !== undefined) parts.push(`to \`${e.to}\``);
  if (e.rule !== undefined) {
    const r = resolveRuleRef(e.rule, agent);
    const written = `rule ${ruleNumber(r.written ?? 0)}`;
    parts.push(r.index === undefined ? `${written} (no longer in the rules)` : r.index !== r.written ? `rule ${ruleNumber(r.index)} (was ${ruleNumber(r.written ?? 0)})` : written);
  }
  const i = e.interrupt;
  if (i?.ruleType !== undefined) parts.push(i.ruleType);
  if (i?.rule !== undefined) parts.push(`rule ${ruleNumber(parseRuleNumber(i.rule) ?? 0)}`);
  if (i?.node !== undefined) parts.push(`of node \`${i.node}\``);
  let out = parts.join(' ') || 'any decision';
  if (e.message !== undefined) out += `, message contains ${quote(e.message)}`;
  if (i?.text !== undefined) out += `, text contains ${quote(i.text)}`;
  return out;
}

/** A decision in one line: `blocked \`transform\` PrerequisitesNotMet rule #3: "Tool transform cannot…"`. */
export function describeDecision(d: Decision): string {
  const parts: string[] = [d.kind];
  const tool = field(d, 'tool');
  if (typeof tool === 'string') parts.push(`\`${tool}\``);
  if (d.kind === 'interrupt') parts.push(d.ruleType, `rule ${ruleNumber(d.rule)}`, `of node \`${d.node}\``);
  if (d.kind === 'transition') parts.push(`${d.from} → ${d.to}`);
  if (d.kind === 'auto') parts.push(`(${d.reason})`);
  if (d.kind === 'exit_blocked') parts.push(`pending [${d.pending.join(', ')}]`);
  const code = field(d, 'code');
  if (typeof code === 'string' && d.kind !== 'exit_blocked') parts.push(code);
  const rule = field(d, 'rule');
  if (typeof rule === 'number' && d.kind !== 'interrupt') parts.push(`rule ${ruleNumber(rule)}`);
  const message = field(d, 'message');
  const text = typeof message === 'string' ? message : d.kind === 'interrupt' ? d.text.split('\n')[0] : undefined;
  return text !== undefined ? `${parts.join(' ')}: ${quote(text.length > 160 ? `${text.slice(0, 160)}…` : text)}` : parts.join(' ');
}
