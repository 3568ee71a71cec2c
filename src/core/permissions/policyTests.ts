/**
 * Rule-set tests for Codex execpolicy and Gemini CLI policies (issue 24): a `*.test.yaml` whose
 * `rules` name `.rules` files (Codex) or Gemini policy `.toml` files, with scripted calls and the
 * decision (and deciding rule) expected per call, in the shape of the Claude Code settings tests
 * (`trace` + `expect: [{step, decision, rule}]`). Results are the test runner's
 * {@link TestFileResult}, so every reporter (text, JUnit, TAP, JSON) prints them.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { z } from 'zod';
import type { TestFailure, TestFileResult, TestResult } from '../tests/types.ts';
import { MAX_TEST_FILE_CHARS } from '../tests/limits.ts';
import {
  checkCommand,
  isCodexRollout,
  loadCodexRules,
  readCodexRollout,
  readCodexScript,
  replayCodexCall,
  scriptExecCall,
  SESSION_CHECK,
  type CodexEvaluation,
  type CodexExecCall,
  type RulesFileInput,
} from './codex/index.ts';
import { shlexSplit } from './codex/shlex.ts';
import {
  checkToolCall,
  isGeminiSession,
  loadGeminiPolicies,
  looksLikeGeminiPolicy,
  readGeminiSession,
  readGeminiScript,
  tierFromPath,
  APPROVAL_MODES,
  type ApprovalMode,
  type GeminiEvaluation,
  type GeminiFileInput,
} from './gemini/index.ts';

/** The two dialects these tests are for. */
export type PolicyDialect = 'codex' | 'gemini';

/** Reads files a test names (relative to the test file, as the CLI host resolves them). */
export interface PolicyTestHost {
  readFile(path: string): { ok: true; text: string } | { ok: false; message: string };
}

const DECISIONS = {
  codex: ['allow', 'prompt', 'forbidden', 'none'],
  gemini: ['allow', 'deny', 'ask_user'],
} as const;

const Call = z.strictObject({
  command: z
    .string()
    .optional()
    .describe(
      'a shell command: Codex splits it as shlex does; Gemini sees run_shell_command {command}',
    ),
  argv: z.array(z.string()).min(1).optional().describe('Codex: the command as argv'),
  call: z.string().min(1).optional().describe('Gemini: the tool name'),
  args: z.record(z.string(), z.unknown()).optional().describe('Gemini: the tool arguments'),
  mode: z.enum(APPROVAL_MODES as [ApprovalMode, ...ApprovalMode[]]).optional(),
});
const Expect = z.strictObject({
  step: z.number().int().min(1),
  decision: z.string(),
  rule: z
    .string()
    .optional()
    .describe('file:line of the deciding rule (file by base name), or none'),
});
const Test = z.strictObject({
  name: z.string().min(1),
  mode: z.enum(APPROVAL_MODES as [ApprovalMode, ...ApprovalMode[]]).optional(),
  nonInteractive: z.boolean().optional(),
  trace: z
    .union([z.array(Call).min(1), z.string().min(1)])
    .describe(
      'the calls, or a session log (Codex rollout, Gemini CLI session), relative to the test file',
    ),
  expect: z.array(Expect),
});
const PolicyTestFile = z.strictObject({
  dialect: z.enum(['codex', 'gemini']).optional(),
  rules: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  settings: z
    .strictObject({
      mode: z.enum(APPROVAL_MODES as [ApprovalMode, ...ApprovalMode[]]).optional(),
      nonInteractive: z.boolean().optional(),
    })
    .optional(),
  tests: z.array(Test),
});
/** A Codex / Gemini test file, as read. */
export type PolicyTestFile = z.infer<typeof PolicyTestFile>;

/** A path's last segment (rules are named by base name in expectations). */
const fileName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

const rulesOf = (v: unknown): string[] | undefined =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v) && v.every((x) => typeof x === 'string')
      ? (v as string[])
      : undefined;

/**
 * The dialect of a test file, or undefined when it is not a Codex / Gemini test (a generic rule-set
 * test, or one for Claude Code settings): an explicit `dialect`, or `rules` that are all `.rules`
 * files (Codex) or all `.toml` files that read as Gemini policies (only `[[rule]]` tables).
 */
