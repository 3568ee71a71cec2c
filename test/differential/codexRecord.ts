/**
 * The real Codex's answers to the differential test's seeded cases, recorded
 * (`test/data/codex-oracle/answers.json`): every case is checked against them on every run, with or
 * without the oracle installed, and a sample against the live oracle, which must still give the
 * recorded answers. Each answer is a fingerprint: `=` and a hash of the oracle's JSON when it
 * accepted the files, `!` and the `file:line` it reported (or `?`) when it refused them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { GenCase } from './codexGen.ts';
import type { OracleResult } from './codexOracle.ts';

export const ANSWERS_PATH = new URL('../data/codex-oracle/answers.json', import.meta.url);

export interface Recording {
  /** What answered, and how. */
  oracle: string;
  seed: number;
  /** One `[case fingerprint, answer]` per case, in the order the seed generates them. */
  answers: [string, string][];
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** A case's fingerprint: its files, command and resolve flag. */
export const caseKey = (c: GenCase): string => hash(JSON.stringify([c.files, c.argv, c.resolve]));

/** Where a refusal's message points (`f0.rules:3`), or `?`. */
export function refusedAt(error: string): string {
  const at = /--> (f\d+\.rules):(\d+):\d+/.exec(error);
  return at === null ? '?' : `${at[1]}:${at[2]}`;
}

/** The oracle's answer as recorded. */
export const answerOf = (r: OracleResult): string => (r.json === null ? `!${refusedAt(r.error)}` : `=${hash(JSON.stringify(r.json))}`);

/** Ours against a recorded answer: null when they agree, else what differs. */
export function againstRecorded(recorded: string, mine: { json: unknown } | { refused: { file: string; line: number; code: string } }): string | null {
  if ('refused' in mine) {
    if (!recorded.startsWith('!')) return `codex accepted the files; ours refused them at ${mine.refused.file}:${mine.refused.line} (${mine.refused.code})`;
    const at = recorded.slice(1);
    return at === '?' || at === `${mine.refused.file}:${mine.refused.line}` ? null : `codex refused at ${at}, ours at ${mine.refused.file}:${mine.refused.line} (${mine.refused.code})`;
  }
  if (recorded.startsWith('!')) return `codex refused the files (at ${recorded.slice(1)}); ours accepted them: ${JSON.stringify(mine.json)}`;
  return recorded === `=${hash(JSON.stringify(mine.json))}` ? null : `codex's JSON differs from ours: ${JSON.stringify(mine.json)}`;
}

export function readRecording(): Recording | null {
  return existsSync(ANSWERS_PATH) ? (JSON.parse(readFileSync(ANSWERS_PATH, 'utf8')) as Recording) : null;
}

export function writeRecording(r: Recording): void {
  writeFileSync(ANSWERS_PATH, `{\n  "oracle": ${JSON.stringify(r.oracle)},\n  "seed": ${r.seed},\n  "answers": [\n${r.answers.map((a) => `    ${JSON.stringify(a)}`).join(',\n')}\n  ]\n}\n`);
}
