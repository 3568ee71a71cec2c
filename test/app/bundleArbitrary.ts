/** fast-check generator of project bundles: agents and workflows with any names, texts, layouts and metadata. */
import fc from 'fast-check';
import type { Json } from '../../src/core/model/toolRules.ts';
import type { ProjectBundle } from '../../src/core/project/bundle.ts';
import { agentArb, toolAlphabet, workflowArb } from '../fuzz/arbitraries.ts';

const text = fc.string({ unit: 'grapheme', maxLength: 40 });
const coord = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Object.is(x, -0));
// Never `__proto__`: zod drops that key from every record it reads (bundle.ts, Layout), so a
// position stored under it does not come back; test/app/bundle.test.ts pins that.
const layout = fc.dictionary(text.filter((k) => k !== '__proto__'), fc.record({ x: coord, y: coord }), { maxKeys: 4 });

/** Random projects: agents and workflows with any names, texts and layouts. */
export const bundleArb: fc.Arbitrary<ProjectBundle> = fc
  .tuple(
    text,
    fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('agent' as const), fileName: text.map((s) => `${s}.toml`), text, layout, agent: fc.tuple(toolAlphabet.chain(agentArb), fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as Json)).map(([a, metadata]) => ({ ...a, rules: a.rules.map((r, i) => (i === 0 ? { ...r, metadata } : r)) })) }),
        fc.record({ kind: fc.constant('workflow' as const), fileName: text.map((s) => `${s}.yaml`), text, layout, workflow: fc.boolean().chain(workflowArb) }),
      ),
      { maxLength: 5 },
    ),
    fc.nat(),
    // a trace may carry a walk-through's lead-in (trimmed, never empty, as the bundle reads it)
    fc.option(fc.array(fc.record({ name: text, text, note: text.map((s) => s.trim()).filter((s) => s !== '') }, { requiredKeys: ['name', 'text'] }), { maxLength: 3 }), { nil: undefined }),
    fc.option(fc.array(fc.record({ name: text, text }), { maxLength: 3 }), { nil: undefined }),
  )
  .map(([name, docs, active, traces, tests]) => {
    const withIds = docs.map((d, i) => ({ ...d, id: `doc-${i}` }));
    const activeDocId = withIds.length > 0 ? withIds[active % withIds.length]?.id : undefined;
    return {
      schemaVersion: 2,
      name,
      docs: withIds,
      ...(activeDocId !== undefined ? { activeDocId } : {}),
      ...(traces ? { traces: traces.map((t, i) => ({ id: `trace-${i}`, ...t })) } : {}),
      ...(tests ? { tests: tests.map((t, i) => ({ id: `test-${i}`, ...t })) } : {}),
    } as ProjectBundle;
  });

