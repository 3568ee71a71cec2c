/**
 * `fmt` on random rule sets of every family (Pattern TOML, YAML and JSON agents, hegel workflow
 * YAML and JSON, Letta .af, Claude Code settings JSON), each written in a random untidy layout
 * with comments: formatting is idempotent (`fmt(fmt(x)) == fmt(x)`), the formatted file reads to
 * the same rules as the untidy one, and every comment is still there, in order.
 */
import fc from 'fast-check';
import { stringify as tomlStringify } from 'smol-toml';
import { Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatRuleText } from '../../src/core/codecs/fmt/index.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';

const RUNS = 60;

// Names without spaces, commas, `=`, `#` or quotes, so the layout noise below never lands inside a string.
const name = fc.stringMatching(/^[a-z][a-z0-9_.é-]{0,7}$/);
const names = fc.uniqueArray(name, { minLength: 1, maxLength: 5 });

const patternRuleType = fc.oneof(
  fc.constantFrom({ type: 'ContinueLoop' }, { type: 'ExitLoop' }, { type: 'StartConstraint' }, { type: 'RequiredBeforeExit' }, { type: 'RequiresPrecedingTools' }),
  fc.integer({ min: 0, max: 50 }).map((value) => ({ type: 'MaxCalls', value })),
  fc.integer({ min: 1, max: 600 }).map((value) => ({ type: 'Cooldown', value })),
  fc.array(names, { minLength: 1, maxLength: 2 }).map((value) => ({ type: 'ExclusiveGroups', value })),
);
const patternAgents = fc.array(
  fc.record({
    name,
    tools: names,
    tool_rules: fc.array(fc.record({ tool_name: name, rule_type: patternRuleType, conditions: fc.array(name, { maxLength: 3 }), priority: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 5 }),
  }),
  { minLength: 1, maxLength: 3 },
).map((agents) => ({ agents }));

const workflowRule = fc.oneof(
  fc.record({ type: fc.constant('token_budget'), max_tokens: fc.integer({ min: 1, max: 9999 }) }),
  fc.record({ type: fc.constant('phase_timeout'), max_duration: fc.integer({ min: 1, max: 9999 }) }),
  fc.record({ type: fc.constant('require_commits'), lookback_phases: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ type: fc.constant('repeated_command'), pattern: fc.constantFrom('cargo (build|test)', 'npm.*', '^git'), threshold: fc.integer({ min: 1, max: 9 }), window: fc.integer({ min: 1, max: 300 }) }),
);
const workflow = names.chain((nodes) =>
  fc
    .tuple(
      fc.string({ maxLength: 10 }).map((m) => `mode ${m.replace(/[^a-z]/g, '')}`),
      fc.tuple(...nodes.map(() => fc.record({ prompt: name, transitions: fc.array(fc.record({ when: name, to: fc.constantFrom(...nodes, 'done') }), { maxLength: 3 }), rules: fc.array(workflowRule, { maxLength: 3 }) }))),
    )
    .map(([mode, bodies]) => ({ mode: mode.trim(), start_node: nodes[0], nodes: Object.fromEntries(nodes.map((n, i) => [n, bodies[i]])) })),
);

const lettaRule = fc.oneof(
  fc.record({ tool_name: name, type: fc.constantFrom('run_first', 'exit_loop', 'continue_loop', 'required_before_exit') }),
  fc.record({ tool_name: name, type: fc.constant('max_count_per_step'), max_count_limit: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ tool_name: name, type: fc.constant('constrain_child_tools'), children: names }),
);
const letta = fc.record({ name, tools: names, rules: fc.array(lettaRule, { minLength: 1, maxLength: 5 }) }).map((a) => ({
  agents: [{ name: a.name, agent_type: 'letta_v1_agent', tool_ids: a.tools.map((_, i) => `tool-${i}`), tool_rules: a.rules, tags: [] }],
  groups: [],
  tools: a.tools.map((n, i) => ({ id: `tool-${i}`, name: n, tool_type: 'custom' })),
}));

const claude = fc
  .record({ allow: fc.array(name.map((n) => `Bash(${n}:*)`), { maxLength: 4 }), deny: fc.array(name.map((n) => `Read(./${n})`), { maxLength: 4 }) })
  .map((permissions) => ({ permissions }));

/** Random choices the noise draws from, one per place. */
const noise = fc.array(fc.nat(9), { minLength: 400, maxLength: 400 });
const pick = (ns: readonly number[]) => {
  let i = 0;
  return () => ns[i++ % ns.length] as number;
};

/** TOML: indentation, spacing around `=`, arrays broken across lines, comment lines, trailing comments, blank lines. */
function untidyToml(text: string, ns: readonly number[]): { text: string; comments: string[] } {
  const next = pick(ns);
  const comments: string[] = [];
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const n = next();
    if (n === 0) out.push('', '');
    if (n === 1) {
      comments.push(`# above ${comments.length}`);
      out.push(`  ${comments.at(-1)}`);
    }
    let l = ['', '  ', '\t', ' '][next() % 4] + line.replace(' = ', ['=', ' =  ', ' = ', '\t= '][next() % 4] as string);
    if (next() < 3) l = l.replace(/= \[ /, '= [\n    ');
    if (line.trim() !== '' && next() < 2) {
      comments.push(`# after ${comments.length}`);
      l += `   ${comments.at(-1)}`;
    }
    out.push(l);
  }
  return { text: out.join('\n'), comments };
}

/** YAML: comment lines, trailing comments, blank lines. */
function untidyYaml(text: string, ns: readonly number[]): { text: string; comments: string[] } {
  const next = pick(ns);
  const comments: string[] = [];
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const n = next();
    if (n === 0) out.push('');
    if (n === 1 && line.trim() !== '') {
      comments.push(`# above ${comments.length}`);
      out.push(`${/^\s*/.exec(line)?.[0] ?? ''}${comments.at(-1)}`);
    }
    let l = line;
    if (line.trim() !== '' && next() < 2) {
      comments.push(`# after ${comments.length}`);
      l += `  ${comments.at(-1)}`;
    }
    out.push(l);
  }
  return { text: out.join('\n'), comments };
}

