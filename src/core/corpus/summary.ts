/**
 * A corpus report: many sessions, each replayed as its own run through the one engine, summed up
 * per rule (the calls and sessions it stopped, the interrupts it raised, whether it ever fired) and
 * per session (violations, the first one, how it ended). Pure: the CLI feeds it decisions, from one
 * core or several, and {@link mergeReports} joins the parts of a run split into shards.
 */
import type { Decision } from '../engine/decisions.ts';
import type { Agent } from '../model/index.ts';
import type { Workflow } from '../model/workflow.ts';
import { lettaRuleLine, toolRuleLine, workflowRuleLine } from '../simulator/ruleText.ts';
import { ToolRuleAttribution } from '../simulator/attribution.ts';
import { LettaRuleAttribution } from '../simulator/lettaAttribution.ts';

/** The report's format version (a consumer checks it; {@link mergeReports} refuses others). */
export const CORPUS_REPORT_VERSION = 1;

/** Decision kinds counted as violations: the rules stopped or refused something. */
const VIOLATIONS = new Set<Decision['kind']>(['blocked', 'denied', 'timeout', 'exit_blocked']);

/** One session's result. */
export interface SessionReport {
  name: string;
  events: number;
  decisions: number;
  violations: number;
  interrupts: number;
  /** Unusable lines of the log. */
  errors: number;
  firstViolation?: { event: number; kind: string; tool?: string; code?: string; rule?: string };
  /** How the session ended: `exit`, `exit_blocked`, or `open` (no exit decision). */
  ended: 'exit' | 'exit_blocked' | 'open';
}

/** One rule's totals over the corpus. */
export interface RuleReport {
  /** `tool#<index>` or `node:<name>#<index>`, stable across runs of one rule set. */
  key: string;
  label: string;
  /** Calls it blocked (or refused, or timed out). */
  stopped: number;
  /** Sessions in which it stopped at least one call. */
  sessions: number;
  interrupts: number;
  /** Decisions that name it, of any kind. */
  fired: number;
}

export interface CorpusReport {
  version: typeof CORPUS_REPORT_VERSION;
  /** The shard this report covers (`1/1` for a whole run). */
  shard: { index: number; count: number };
  rules: RuleReport[];
  sessions: SessionReport[];
}

/** Every rule of the rule set, with its key and its line of text. */
export function rulesOf(agent: Agent | undefined, workflow: Workflow | undefined): { key: string; label: string }[] {
  const out: { key: string; label: string }[] = [];
  const toolRules = agent?.family === 'letta' ? (agent.lettaRules ?? []) : (agent?.rules ?? []);
  toolRules.forEach((_, i) => out.push({ key: `tool#${i}`, label: agent?.family === 'letta' ? lettaRuleLine(agent, i) : toolRuleLine(agent, i) }));
  for (const node of workflow?.nodes ?? []) node.rules.forEach((r, i) => out.push({ key: `node:${node.name}#${i}`, label: workflowRuleLine(workflow, node.name, i, r.type) }));
  return out;
}

/** Calls `fire` with the key of each rule that fired for a decision (the studio summary's definition, `attribution.ts`). */
export type FiredRules = (d: Decision, fire: (key: string) => void) => void;

/**
 * The rules that fire for decisions of this rule set: tool rules by the studio's attribution,
 * workflow rules by interrupt. Each key string is made once and handed out again (a corpus fires
 * rules millions of times; a fresh `tool#3` per firing was a third of the replay's garbage).
 */
export function firedRulesOf(agent: Agent | undefined): FiredRules {
  const tools = !agent ? undefined : agent.family === 'letta' && (agent.lettaRules?.length ?? 0) > 0 ? new LettaRuleAttribution(agent) : new ToolRuleAttribution(agent);
  const toolKeys: string[] = [];
  const nodeKeys = new Map<string, string[]>();
  let target: (key: string) => void = () => undefined;
  const fireTool = (rule: number) => target((toolKeys[rule] ??= `tool#${rule}`));
  return (d, fire) => {
    if (d.kind === 'interrupt') {
      let keys = nodeKeys.get(d.node);
      if (!keys) nodeKeys.set(d.node, (keys = []));
      fire((keys[d.rule] ??= `node:${d.node}#${d.rule}`));
    } else if (tools) {
      const outer = target;
      target = fire;
      try {
        tools.forEachFired(d, fireTool);
      } finally {
        target = outer;
      }
    }
  };
}

