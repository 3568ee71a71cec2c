/** Every conformance case through the Worker entry (the simulation service over a MessageChannel). */
import { proxy } from 'comlink';
import { afterAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { connectService } from '../worker/harness.ts';
import { caseTraces, compareDecisions, ownCases, sharedCases } from './cases.ts';

describe('conformance through the Web Worker entry', () => {
  const { api, close } = connectService();
  afterAll(close);
  const cases = [...sharedCases(), ...ownCases()];

  it.each(cases.map((c) => [`${c.source}/${c.file}: ${c.case.name}`, c] as const))('%s', async (_n, lc) => {
    const c = lc.case;
    const ruleFiles = Object.entries(c.files).map(([name, text]) => ({ name, text }));
    const settings = (c.options ?? {}) as ReplaySettingsInput;
    const traces = Object.entries(caseTraces(c)).map(([name, text]) => ({ name, text }));
    const decisions: Decision[] = [];
    const result = await api.run(
      lc.file,
      { ruleFiles, traces: traces.length ? traces : [{ name: 'empty.jsonl', text: '' }], settings, chunkSize: 3 },
      proxy((chunk) => {
        decisions.push(...chunk.decisions);
      }),
    );
    if (c.diagnostics) {
      expect([...new Set(result.diagnostics.map((d) => d.code))].sort()).toEqual([...c.diagnostics].sort());
    } else {
      expect(result.status, result.message).toBe('done');
      expect(compareDecisions(decisions as unknown as Record<string, unknown>[], c.expect ?? [])).toEqual([]);
    }
  });
});
