/**
 * Differential test: Rule Studio's Codex execpolicy reader and decisions against the real Codex
 * (`@openai/codex@0.171.0`, `codex execpolicy check`) on seeded random rule files × commands, plus
 * the examples of Codex's execpolicy README. Every case compares whether the files load, and
 * when they do the whole JSON (matched rules with their prefixes, justifications, resolved
 * programs, and the decision). Skipped with a clear message when the oracle is not installed;
 * `.ci/run` sets RULE_STUDIO_REQUIRE_ORACLES=1 so that a missing oracle fails instead.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCommand, loadCodexRules, toCodexJson } from '../../src/core/permissions/codex/index.ts';
import { codexOracle, ORACLE_REQUIRED, pool, runOracle } from './codexOracle.ts';
import { genCase, rng, type GenCase } from './codexGen.ts';
import { README_CASES, REGRESSION_CASES } from './codexReadme.ts';

const NAMED = [...README_CASES, ...REGRESSION_CASES];

const bin = codexOracle();
const CASES = Number(process.env.CODEX_DIFF_CASES ?? 1000);
const SEED = Number(process.env.CODEX_DIFF_SEED ?? 20261128);

/** Ours, in the oracle's terms: the JSON, or `refused` with the first error's file and line. */
function ours(c: GenCase): { json: unknown } | { refused: { file: string; line: number; code: string } } {
  const load = loadCodexRules(c.files.map((f) => ({ path: f.name, text: f.text })));
  const first = load.diagnostics.find((d) => d.severity === 'error');
  if (first !== undefined) return { refused: { file: first.file, line: first.range.start.line, code: first.code } };
  return { json: toCodexJson(checkCommand(load.policy, c.argv, { resolveHostExecutables: c.resolve })) };
}

/** A disagreement as text, or null when both engines agree. */
async function compare(oracle: string, c: GenCase): Promise<string | null> {
  const theirs = await runOracle(oracle, c.files, c.argv, c.resolve);
  const mine = ours(c);
  const show = () => `files:\n${c.files.map((f) => `--- ${f.name}\n${f.text}`).join('')}argv: ${JSON.stringify(c.argv)} resolve: ${c.resolve}\n`;
  if (theirs.json === null) {
    if (!('refused' in mine)) return `${show()}codex refused: ${theirs.error.split('\n').slice(0, 12).join('\n')}\nours: ${JSON.stringify(mine.json)}`;
    const at = /--> (f\d+\.rules):(\d+):\d+/.exec(theirs.error);
    if (at !== null && (at[1] !== mine.refused.file || Number(at[2]) !== mine.refused.line)) return `${show()}codex refused at ${at[1]}:${at[2]}, ours at ${mine.refused.file}:${mine.refused.line} (${mine.refused.code})\n${theirs.error}`;
    return null;
  }
  if ('refused' in mine) return `${show()}codex accepted: ${JSON.stringify(theirs.json)}\nours refused: ${JSON.stringify(mine.refused)}`;
  return JSON.stringify(theirs.json) === JSON.stringify(mine.json) ? null : `${show()}codex: ${JSON.stringify(theirs.json)}\nours:  ${JSON.stringify(mine.json)}`;
}

describe('Codex execpolicy README examples and regressions (decided by Rule Studio)', () => {
  for (const c of NAMED)
    it(c.name, () => {
      const mine = ours(c);
      expect(mine).toEqual(c.expected);
    });
});

describe.skipIf(bin === null && !ORACLE_REQUIRED)('Codex execpolicy differential (oracle @openai/codex@0.171.0)', () => {
  it('the oracle is installed (scripts/install-oracles.sh)', () => {
    expect(bin, 'no Codex oracle: run scripts/install-oracles.sh (RULE_STUDIO_ORACLES or ~/.cache/rule-studio/oracles)').not.toBeNull();
  });

  it('README examples and regressions: the oracle agrees with the expected results', async () => {
    const out = await pool(NAMED, 2, (c) => compare(bin as string, c));
    expect(out.filter((x) => x !== null)).toEqual([]);
  }, 60_000);

  it(`${CASES} random rule files × commands (seed ${SEED}): 0 disagreements`, async () => {
    const r = rng(SEED);
    const cases = Array.from({ length: CASES }, () => genCase(r));
    const out = await pool(cases, 2, (c) => compare(bin as string, c));
    const bad = out.filter((x): x is string => x !== null);
    const refused = cases.filter((c) => 'refused' in ours(c)).length;
    const matched = cases.filter((c) => {
      const m = ours(c);
      return 'json' in m && (m.json as { decision?: string }).decision !== undefined;
    }).length;
    console.log(`codex differential: ${CASES} cases, ${CASES - bad.length} agreements, ${bad.length} disagreements (${refused} refused files, ${matched} decided commands)`);
    if (process.env.CODEX_DIFF_OUT !== undefined) writeFileSync(process.env.CODEX_DIFF_OUT, bad.join('\n\n=====\n'));
    expect(bad.slice(0, 5)).toEqual([]);
  }, 900_000);
});

if (bin === null && !ORACLE_REQUIRED) console.warn('codex differential test SKIPPED: the Codex oracle is not installed (run scripts/install-oracles.sh)');