export function policyTestDialect(text: string, host: PolicyTestHost): PolicyDialect | undefined {
  if (text.length > MAX_TEST_FILE_CHARS || !/^(rules|dialect)\s*:/m.test(text)) return undefined;
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) return undefined;
  let v: unknown;
  try {
    v = doc.toJS({ maxAliasCount: 100 });
  } catch {
    return undefined; // an unresolved alias, too many aliases: the generic reader says where
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (o.dialect === 'codex' || o.dialect === 'gemini') return o.dialect;
  const rules = rulesOf(o.rules);
  if (!rules || rules.length === 0) return undefined;
  if (rules.every((r) => r.endsWith('.rules'))) return 'codex';
  if (!rules.every((r) => r.endsWith('.toml'))) return undefined;
  return rules.every((r) => {
    const read = host.readFile(r);
    return read.ok && looksLikeGeminiPolicy(read.text);
  })
    ? 'gemini'
    : undefined;
}

function nodeIn(doc: Document, path: readonly (string | number)[]): Node | undefined {
  let node: unknown = doc.contents;
  for (const key of path) {
    if (isMap(node))
      node = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key)?.value;
    else if (isSeq(node) && typeof key === 'number') node = node.items[key];
    else return undefined;
    if (node === undefined || node === null) return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}

/** One call's decision, in the dialect's words, and the rules (`file:line`) that decided it. */
export interface Seen {
  decision: string;
  rules: string[];
  why: string[];
}

const codexSeen = (e: CodexEvaluation): Seen => {
  const deciding = e.matchedRules.filter((m) => m.decision === e.decision);
  return {
    decision: e.decision ?? 'none',
    rules: deciding.map((m) => `${fileName(m.rule.file)}:${m.rule.pos.line}`),
    why:
      e.matchedRules.length === 0
        ? ['no rule matches (Codex asks per its approval policy)']
        : e.matchedRules.map(
            (m) =>
              `${m.decision} by prefix_rule at ${fileName(m.rule.file)}:${m.rule.pos.line} (${m.matchedPrefix.join(' ')})`,
          ),
  };
};

const geminiSeen = (e: GeminiEvaluation): Seen => {
  const r = e.rule;
  if (r === undefined)
    return {
      decision: e.decision,
      rules: ['none'],
      why: ['no rule decides: the default decision (or a shell part that asks)'],
    };
  if (!('toolName' in r)) return { decision: e.decision, rules: [r.source], why: [r.source] };
  const at = `${fileName(r.file)}:${r.range.start.line}`;
  return {
    decision: e.decision,
    rules: [at],
    why: [
      `${r.decision} by the [[rule]] at ${at} (${r.tier} tier, priority ${r.rawPriority}, toolName ${r.toolName})`,
    ],
  };
};

/**
 * One call of a test: as written in the test file, or read from a trace file. A Codex session
 * log's call keeps its exec call (`exec`: decided over every command of its script); a Gemini
 * scripted trace's call keeps its own `nonInteractive`.
 */
export type TestCall = z.infer<typeof Call> & { exec?: CodexExecCall; nonInteractive?: boolean };

/** Decides one call of a test: what was seen, or why the call cannot be decided. */
export type Decide = (call: TestCall, test: PolicyTest) => Seen | string;

/** One test of a Codex / Gemini test file, as read. */
export type PolicyTest = PolicyTestFile['tests'][number];

type DiagnosticLike = {
  code: string;
  message: string;
  range: { start: { line: number; column: number } };
};

/**
 * The calls of a test: its list, or the calls a trace file holds, read as the dialect's Policy
 * view reads a session (Codex: a rollout log or a command script; Gemini: a session log or a
 * scripted JSONL trace); or why they cannot be read.
 */
