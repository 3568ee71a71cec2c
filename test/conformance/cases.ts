/**
 * Conformance cases (`traces.md` §6): the shared ones (the project's copies in test/data/conformance) and the project's
 * own in test/conformance/cases, validated with zod on load.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CONFORMANCE_DIR } from '../data/paths.ts';

export const ConformanceCase = z
  .object({
    name: z.string(),
    files: z.record(z.string(), z.string()),
    trace: z.string().optional(),
    traceName: z.string().optional(),
    traces: z.record(z.string(), z.string()).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    expect: z.array(z.record(z.string(), z.unknown())).optional(),
    diagnostics: z.array(z.string()).optional(),
  })
  .refine((c) => (c.expect !== undefined) !== (c.diagnostics !== undefined), {
    message: 'a case has either expect or diagnostics',
  });
export type ConformanceCase = z.infer<typeof ConformanceCase>;

export const SHARED_DIR = CONFORMANCE_DIR;
export const OWN_DIR = resolve(import.meta.dirname, 'cases');

export interface LoadedCase {
  file: string;
  source: 'shared' | 'own';
  case: ConformanceCase;
}

function loadDir(dir: string, source: LoadedCase['source']): LoadedCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.case.json'))
    .sort()
    .map((f) => ({ file: f, source, case: ConformanceCase.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))) }));
}

export const sharedCases = (): LoadedCase[] => loadDir(SHARED_DIR, 'shared');
export const ownCases = (): LoadedCase[] => loadDir(OWN_DIR, 'own');

/** The traces of a case, by file name (`trace` + `traceName`, or `traces`). */
export function caseTraces(c: ConformanceCase): Record<string, string> {
  if (c.traces) return c.traces;
  if (c.trace !== undefined) return { [c.traceName ?? (c.trace.trimStart().startsWith('{') ? 'trace.jsonl' : 'trace.yaml')]: c.trace };
  return {};
}

const FLAG: Record<string, string> = {
  profile: '--profile',
  orderingScope: '--ordering-scope',
  startConstraints: '--start',
  exitRequirements: '--exit',
  evaluateOn: '--evaluate-on',
  dedupeWindowMs: '--dedupe-window',
  consentDefault: '--consent-default',
  executionTimeoutMs: '--timeout',
  requirePermissions: '--require-permissions',
  agent: '--agent',
};

/** CLI flags for a case's options (`traces.md` §6). */
export function optionFlags(options: Record<string, unknown> = {}): string[] {
  return Object.entries(options).flatMap(([k, v]) => {
    const flag = FLAG[k];
    if (!flag) throw new Error(`unknown case option ${k}`);
    const value =
      typeof v === 'object' && v !== null && 'approve_for' in v ? `approve_for:${String((v as { approve_for: number }).approve_for)}` : String(v);
    return [flag, value];
  });
}

/** Compares a decision stream against `expect`: same length, each named field equal. */
export function compareDecisions(actual: Record<string, unknown>[], expect: Record<string, unknown>[]): string[] {
  const problems: string[] = [];
  const n = Math.max(actual.length, expect.length);
  for (let i = 0; i < n; i++) {
    const a = actual[i];
    const e = expect[i];
    if (!a) problems.push(`#${i}: missing, expected ${JSON.stringify(e)}`);
    else if (!e) problems.push(`#${i}: unexpected ${JSON.stringify(a)}`);
    else
      for (const [k, v] of Object.entries(e))
        if (JSON.stringify(a[k]) !== JSON.stringify(v))
          problems.push(`#${i}.${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(a[k])} in ${JSON.stringify(a)}`);
  }
  return problems;
}
