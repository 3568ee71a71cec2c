/**
 * Project bundles: encode → decode is the identity for any project, older bundles are migrated,
 * and every kind of bad input gives a message that says what and where, never an exception.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUNDLE_SCHEMA_VERSION, decodeBundle, encodeBundle, looksLikeBundle, type ProjectBundle } from '../../src/core/project/bundle.ts';
import { bundleArb } from './bundleArbitrary.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const EXEC = readFileSync('examples/hegel-execution.yaml', 'utf8');

function encoded(b: ProjectBundle): string {
  const r = encodeBundle(b);
  if (!r.ok) throw new Error(r.message);
  return r.text;
}

const sample = (): ProjectBundle => fc.sample(bundleArb.filter((b) => b.docs.length >= 3), { numRuns: 1, seed: 7 })[0]!;

describe('project bundle', () => {
  it('decodes what it encodes, for any project', () => {
    fc.assert(
      fc.property(bundleArb, (b) => {
        const text = encoded(b);
        expect(JSON.parse(text).schemaVersion).toBe(BUNDLE_SCHEMA_VERSION);
        const r = decodeBundle(text);
        expect(r.ok && r.bundle).toEqual(b);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a layout key `__proto__` as no position (the object keeps its prototype) and keeps the other positions', () => {
    const b = structuredClone(sample());
    const raw = JSON.parse(encoded(b)) as { docs: { layout: object }[] };
    Object.defineProperty(raw.docs[0]!.layout, '__proto__', { value: { x: 7, y: 8 }, enumerable: true, configurable: true, writable: true });
    const text = JSON.stringify(raw);
    expect(text).toContain('"__proto__":{"x":7,"y":8}');
    const r = decodeBundle(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const layout = r.bundle.docs[0]!.layout;
    expect(Object.getPrototypeOf(layout)).toBe(Object.prototype);
    expect(Object.hasOwn(layout, '__proto__')).toBe(false);
    expect(r.bundle.docs.map((d) => d.layout)).toEqual(b.docs.map((d) => d.layout));
  });

  it('says what is wrong and where in an invalid bundle', () => {
    const b = structuredClone(sample());
    const doc = { kind: 'agent', id: 'x', fileName: 'a.toml', text: '', layout: {}, agent: { name: 'a', tools: [], rules: [{ tool_name: 't', rule_type: { type: 'ExitLoop' }, priority: 300 }] } };
    const bad = { ...b, docs: [...b.docs, doc] };
    const r = decodeBundle(JSON.stringify(bad));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(`docs[${b.docs.length}].agent.rules[0].priority:`);
  });

  it('refuses a bundle from a newer Rule Studio, naming both versions', () => {
    const r = decodeBundle(JSON.stringify({ ...sample(), schemaVersion: 9 }));
    expect(r).toEqual({ ok: false, message: `This project was made by a newer Rule Studio (schema 9; this one reads up to ${BUNDLE_SCHEMA_VERSION}).` });
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1, "name": ', /not valid JSON/],
    ['an array', '[1,2]', /\(root\): expected a JSON object/],
    ['a bad schemaVersion', '{"schemaVersion": "one"}', /schemaVersion: expected a whole number/],
    ['a doc of unknown kind', '{"schemaVersion":1,"name":"p","docs":[{"kind":"trace","id":"a","fileName":"a","text":""}]}', /docs\[0\]\.kind:/],
    ['duplicate ids', JSON.stringify({ schemaVersion: 1, name: 'p', docs: [0, 1].map(() => ({ kind: 'workflow', id: 'same', fileName: 'w.yaml', text: '', workflow: { name: 'w', mode: 'x', start_node: 'a', nodes: [] } })) }), /docs\[1\]\.id: "same" is used by two documents/],
  ])('refuses %s with a clear message and never throws', (_what, input, message) => {
    const r = decodeBundle(input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(message);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => void decodeBundle(v)), { numRuns: 300 });
    fc.assert(fc.property(fc.string(), (s) => void decodeBundle(s)), { numRuns: 300 });
  });

  it('keeps a trace’s lead-in note and reads bundles saved before traces had one (still version 2)', () => {
    const base = { schemaVersion: BUNDLE_SCHEMA_VERSION, name: 'p', docs: [] };
    const old = decodeBundle(JSON.stringify({ ...base, traces: [{ id: 't', name: 's.jsonl', text: '' }] }));
    expect(old.ok && old.bundle.traces).toEqual([{ id: 't', name: 's.jsonl', text: '' }]);
    const noted = decodeBundle(JSON.stringify({ ...base, traces: [{ id: 't', name: 's.jsonl', text: '', note: 'What the class will see.' }] }));
    expect(noted.ok && noted.bundle.traces?.[0]?.note).toBe('What the class will see.');
    const bad = decodeBundle(JSON.stringify({ ...base, traces: [{ id: 't', name: 's.jsonl', text: '', note: 'x'.repeat(2_001) }] }));
    expect(bad.ok ? '' : bad.message).toBe('The project bundle is not valid: traces[0].note: a note longer than 2,000 characters');
  });

  it('drops an activeDocId that names no document', () => {
    const r = decodeBundle({ schemaVersion: 1, name: 'p', activeDocId: 'ghost', docs: [] });
    expect(r.ok && r.bundle).toEqual({ schemaVersion: BUNDLE_SCHEMA_VERSION, name: 'p', docs: [] });
  });

  it('gives a missing layout an empty one', () => {
    const r = decodeBundle({ schemaVersion: 1, name: 'p', docs: [{ kind: 'workflow', id: 'w', fileName: 'w.yaml', text: 'x', workflow: { name: 'w', mode: 'm', start_node: 'a', nodes: [] } }] });
    expect(r.ok && r.bundle.docs[0]?.layout).toEqual({});
  });

  it('refuses to export a project whose model is invalid, without throwing', () => {
    const b = { schemaVersion: 1, name: 'p', docs: [{ kind: 'agent', id: 'a', fileName: 'a.toml', text: '', layout: {}, agent: { name: 'a', tools: [], rules: [{ tool_name: 't', rule_type: { type: 'MaxCalls', value: -1 }, conditions: [], priority: 5 }] } }] } as unknown as ProjectBundle;
    const r = encodeBundle(b);
    expect(!r.ok && r.message).toMatch(/docs\[0\]\.agent\.rules\[0\]\.rule_type\.value:/);
  });

  it('tells bundles from rule files', () => {
    expect(looksLikeBundle({ schemaVersion: 1, docs: [] })).toBe(true);
    expect(looksLikeBundle({ name: 'old', files: {} })).toBe(true);
    expect(looksLikeBundle({ agents: [{ name: 'a' }] })).toBe(false);
    expect(looksLikeBundle({ mode: 'x', start_node: 'a', nodes: {} })).toBe(false);
    expect(looksLikeBundle([])).toBe(false);
  });
});

describe('migration from schema 0 (files as a name → text map, no layout, no models)', () => {
  const v0 = { name: 'Old project', files: { 'etl-pipeline.toml': ETL, 'execution.yaml': EXEC, 'broken.toml': '[[agents]\nname = ' } };

  it('re-reads every file into a document with its model and keeps the texts', () => {
    const r = decodeBundle(JSON.stringify(v0));
    if (!r.ok) throw new Error(r.message);
    expect(r.bundle.schemaVersion).toBe(BUNDLE_SCHEMA_VERSION);
    expect(r.bundle.name).toBe('Old project');
    expect(r.bundle.docs.map((d) => [d.kind, d.fileName])).toEqual([
      ['agent', 'etl-pipeline.toml'],
      ['workflow', 'execution.yaml'],
    ]);
    const [agent, wf] = r.bundle.docs;
    expect(agent?.text).toBe(ETL);
    expect(agent?.kind === 'agent' && agent.agent.name).toBe('etl');
    expect(agent?.kind === 'agent' && agent.agent.rules.length).toBeGreaterThan(3);
    expect(wf?.kind === 'workflow' && wf.workflow.start_node).toBe('spec');
    expect(wf?.layout).toEqual({});
  });

  it('says which file it could not carry over', () => {
    const r = decodeBundle({ ...v0, schemaVersion: 0 });
    expect(r.ok && r.warnings).toEqual([expect.stringMatching(/^files\["broken\.toml"\] was left out: TOML syntax error/)]);
  });

  it('splits a file with several agents into one document each', () => {
    const two = `[[agents]]\nname = "a"\n\n[[agents]]\nname = "b"\n`;
    const r = decodeBundle({ files: { 'team.toml': two } });
    expect(r.ok && r.bundle.docs.map((d) => [d.fileName, d.kind === 'agent' && d.agent.name])).toEqual([
      ['a.toml', 'a'],
      ['b.toml', 'b'],
    ]);
  });

  it('refuses a schema-0 bundle whose files are not texts', () => {
    const r = decodeBundle({ name: 'x', files: { 'a.toml': 3 } });
    expect(!r.ok && r.message).toMatch(/files\["a\.toml"\]: expected the file's text/);
  });
});
