/**
 * Rule coverage of rule-set tests (`test --coverage`): which rules of the rule files the tests ran
 * on decided at least one event in some test. A rule decides an event when the decision names it
 * (a refusal, `periodic_due`, a workflow interrupt), or, for rules the decision stream does not
 * number, when its effect is the decision: a StartConstraint or RequiredBeforeExit rule on the
 * tool of an `auto` call it caused, a RequiredBeforeExit rule whose tool an `exit_blocked` lists
 * as pending, an ExitLoop rule on the tool of a call whose flow is `exit`.
 */
import { spanKey } from '../diagnostics/spans.ts';
import type { Decision } from '../engine/decisions.ts';
import type { LoadedFile } from '../codecs/types.ts';
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';

/** One rule of the rule files tests ran on, and how many decisions it made over all tests. */
export interface CoveredRule {
  /** The rule file, as the CLI names it. */
  file: string;
  /** The line where the rule starts (1 when unknown). */
  line: number;
  /** `agent NAME` or `workflow NAME node NODE`. */
  owner: string;
  /** 1-based position in its agent or node, as messages number rules (`rule #3`). */
  rule: number;
  /** `MaxCalls on post`, `token_budget`. */
  label: string;
  hits: number;
}

/** Where one test's decisions go (see {@link RuleCoverage.sink}). */
export interface CoverageSink {
  /** The rules of the agent or workflow a test runs on (each rule file once, however many tests use it). */
  rules(files: readonly LoadedFile[], agent: Agent | undefined, workflow: Workflow | undefined): void;
  /** One decision of the run. */
  decision(d: Decision): void;
}

/** Coverage gathered over many test files. */
export class RuleCoverage {
  private readonly byKey = new Map<string, CoveredRule>();

  /** A sink for one test file, whose rule file names `resolve` turns into the names reported. */
  sink(resolve: (name: string) => string): CoverageSink {
    let agentBase: string | undefined;
    let agentRules: Agent['rules'] = [];
    let wfBase: string | undefined;
    const hit = (key: string) => {
      const r = this.byKey.get(key);
      if (r) r.hits++;
    };
    return {
      rules: (files, agent, workflow) => {
        agentBase = undefined;
        wfBase = undefined;
        agentRules = [];
        for (const f of files) {
          const file = resolve(f.file);
          const ai = agent ? f.agents.findIndex((a) => a.name === agent.name) : -1;
          const a = f.agents[ai];
          if (a) {
            agentBase = `${file}\u0000a:${a.name}`;
            agentRules = a.rules;
            a.rules.forEach((r, i) => this.add(`${agentBase}#${i}`, { file, line: f.spans.get(spanKey.rule(ai, i))?.start.line ?? 1, owner: `agent ${a.name}`, rule: i + 1, label: `${r.rule_type.type} on ${r.tool_name}`, hits: 0 }));
          }
          const wi = workflow ? f.workflows.findIndex((w) => w.name === workflow.name) : -1;
          const w = f.workflows[wi];
          if (w) {
            wfBase = `${file}\u0000w:${w.name}`;
            for (const n of w.nodes)
              n.rules.forEach((r, i) => this.add(`${wfBase}/${n.name}#${i}`, { file, line: f.spans.get(spanKey.nodeRule(wi, n.name, i))?.start.line ?? 1, owner: `workflow ${w.name} node ${n.name}`, rule: i + 1, label: r.type, hits: 0 }));
          }
        }
      },
      decision: (d) => {
        if (d.kind === 'interrupt') {
          if (wfBase) hit(`${wfBase}/${d.node}#${d.rule}`);
          return;
        }
        if (!agentBase) return;
        if ('rule' in d && typeof d.rule === 'number') hit(`${agentBase}#${d.rule}`);
        else if (d.kind === 'exit_blocked')
          agentRules.forEach((r, i) => {
            if (r.rule_type.type === 'RequiredBeforeExit' && d.pending.includes(r.tool_name)) hit(`${agentBase}#${i}`);
          });
        else if (d.kind === 'auto' || (d.kind === 'allowed' && d.flow === 'exit')) {
          const type = d.kind === 'allowed' ? 'ExitLoop' : d.reason === 'start_constraint' ? 'StartConstraint' : 'RequiredBeforeExit';
          agentRules.forEach((r, i) => {
            if (r.rule_type.type === type && (r.tool_name === d.tool || r.tool_name === '*')) hit(`${agentBase}#${i}`);
          });
        }
      },
    };
  }

  private add(key: string, rule: CoveredRule): void {
    if (!this.byKey.has(key)) this.byKey.set(key, rule);
  }

  /** Every rule seen, by file then line. */
  rules(): CoveredRule[] {
    return [...this.byKey.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.rule - b.rule);
  }
}

const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.round((covered / total) * 1000) / 10);

/** A readable summary: the total, then per owner the rules no test made decide. */
export function coverageText(rules: readonly CoveredRule[]): string {
  const covered = rules.filter((r) => r.hits > 0).length;
  const lines = [`Rule coverage: ${covered}/${rules.length} rules decided an event (${percent(covered, rules.length)}%)`];
  const owners = new Map<string, CoveredRule[]>();
  for (const r of rules) {
    const k = `${r.file}: ${r.owner}`;
    owners.set(k, [...(owners.get(k) ?? []), r]);
  }
  for (const [owner, list] of owners) {
    const c = list.filter((r) => r.hits > 0).length;
    lines.push(`  ${owner}: ${c}/${list.length}`);
    for (const r of list) if (r.hits === 0) lines.push(`    not covered: rule #${r.rule} ${r.label} (line ${r.line})`);
  }
  return `${lines.join('\n')}\n`;
}

/** The JSON document (`version` 1): totals and every rule with its hits. */
export function coverageJson(rules: readonly CoveredRule[]): string {
  const covered = rules.filter((r) => r.hits > 0).length;
  return `${JSON.stringify({ version: 1, total: rules.length, covered, percent: percent(covered, rules.length), rules }, null, 2)}\n`;
}

/** lcov's tracefile form (`SF`, `DA` per rule line, `LF`/`LH`), which coverage badges and CI services read. */
export function coverageLcov(rules: readonly CoveredRule[]): string {
  const out: string[] = [];
  const files = [...new Set(rules.map((r) => r.file))];
  for (const file of files) {
    const lines = new Map<number, number>();
    for (const r of rules) if (r.file === file) lines.set(r.line, (lines.get(r.line) ?? 0) + r.hits);
    out.push('TN:', `SF:${file}`);
    for (const [line, hits] of [...lines].sort((a, b) => a[0] - b[0])) out.push(`DA:${line},${hits}`);
    out.push(`LF:${lines.size}`, `LH:${[...lines.values()].filter((h) => h > 0).length}`, 'end_of_record');
  }
  return `${out.join('\n')}\n`;
}