/** JSON: random white space between every two tokens. */
function untidyJson(text: string, ns: readonly number[]): { text: string; comments: string[] } {
  const next = pick(ns);
  const toks = text.match(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+/g) ?? [];
  const ws = ['', ' ', '\n', '\n    ', '\t', '  ', '', '', '\n', ''];
  return { text: toks.map((t) => t + (ws[next()] as string)).join(''), comments: [] };
}

/** What a file reads to, with Claude Code settings' raw text replaced by its value. */
function model(file: string, text: string): string {
  const l = loadRuleFile(file, text);
  expect(l.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return JSON.stringify({ agents: l.agents, workflows: l.workflows }, (k, v: unknown) => (k === 'text' && typeof v === 'string' ? JSON.parse(v) : v));
}

/** How many inputs formatting changed (a property that never changes anything would prove nothing). */
let changed = 0;

function checkFormats(file: string, untidy: { text: string; comments: string[] }): void {
  const before = model(file, untidy.text);
  const once = formatRuleText(file, untidy.text);
  expect(once.diagnostics).toEqual([]);
  const text = once.text as string;
  if (once.changed) changed++;
  expect(formatRuleText(file, text)).toEqual({ text, changed: false, diagnostics: [] });
  expect(model(file, text)).toBe(before);
  let at = 0;
  for (const c of untidy.comments) {
    const found = text.indexOf(c, at);
    expect(found, `comment ${c} kept in order`).toBeGreaterThanOrEqual(0);
    at = found + c.length;
  }
}

const yamlOf = (v: unknown) => new Document(v).toString();

describe('fmt property: idempotent, same rules, comments kept', () => {
  it('Pattern agent TOML', () => {
    fc.assert(fc.property(patternAgents, noise, (v, ns) => checkFormats('agent.toml', untidyToml(tomlStringify(v), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
  it('Pattern agent YAML', () => {
    fc.assert(fc.property(patternAgents, noise, (v, ns) => checkFormats('agent.yaml', untidyYaml(yamlOf(v), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
  it('Pattern agent JSON', () => {
    fc.assert(fc.property(patternAgents, noise, (v, ns) => checkFormats('agent.json', untidyJson(JSON.stringify(v), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
  it('hegel workflow YAML', () => {
    fc.assert(fc.property(workflow, noise, (v, ns) => checkFormats('workflow.yaml', untidyYaml(yamlOf(v), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
  it('hegel workflow JSON', () => {
    fc.assert(fc.property(workflow, noise, (v, ns) => checkFormats('workflow.json', untidyJson(JSON.stringify(v, null, 2), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
  it('Letta agent file (.af)', () => {
    fc.assert(fc.property(letta, noise, (v, ns) => checkFormats('agent.af', untidyJson(JSON.stringify(v), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
  it('Claude Code settings JSON', () => {
    fc.assert(fc.property(claude, noise, (v, ns) => checkFormats('.claude/settings.json', untidyJson(JSON.stringify(v), ns))), { numRuns: RUNS });
    expect(changed).toBeGreaterThan(RUNS / 2);
    changed = 0;
  });
});
