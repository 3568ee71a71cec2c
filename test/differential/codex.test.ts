/**
 * Differential test: Rule Studio's Codex execpolicy reader and decisions against the real Codex
 * (`@openai/codex@0.171.0`, `codex execpolicy check`) on seeded random rule files × commands, plus
 * the examples of Codex's execpolicy README. Every case compares whether the files load, and
 * when they do the whole JSON (matched rules with their prefixes, justifications, resolved
 * programs, and the decision).
 *
 * Codex checks one command per process, so its answers to the 1,000 seeded cases are recorded
 * (`test/data/codex-oracle/answers.json`, see codexRecord.ts): every run checks every case against
 * them, oracle or not, and sends every 8th case to the live oracle, which must agree with ours and
 * still give the recorded answer. `CODEX_DIFF_RECORD=1` sends every case to the oracle and writes
 * the recording anew (after a change to the generator or the oracle); another `CODEX_DIFF_SEED` or
 * `CODEX_DIFF_CASES` sends every case to the oracle. The live part is skipped with a clear message
 * when the oracle is not installed; `.ci/run` sets RULE_STUDIO_REQUIRE_ORACLES=1 so that a missing
 * oracle fails instead.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCommand, loadCodexRules, toCodexJson } from '../../src/core/permissions/codex/index.ts';
import { codexOracle, ORACLE_REQUIRED, pool, runOracle, type OracleResult } from './codexOracle.ts';
import { genCase, rng, type GenCase } from './codexGen.ts';
import { README_CASES, REGRESSION_CASES } from './codexReadme.ts';
import { againstRecorded, answerOf, caseKey, readRecording, refusedAt, writeRecording } from './codexRecord.ts';

const NAMED = [...README_CASES, ...REGRESSION_CASES];

const bin = codexOracle();
const DEFAULT_CASES = 1000;
const DEFAULT_SEED = 20261128;
const CASES = Number(process.env.CODEX_DIFF_CASES ?? DEFAULT_CASES);
const SEED = Number(process.env.CODEX_DIFF_SEED ?? DEFAULT_SEED);
const RECORD = process.env.CODEX_DIFF_RECORD === '1';
/** With a recording, every LIVE_EVERY-th case also goes to the live oracle. */
const LIVE_EVERY = 8;
const ORACLE = '@openai/codex@0.171.0, codex execpolicy check';

type Ours = { json: unknown } | { refused: { file: string; line: number; code: string } };

/** Ours, in the oracle's terms: the JSON, or `refused` with the first error's file and line. */
function ours(c: GenCase): Ours {
  const load = loadCodexRules(c.files.map((f) => ({ path: f.name, text: f.text })));
  const first = load.diagnostics.find((d) => d.severity === 'error');
  if (first !== undefined) return { refused: { file: first.file, line: first.range.start.line, code: first.code } };
  return { json: toCodexJson(checkCommand(load.policy, c.argv, { resolveHostExecutables: c.resolve })) };
}

const show = (c: GenCase) => `files:\n${c.files.map((f) => `--- ${f.name}\n${f.text}`).join('')}argv: ${JSON.stringify(c.argv)} resolve: ${c.resolve}\n`;

/** The oracle's answer against ours: null when both engines agree, else the disagreement as text. */
function compare(theirs: OracleResult, c: GenCase): string | null {
  const mine = ours(c);
  if (theirs.json === null) {
    if (!('refused' in mine)) return `${show(c)}codex refused: ${theirs.error.split('\n').slice(0, 12).join('\n')}\nours: ${JSON.stringify(mine.json)}`;
    const at = refusedAt(theirs.error);
    if (at !== '?' && at !== `${mine.refused.file}:${mine.refused.line}`) return `${show(c)}codex refused at ${at}, ours at ${mine.refused.file}:${mine.refused.line} (${mine.refused.code})\n${theirs.error}`;
    return null;
  }
  if ('refused' in mine) return `${show(c)}codex accepted: ${JSON.stringify(theirs.json)}\nours refused: ${JSON.stringify(mine.refused)}`;
  return JSON.stringify(theirs.json) === JSON.stringify(mine.json) ? null : `${show(c)}codex: ${JSON.stringify(theirs.json)}\nours:  ${JSON.stringify(mine.json)}`;
}