export function callsOf(
  dialect: PolicyDialect,
  trace: PolicyTest['trace'],
  host: PolicyTestHost,
): { calls: TestCall[] } | { errors: string[] } {
  if (typeof trace !== 'string') return { calls: trace };
  const read = host.readFile(trace);
  if (!read.ok) return { errors: [`trace ${trace}: ${read.message}`] };
  const at = (d: DiagnosticLike) =>
    `${trace}:${d.range.start.line}:${d.range.start.column}: ${d.code} ${d.message}`;
  const lineErrors = (errors: readonly { line: number; message: string }[]) =>
    errors.slice(0, 20).map((e) => `${trace}:${e.line}: ${e.message}`);
  if (dialect === 'gemini') {
    if (isGeminiSession(read.text)) {
      const t = readGeminiSession(trace, read.text);
      if (t.diagnostics.length > 0) return { errors: t.diagnostics.map(at) };
      return { calls: t.calls.map((c) => ({ call: c.name, args: c.args })) };
    }
    if (isCodexRollout(read.text))
      return { errors: [`trace ${trace}: a Codex session log, not a Gemini CLI one`] };
    const script = readGeminiScript(read.text);
    if (script.errors.length > 0) return { errors: lineErrors(script.errors) };
    if (script.calls.length === 0)
      return { errors: [`trace ${trace}: not a Gemini CLI session log or scripted trace (no calls)`] };
    return {
      calls: script.calls.map((c) => ({
        call: c.tool,
        ...(c.args !== undefined ? { args: c.args } : {}),
        ...(c.mode !== undefined ? { mode: c.mode } : {}),
        ...(c.nonInteractive === true ? { nonInteractive: true } : {}),
      })),
    };
  }
  if (isCodexRollout(read.text)) {
    const r = readCodexRollout(trace, read.text);
    if (r.diagnostics.length > 0) return { errors: r.diagnostics.map(at) };
    return { calls: r.calls.map((c) => ({ argv: c.argv, exec: c })) };
  }
  if (isGeminiSession(read.text))
    return { errors: [`trace ${trace}: a Gemini CLI session log, not a Codex one`] };
  const script = readCodexScript(read.text);
  if (script.errors.length > 0) return { errors: lineErrors(script.errors) };
  if (script.commands.length === 0)
    return { errors: [`trace ${trace}: not a Codex session log (rollout-*.jsonl) or command script (no commands)`] };
  return { calls: script.commands.map((c) => ({ argv: c.argv, exec: scriptExecCall(c) })) };
}

/** The decider for the file's rules, or the reason the rules cannot be used. */
export function deciderFor(
  dialect: PolicyDialect,
  suite: PolicyTestFile,
  host: PolicyTestHost,
): { decide: Decide } | { errors: string[] } {
  const names = rulesOf(suite.rules) ?? [];
  const errors: string[] = [];
  const read: { path: string; text: string }[] = [];
  for (const n of names) {
    const r = host.readFile(n);
    if (r.ok) read.push({ path: n, text: r.text });
    else errors.push(`rules ${n}: ${r.message}`);
  }
  if (errors.length > 0) return { errors };
  if (dialect === 'codex') {
    const load = loadCodexRules(read as RulesFileInput[]);
    if (load.refused)
      return {
        errors: load.diagnostics
          .filter((d) => d.severity === 'error')
          .map(
            (d) =>
              `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.code} ${d.message} (Codex refuses the rules)`,
          ),
      };
    return {
      decide: (c) => {
        if (c.exec !== undefined) {
          // A call of a trace file: every command of its script, the strictest decision, as the
          // Policy view decides it.
          const r = replayCodexCall(load.policy, c.exec, SESSION_CHECK);
          return codexSeen({
            matchedRules: r.matched,
            ...(r.decision ? { decision: r.decision } : {}),
          });
        }
        if (c.call !== undefined || c.args !== undefined)
          return 'a Codex call is a `command` or an `argv`, not a tool `call`';
        const argv = c.argv ?? (c.command === undefined ? undefined : shlexSplit(c.command));
        if (argv === undefined || argv === null || argv.length === 0)
          return 'give the call a `command` (or `argv`)';
        return codexSeen(checkCommand(load.policy, argv));
      },
    };
  }
  const load = loadGeminiPolicies(
    read.map((f): GeminiFileInput => ({ ...f, tier: tierFromPath(f.path) })),
  );
  if (load.engineError !== undefined)
    return { errors: [`Gemini's policy engine refuses to start: ${load.engineError}`] };
  return {
    decide: (c, t) => {
      if (c.argv !== undefined)
        return 'a Gemini call is a tool `call` with `args`, or a shell `command`';
      const name = c.call ?? (c.command !== undefined ? 'run_shell_command' : undefined);
      if (name === undefined) return 'give the call a tool name (`call`) or a shell `command`';
      const args = c.command !== undefined ? { ...(c.args ?? {}), command: c.command } : c.args;
      const mode = c.mode ?? t.mode ?? suite.settings?.mode ?? 'default';
      const nonInteractive = c.nonInteractive ?? t.nonInteractive ?? suite.settings?.nonInteractive ?? false;
      return geminiSeen(
        checkToolCall(load.rules, args === undefined ? { name } : { name, args }, {
          mode,
          nonInteractive,
        }),
      );
    },
  };
}

/** The expected rule holds when it names one of the deciding rules (`file:line`, the file by base name or path). */
const ruleHolds = (expected: string, seen: readonly string[]) => {
  const want = expected.trim();
  if (want === 'none') return seen.length === 0 || seen.includes('none');
  const m = /^(.*):(\d+)$/.exec(want);
  const key = m ? `${fileName(m[1] as string)}:${m[2] as string}` : want;
  return seen.includes(key);
};

