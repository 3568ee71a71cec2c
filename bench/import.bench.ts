/**
 * Import of a big agent file (issue 9.3), as the import worker does it: read (parse, positions,
 * model), validate (diagnostics with their quick fixes), project (the tool graph) and lay out
 * (the layered layout; for a graph past the cap, only the view drawn first), for generated files of 3,000 and 30,000 rules (`test/support/bigAgent.ts`).
 * Then the hand-over to the page: the worker's result is structured-cloned (`v8.serialize`) and
 * the page pays the `deserialize` half on its main thread — in one task for one message, or per
 * slice as the import worker sends it (`importTransfer.ts`): the longest slice is the page's
 * longest task of the hand-over. CPU time, median of runs.
 * Target: under 3 s in all for 30,000 rules.
 */
import '../src/app/state/codecsEager.ts';
import { deserialize, serialize } from 'node:v8';
import { readImport } from '../src/app/persistence/importReading.ts';
import { diagnosticsOfReading, primeDiagnostics, readingOfLoaded } from '../src/app/state/documents.ts';
import { layoutOf, toolGraphOf } from '../src/app/graph/docGraph.ts';
import { isCapped, neighbourhoodIndices } from '../src/app/graph/neighbourhood.ts';
import { bigAgentToml } from '../test/support/bigAgent.ts';
import { cpuMs } from './measure.ts';
import { splitImport } from '../src/worker/importTransfer.ts';

export interface ImportFigures {
  rules: number;
  mb: number;
  runs: number;
  parseMs: number;
  validateMs: number;
  projectMs: number;
  layoutMs: number;
  totalMs: number;
  /** Structured clone of the result: serialise (worker side) and deserialise (the page's main thread). */
  serializeMs: number;
  deserializeMs: number;
  /** The longest deserialisation of one message when sent in slices (head or part). */
  sliceMs: number;
  slices: number;
  resultMb: number;
  diagnostics: number;
  nodes: number;
  edges: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function once(name: string, text: string) {
  const parse = cpuMs(() => readImport(name, text));
  const reading = parse.value;
  if (reading.kind !== 'docs' || !reading.loaded) throw new Error('the generated file did not read as one document');
  const { loaded, ...sendable } = reading;
  const doc = reading.docs[0];
  if (doc?.kind !== 'agent') throw new Error('the generated file did not read as one agent');
  const validate = cpuMs(() => diagnosticsOfReading(doc, readingOfLoaded(doc.kind, doc.fileName, loaded)));
  primeDiagnostics(doc, validate.value);
  const project = cpuMs(() => toolGraphOf(doc));
  // As the worker does (`analyseDoc`): a graph within the cap is laid out whole; past it only the
  // view drawn first is worked out (the page lays out each view it draws).
  const layout = cpuMs(() => (isCapped(project.value) ? { layout: {}, view: neighbourhoodIndices(project.value, undefined) } : { layout: layoutOf(doc) }));
  const result = { reading: sendable, analyses: [{ diagnostics: validate.value, graph: project.value, ...layout.value }] };
  const ser = cpuMs(() => serialize(result));
  const de = cpuMs(() => deserialize(ser.value));
  const { head, parts } = splitImport(result);
  const messages = [head, ...parts].map((m) => serialize(m));
  const slice = Math.max(...messages.map((m) => cpuMs(() => deserialize(m)).ms));
  return {
    parse: parse.ms,
    validate: validate.ms,
    project: project.ms,
    layout: layout.ms,
    serialize: ser.ms,
    deserialize: de.ms,
    slice,
    slices: messages.length,
    bytes: ser.value.length,
    diagnostics: validate.value.diagnostics.length,
    nodes: project.value.nodes.length,
    edges: project.value.edges.length,
  };
}

export function benchImport(sizes: readonly number[] = [3_000, 30_000], runs = 3): ImportFigures[] {
  return sizes.map((rules) => {
    const text = bigAgentToml(rules);
    once('big.toml', text); // warm-up (JIT), not counted
    const all = Array.from({ length: runs }, () => once('big.toml', text));
    const pick = (k: keyof ReturnType<typeof once>) => median(all.map((r) => r[k]));
    const parseMs = pick('parse');
    const validateMs = pick('validate');
    const projectMs = pick('project');
    const layoutMs = pick('layout');
    return {
      rules,
      mb: text.length / 1048576,
      runs,
      parseMs,
      validateMs,
      projectMs,
      layoutMs,
      totalMs: median(all.map((r) => r.parse + r.validate + r.project + r.layout)),
      serializeMs: pick('serialize'),
      deserializeMs: pick('deserialize'),
      sliceMs: pick('slice'),
      slices: all[0]!.slices,
      resultMb: pick('bytes') / 1048576,
      diagnostics: all[0]!.diagnostics,
      nodes: all[0]!.nodes,
      edges: all[0]!.edges,
    };
  });
}
