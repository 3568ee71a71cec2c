import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ScriptedTrace, scriptedTraceJsonSchema } from '../../src/core/schema/scriptedTrace.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { STEP_MODIFIERS } from '../../src/core/traces/scriptedSteps.ts';
import { fixture } from './helpers.ts';

const casesDir = join(import.meta.dirname, '..', 'conformance', 'cases');

/** Every scripted trace in the repo: the fixture and the conformance cases whose trace is YAML. */
function exampleTraces(): [string, string][] {
  const out: [string, string][] = [['fixtures/scenario.yaml', fixture('scenario.yaml')]];
  for (const f of readdirSync(casesDir).filter((n) => n.endsWith('.case.json'))) {
    const c = JSON.parse(readFileSync(join(casesDir, f), 'utf8')) as { traceName?: string; trace?: string };
    if (c.traceName && /\.ya?ml$/.test(c.traceName) && typeof c.trace === 'string') out.push([f, c.trace]);
  }
  return out;
}

const readerAccepts = (text: string) => readScripted(text).every((i) => i.kind === 'event');
const schemaAccepts = (text: string) => ScriptedTrace.safeParse(parse(text)).success;

describe('scripted trace schema (zod)', () => {
  it('judges every example scripted trace in the repo like the reader, step by step', () => {
    const examples = exampleTraces();
    expect(examples.length).toBeGreaterThanOrEqual(3);
    let valid = 0;
    for (const [name, text] of examples) {
      const readerBad = readScripted(text).flatMap((i) => (i.kind === 'error' ? [Number(/step (\d+):/.exec(i.message)?.[1]) - 1] : []));
      const r = ScriptedTrace.safeParse(parse(text));
      const schemaBad = r.success ? [] : [...new Set(r.error.issues.map((i) => (i.path[0] === 'steps' ? i.path[1] : i.path[0])))];
      expect(schemaBad, `${name}: ${r.error?.message}`).toEqual(readerBad);
      if (r.success) valid++;
    }
    expect(valid).toBeGreaterThanOrEqual(2);
  });

  it.each([
    '- call: a\n- call: b\n  after: 250\n',
    'steps:\n',
    '',
    'steps:\n  - commit: 0012345\n  - workflow_start: review\n  - next:\n  - next: done_now\n  - continue:\n',
    'start: 2025-01-01T10:00:00+02:00\nsteps:\n  - call: a\n    consent: { approve_for: 60 }\n    duration_ms: 12.5\n    id: c1\n',
    'steps:\n  - end: true\n    tokens: { input: 1, output: 2 }\n  - tokens: { input: 3, output: 4, cache_creation: 5 }\n',
  ])('accepts %j like the reader', (text) => {
    expect(readerAccepts(text)).toBe(true);
    expect(schemaAccepts(text)).toBe(true);
  });

  it.each([
    'steps:\n  - call: a\n    colour: red\n',
    'steps:\n  - call: a\n    bash: ls\n',
    'steps:\n  - tokens: {input: 1, output: 1}\n    repeat: true\n',
    'steps:\n  - bash: ls\n    tokens: {input: 1, output: 1}\n',
    'steps:\n  - after: 5s\n',
    'steps:\n  - call: a\n    force: true\n',
    'steps:\n  - call: a\n    after: 5 sec\n',
    'steps:\n  - call: a\n    after: -5\n',
    'steps:\n  - call: a\n    after: 0.5ms\n',
    'steps:\n  - call: a\n    every: 5s\n',
    'steps:\n  - call: a\n    repeat: 0\n',
    'steps:\n  - call: a\n    duration: 1s\n    duration_ms: 5\n',
    'steps:\n  - call: a\n    outcome: failed\n',
    'steps:\n  - call:\n',
    'steps:\n  - continue: false\n',
    'steps:\n  - tokens: {input: 5}\n',
    'steps:\n  - next: {a: 1}\n',
    'steps:\n  - just a string\n',
    'steps: 5\n',
    'start: 2025-01-01T10:00:00\nsteps: []\n',
    'stpes: []\n',
    'steps:\n  - commit: ""\n',
  ])('rejects %j like the reader', (text) => {
    expect(readerAccepts(text)).toBe(false);
    expect(schemaAccepts(text)).toBe(false);
  });

  it('agrees with the reader on random steps built from every action and modifier key', () => {
    const keys = [...new Set([...Object.keys(STEP_MODIFIERS), ...Object.values(STEP_MODIFIERS).flat(), 'colour'])];
    const values = [
      true, false, null, 'a', '', '5s', '1m30s', '5 sec', '0.5ms', 3, 0, -1, 1.5, 100001,
      [], ['x'], [3], { input: 1, output: 2 }, { input: 1 }, { k: 'v' }, 'deny', 'error', 'ok', { approve_for: 5 },
    ];
    const step = fc.dictionary(fc.constantFrom(...keys), fc.constantFrom(...values), { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 3 }), (steps) => {
        // The same constant reused is written as a YAML alias (`next: &a1 []`, `force: *a1`), which
        // the reader once took for a value of its own (seed 10052682; scriptedAliases.test.ts).
        const text = stringify({ start: '2025-01-01T10:00:00Z', steps });
        expect(schemaAccepts(text), text).toBe(readerAccepts(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('scriptedTraceJsonSchema()', () => {
  type S = Record<string, unknown> & { anyOf?: S[]; properties?: Record<string, S>; items?: S; description?: string };

  it('describes every action key of a step, with the spec texts, and closes steps to unknown keys', () => {
    const schema = scriptedTraceJsonSchema() as S;
    expect(schema.$schema).toBeUndefined();
    const top = schema.anyOf?.find((s) => s.properties?.steps) as S;
    expect(top.properties?.start?.description).toMatch(/RFC 3339/);
    const list = top.properties?.steps?.anyOf?.find((s) => s.items) as S;
    const alternatives = list.items?.anyOf ?? [];
    const actions = alternatives.map((a) => Object.keys(a.properties ?? {}).find((k) => k in STEP_MODIFIERS && (a.required as string[] | undefined)?.includes(k)));
    expect(actions.sort()).toEqual(Object.keys(STEP_MODIFIERS).sort());
    for (const a of alternatives) expect(a.additionalProperties).toBe(false);
    const call = alternatives.find((a) => a.properties?.call) as S;
    expect(call.properties?.call?.description).toMatch(/tool_call/);
    expect(Object.keys(call.properties ?? {}).sort()).toEqual(['call', ...STEP_MODIFIERS.call].sort());
  });

  it('returns a copy the caller may change', () => {
    (scriptedTraceJsonSchema() as Record<string, unknown>).anyOf = [];
    expect((scriptedTraceJsonSchema() as { anyOf: unknown[] }).anyOf.length).toBe(3);
  });
});