/** Accumulates one session's decisions. */
export interface SessionTally {
  add(d: Decision): void;
  /** The session's report, and the rule counts it adds. */
  finish(): { session: SessionReport; rules: Map<string, { stopped: number; interrupts: number; fired: number }> };
}

/** Starts tallying session `name`; `fired` says which rules each decision fires. */
export function tallySession(name: string, fired: FiredRules): SessionTally {
  const session: SessionReport = { name, events: 0, decisions: 0, violations: 0, interrupts: 0, errors: 0, ended: 'open' };
  const rules = new Map<string, { stopped: number; interrupts: number; fired: number }>();
  let lastEvent = -1;
  // The decision being added, read by `count` (one function for every decision, not a closure each).
  let interrupt = false;
  let violation = false;
  let key: string | undefined;
  const count = (k: string) => {
    key ??= k;
    let rule = rules.get(k);
    if (!rule) rules.set(k, (rule = { stopped: 0, interrupts: 0, fired: 0 }));
    rule.fired += 1;
    if (interrupt) rule.interrupts += 1;
    if (violation) rule.stopped += 1;
  };
  return {
    add(d) {
      session.decisions += 1;
      if (d.event > lastEvent) {
        lastEvent = d.event;
        session.events = d.event + 1;
      }
      interrupt = d.kind === 'interrupt';
      violation = VIOLATIONS.has(d.kind);
      key = undefined;
      fired(d, count);
      if (d.kind === 'error') session.errors += 1;
      else if (interrupt) session.interrupts += 1;
      else if (violation) {
        session.violations += 1;
        if (!session.firstViolation)
          session.firstViolation = {
            event: d.event,
            kind: d.kind,
            ...('tool' in d ? { tool: d.tool } : {}),
            ...('code' in d ? { code: d.code } : {}),
            ...(key !== undefined ? { rule: key } : {}),
          };
      }
      if (d.kind === 'exit') session.ended = 'exit';
      else if (d.kind === 'exit_blocked') session.ended = 'exit_blocked';
      else if (d.kind === 'allowed' || d.kind === 'auto') session.ended = 'open';
    },
    finish: () => ({ session, rules }),
  };
}

/** Builds the report from the rule list and the finished tallies (in any order: sessions are sorted by name). */
export function buildReport(ruleList: readonly { key: string; label: string }[], tallies: readonly ReturnType<SessionTally['finish']>[], shard = { index: 1, count: 1 }): CorpusReport {
  const rules = new Map<string, RuleReport>(ruleList.map((r) => [r.key, { ...r, stopped: 0, sessions: 0, interrupts: 0, fired: 0 }]));
  for (const t of tallies)
    for (const [key, c] of t.rules) {
      const r = rules.get(key) ?? rules.set(key, { key, label: key, stopped: 0, sessions: 0, interrupts: 0, fired: 0 }).get(key);
      if (!r) continue;
      r.stopped += c.stopped;
      r.interrupts += c.interrupts;
      r.fired += c.fired;
      if (c.stopped > 0) r.sessions += 1;
    }
  const sessions = tallies.map((t) => t.session).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { version: CORPUS_REPORT_VERSION, shard, rules: [...rules.values()], sessions };
}

/** Joins the reports of the shards of one run (same rule set); refuses a mix of versions or rule sets. */
export function mergeReports(parts: readonly CorpusReport[]): CorpusReport | string {
  if (parts.length === 0) return 'nothing to merge';
  const first = parts[0] as CorpusReport;
  const keys = first.rules.map((r) => r.key).join('\n');
  for (const p of parts) {
    if (p.version !== CORPUS_REPORT_VERSION) return `a report of version ${String(p.version)} (this rule-studio reads version ${CORPUS_REPORT_VERSION})`;
    if (p.rules.map((r) => r.key).join('\n') !== keys) return 'the reports were made with different rule sets';
  }
  const rules = first.rules.map((r) => ({ ...r, stopped: 0, sessions: 0, interrupts: 0, fired: 0 }));
  for (const p of parts)
    p.rules.forEach((r, i) => {
      const m = rules[i] as RuleReport;
      m.stopped += r.stopped;
      m.sessions += r.sessions;
      m.interrupts += r.interrupts;
      m.fired += r.fired;
    });
  const sessions = parts.flatMap((p) => p.sessions).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { version: CORPUS_REPORT_VERSION, shard: { index: 1, count: 1 }, rules, sessions };
}

/** Which of `names` (sorted) shard `index` of `count` replays: every count-th, from index − 1. */
export function shardOf<T>(items: readonly T[], index: number, count: number): T[] {
  return items.filter((_, i) => i % count === index - 1);
}
