/**
 * Differential test: Rule Studio's Gemini CLI policy reader and decisions against the real Gemini
 * CLI engine (`@google/gemini-cli-core@0.61.0`: its own TOML loader and `PolicyEngine.check`, in
 * one child process) on seeded random policy files × tool calls, plus named cases (the docs'
 * examples and every disagreement found on the way). Compares which files/rules load (error kinds
 * per file), whether the engine starts, and per call the decision and the rule Gemini reports.
 * Skipped with a clear message when the oracle is not installed; `.ci/run` sets
 * RULE_STUDIO_REQUIRE_ORACLES=1 so that a missing oracle fails instead.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkToolCall, loadGeminiPolicies } from '../../src/core/permissions/gemini/index.ts';
import { geminiOracle, ORACLE_REQUIRED, runOracle, type OracleResult } from './geminiOracle.ts';
import { genCase, rng, type GenCase } from './geminiGen.ts';
import { NAMED_CASES, packageCommandCases } from './geminiCases.ts';

const dir = geminiOracle();
const CASES = Number(process.env.GEMINI_DIFF_CASES ?? 1000);
const SEED = Number(process.env.GEMINI_DIFF_SEED ?? 20261129);

/** The oracle's workspace (geminiOracle.mjs): a folder that does not exist. */
const WORKSPACE = '/nonexistent/rule-studio-workspace';
const ERROR_TYPE: Record<string, string> = {
  G001: 'toml_parse',
  G002: 'schema_validation',
  G003: 'rule_validation',
  G004: 'rule_validation',
  G005: 'rule_validation',
  G006: 'rule_validation',
  G007: 'regex_compilation',
  G008: 'regex_compilation',
};

/** Ours, in the oracle's terms (errors as sorted unique `file:type`, rules by their identity). */
export function ours(c: GenCase): {
  errors: string[];
  engineError: boolean;
  results: { decision: string; rule: string | null }[];
} {
  const load = loadGeminiPolicies(
    c.files.map((f) => ({ path: f.name, text: f.text, tier: f.tier })),
  );
  const errors = [
    ...new Set(
      load.diagnostics
        .filter((d) => d.severity === 'error' && ERROR_TYPE[d.code] !== undefined)
        .map((d) => `${d.file}:${ERROR_TYPE[d.code]}`),
    ),
  ].sort();
  if (load.engineError !== undefined) return { errors, engineError: true, results: [] };
  const results = c.calls.map((call) => {
    const e = checkToolCall(
      load.rules,
      call.args === undefined ? { name: call.name } : { name: call.name, args: call.args },
      { mode: call.mode, nonInteractive: call.nonInteractive, workspace: WORKSPACE },
    );
    const r = e.rule;
    const rule =
      r === undefined
        ? null
        : 'toolName' in r
          ? `${r.source}|${r.priority}|${r.toolName}|${r.decision}|${r.argsPattern?.source ?? ''}`
          : `${r.source}|${r.decision}`;
    return { decision: e.decision, rule };
  });
  return { errors, engineError: false, results };
}

export function theirs(o: OracleResult): ReturnType<typeof ours> {
  const errors = [
    ...new Set(
      o.errors.filter((e) => e.severity !== 'warning').map((e) => `${e.fileName}:${e.errorType}`),
    ),
  ].sort();
  const results = o.results.map((x) => ({
    decision: x.decision,
    rule:
      x.rule === null
        ? null
        : x.rule.source === 'Build File Protection'
          ? `${x.rule.source}|${x.rule.decision}`
          : `${x.rule.source}|${x.rule.priority}|${x.rule.toolName}|${x.rule.decision}|${x.rule.argsPattern ?? ''}`,
  }));
  return { errors, engineError: o.engineError !== undefined, results };
}

function compare(c: GenCase, o: OracleResult): string | null {
  if (o.crash !== undefined) return `oracle crashed: ${o.crash}`;
  const a = theirs(o);
  const b = ours(c);
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  return `files:\n${c.files.map((f) => `--- ${f.name} (${f.tier})\n${f.text}`).join('\n')}\ncalls: ${JSON.stringify(c.calls)}\ngemini: ${JSON.stringify(a)}\nours:   ${JSON.stringify(b)}`;
}

describe('Gemini CLI named cases (decided by Rule Studio)', () => {
  for (const c of NAMED_CASES)
    it(c.name, () => {
      expect(ours(c).results.map((x) => x.decision)).toEqual(c.expected);
    });
});

describe.skipIf(dir === null && !ORACLE_REQUIRED)(
  'Gemini CLI policy differential (oracle @google/gemini-cli-core@0.61.0)',
  () => {
    it('the oracle is installed (scripts/install-oracles.sh)', () => {
      expect(
        dir,
        'no Gemini oracle: run scripts/install-oracles.sh (RULE_STUDIO_ORACLES or ~/.cache/rule-studio/oracles)',
      ).not.toBeNull();
    });

    it(`named cases and ${CASES} random policy files × tool calls (seed ${SEED}): 0 disagreements`, async () => {
      const r = rng(SEED);
      const random = Array.from({ length: CASES }, () => genCase(r));
      const fixed: GenCase[] = [...NAMED_CASES, ...packageCommandCases()];
      const all: GenCase[] = [...fixed, ...random];
      const answers = await runOracle(dir as string, all);
      expect(answers.length).toBe(all.length);
      const named = fixed
        .map((c, i) => compare(c, answers[i] as OracleResult))
        .filter((x) => x !== null);
      const bad = random
        .map((c, i) => compare(c, answers[fixed.length + i] as OracleResult))
        .filter((x): x is string => x !== null);
      const calls = random.reduce((n, c) => n + c.calls.length, 0);
      const refused = random.filter(
        (c, i) => theirs(answers[fixed.length + i] as OracleResult).errors.length > 0,
      ).length;
      const decided = answers
        .slice(fixed.length)
        .reduce((n, a) => n + a.results.filter((x) => x.rule !== null).length, 0);
      console.log(
        `gemini differential: ${CASES} cases (${calls} tool calls, ${decided} decided by a rule, ${refused} with load errors), ${CASES - bad.length} agreements, ${bad.length} disagreements; named and package-test cases: ${fixed.length - named.length}/${fixed.length} agree`,
      );
      if (process.env.GEMINI_DIFF_OUT !== undefined)
        writeFileSync(process.env.GEMINI_DIFF_OUT, [...named, ...bad].join('\n\n=====\n'));
      expect(named).toEqual([]);
      expect(bad.slice(0, 3)).toEqual([]);
    }, 120_000);
  },
);

if (dir === null && !ORACLE_REQUIRED)
  console.warn(
    'gemini differential test SKIPPED: the Gemini oracle is not installed (run scripts/install-oracles.sh)',
  );