const cases = (() => {
  const r = rng(SEED);
  return Array.from({ length: CASES }, () => genCase(r));
})();
const recording = readRecording();
const usesRecording = !RECORD && SEED === DEFAULT_SEED && CASES === DEFAULT_CASES;

describe('Codex execpolicy README examples and regressions (decided by Rule Studio)', () => {
  for (const c of NAMED)
    it(c.name, () => {
      const mine = ours(c);
      expect(mine).toEqual(c.expected);
    });
});

describe.skipIf(!usesRecording)(`Codex execpolicy: the real Codex's recorded answers (${ORACLE})`, () => {
  it(`${CASES} random rule files × commands (seed ${SEED}) decided as Codex decided them: 0 disagreements`, () => {
    expect(recording, 'no recording: run CODEX_DIFF_RECORD=1 npx vitest run test/differential/codex.test.ts (needs the oracle)').not.toBeNull();
    const answers = recording!.answers;
    expect(recording!.seed).toBe(SEED);
    expect(answers).toHaveLength(CASES);
    const stale = cases.findIndex((c, i) => answers[i]![0] !== caseKey(c));
    expect(stale, 'the recording is of other cases (the generator changed): re-record with CODEX_DIFF_RECORD=1').toBe(-1);
    const bad = cases.flatMap((c, i) => {
      const d = againstRecorded(answers[i]![1], ours(c));
      return d === null ? [] : [`case ${i}:\n${show(c)}${d}`];
    });
    expect(bad.slice(0, 5)).toEqual([]);
  });
});

describe.skipIf(bin === null && !ORACLE_REQUIRED)(`Codex execpolicy differential (oracle ${ORACLE})`, () => {
  it('the oracle is installed (scripts/install-oracles.sh)', () => {
    expect(bin, 'no Codex oracle: run scripts/install-oracles.sh (RULE_STUDIO_ORACLES or ~/.cache/rule-studio/oracles)').not.toBeNull();
  });

  it('README examples and regressions: the oracle agrees with the expected results', async () => {
    const out = await pool(NAMED, 2, async (c) => compare(await runOracle(bin as string, c.files, c.argv, c.resolve), c));
    expect(out.filter((x) => x !== null)).toEqual([]);
  }, 60_000);

  const live = cases.map((_, i) => i).filter((i) => !usesRecording || i % LIVE_EVERY === 0);
  const what = usesRecording ? `every ${LIVE_EVERY}th of the ${CASES} cases (${live.length})` : `${CASES} random rule files × commands`;
  it(`${what} (seed ${SEED}) through the live oracle: 0 disagreements${usesRecording ? ', and it still gives the recorded answers' : ''}`, async () => {
    const theirs = await pool(live, 2, (i) => runOracle(bin as string, cases[i]!.files, cases[i]!.argv, cases[i]!.resolve));
    const bad = live.map((i, k) => compare(theirs[k]!, cases[i]!)).filter((x): x is string => x !== null);
    const refused = theirs.filter((t) => t.json === null).length;
    console.log(`codex differential: ${live.length} cases through the oracle, ${live.length - bad.length} agreements, ${bad.length} disagreements (${refused} refused files)`);
    if (process.env.CODEX_DIFF_OUT !== undefined) writeFileSync(process.env.CODEX_DIFF_OUT, bad.join('\n\n=====\n'));
    if (RECORD && SEED === DEFAULT_SEED && CASES === DEFAULT_CASES) writeRecording({ oracle: ORACLE, seed: SEED, answers: cases.map((c, i) => [caseKey(c), answerOf(theirs[i]!)]) });
    if (usesRecording && recording !== null) {
      const drift = live.filter((i, k) => recording.answers[i]?.[1] !== answerOf(theirs[k]!));
      expect(drift, 'cases where the oracle no longer gives the recorded answer: re-record with CODEX_DIFF_RECORD=1').toEqual([]);
    }
    expect(bad.slice(0, 5)).toEqual([]);
  }, 900_000);
});

if (bin === null && !ORACLE_REQUIRED) console.warn('codex differential test: live part SKIPPED, the Codex oracle is not installed (run scripts/install-oracles.sh); the recorded answers are still checked');