/** Options: run only the tests whose name passes `only`. */
export interface RunPolicyTestOptions {
  only?: (name: string) => boolean;
}

/** Runs a Codex or Gemini test file (see the module comment). Never throws. */
export function runPolicyTestFile(
  file: string,
  text: string,
  host: PolicyTestHost,
  dialect: PolicyDialect,
  options: RunPolicyTestOptions = {},
): TestFileResult {
  if (text.length > MAX_TEST_FILE_CHARS)
    return {
      file,
      errors: [
        `line 1: the test file is too large (the limit is ${MAX_TEST_FILE_CHARS / 1048576} MB)`,
      ],
      tests: [],
    };
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0)
    return {
      file,
      errors: doc.errors.map(
        (e) =>
          `line ${counter.linePos(e.pos[0]).line}: YAML syntax error: ${(e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      ),
      tests: [],
    };
  const lineAt = (path: readonly (string | number)[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = nodeIn(doc, path.slice(0, n));
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    return { file, errors: [`line 1: ${e instanceof Error ? e.message : String(e)}`], tests: [] };
  }
  const parsed = PolicyTestFile.safeParse(value);
  if (!parsed.success)
    return {
      file,
      errors: parsed.error.issues.map(
        (i) =>
          `line ${lineAt(i.path as (string | number)[])}: ${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`,
      ),
      tests: [],
    };
  const suite = parsed.data;
  const words: readonly string[] = DECISIONS[dialect];
  const problems: string[] = [];
  const traces = suite.tests.map((t) => callsOf(dialect, t.trace, host));
  suite.tests.forEach((t, ti) =>
    t.expect.forEach((e, ei) => {
      if (!words.includes(e.decision))
        problems.push(
          `line ${lineAt(['tests', ti, 'expect', ei, 'decision'])}: tests.${ti}.expect.${ei}.decision: ${JSON.stringify(e.decision)} is not a ${dialect === 'codex' ? 'Codex' : 'Gemini'} decision (${words.join(', ')})`,
        );
      const tr = traces[ti];
      const n = tr && 'calls' in tr ? tr.calls.length : Infinity;
      if (e.step > n)
        problems.push(
          `line ${lineAt(['tests', ti, 'expect', ei, 'step'])}: tests.${ti}.expect.${ei}.step: step ${e.step}, but the trace has ${n} call${n === 1 ? '' : 's'}`,
        );
    }),
  );
  if (problems.length > 0) return { file, errors: problems, tests: [] };
  const decider = deciderFor(dialect, suite, host);
  const tests: TestResult[] = [];
  suite.tests.forEach((t, ti) => {
    if (options.only && !options.only(t.name)) return;
    const line = lineAt(['tests', ti]);
    const trace = traces[ti] as { calls: TestCall[] } | { errors: string[] };
    const calls = 'calls' in trace ? trace.calls : [];
    const base = { name: t.name, line, steps: calls.length, decisions: [], decisionSteps: [] };
    if ('errors' in decider || 'errors' in trace) {
      const errors = [
        ...('errors' in decider ? decider.errors : []),
        ...('errors' in trace ? trace.errors : []),
      ];
      tests.push({ ...base, status: 'error', failures: [], errors });
      return;
    }
    const seen: Seen[] = [];
    const errors: string[] = [];
    calls.forEach((c, ci) => {
      const s = decider.decide(c, t);
      if (typeof s === 'string')
        errors.push(`line ${lineAt(['tests', ti, 'trace', ci])}: step ${ci + 1}: ${s}`);
      else seen.push(s);
    });
    if (errors.length > 0) {
      tests.push({ ...base, status: 'error', failures: [], errors });
      return;
    }
    const failures: TestFailure[] = [];
    t.expect.forEach((e, ei) => {
      const s = seen[e.step - 1] as Seen;
      const decisionOk = s.decision === e.decision;
      const ruleOk = e.rule === undefined || ruleHolds(e.rule, s.rules);
      if (decisionOk && ruleOk) return;
      const expected = `step ${e.step}: ${e.decision}${e.rule === undefined ? '' : ` by ${e.rule}`}`;
      failures.push({
        step: e.step,
        line: lineAt(['tests', ti, 'expect', ei]),
        expected,
        seen: `${s.decision}${s.rules.length > 0 ? ` by ${s.rules.join(', ')}` : ''}`,
        why: s.why,
      });
    });
    tests.push({ ...base, status: failures.length > 0 ? 'fail' : 'pass', failures, errors: [] });
  });
  return { file, errors: [], tests };
}
