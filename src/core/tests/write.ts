/**
 * Writing test YAML: a new test file from a simulation ("Save as test"), and expectations as
 * one-line flow mappings (`- { step: 3, decision: blocked, tool: transform, rule: "#3" }`).
 */
import { Document, isMap, isSeq, YAMLMap, YAMLSeq, type Node } from 'yaml';
import type { ReplaySettingsInput } from '../engine/settings.ts';
import type { RunExpectation, StepExpectation } from './schema.ts';
import { append } from '../model/append.ts';

/** A YAML node for expectations (a rule-set test's or a dialect test's), each a one-line flow mapping. */
export function expectationNodes(doc: Document, list: readonly object[]): Node[] {
  return list.map((e) => {
    const node = doc.createNode(e) as Node;
    if (isMap(node)) node.flow = true;
    if (isMap(node)) for (const p of node.items) if (isMap(p.value)) p.value.flow = true;
    return node;
  });
}

/** A run expectation node with flow-style counts. */
export function runNode(doc: Document, run: RunExpectation): Node {
  const node = doc.createNode(run) as Node;
  if (isMap(node)) for (const p of node.items) if (isMap(p.value) || isSeq(p.value)) p.value.flow = true;
  return node;
}

export interface NewTest {
  name: string;
  /** Rule files (project document names). */
  rules: readonly string[];
  /** A trace file name, or a scripted trace (its parsed value) to write inline. */
  trace: string | unknown;
  settings?: ReplaySettingsInput;
  expect: readonly StepExpectation[];
  run?: RunExpectation;
}

/** A complete test file holding one test. */
export function newTestFileText(test: NewTest): string {
  const doc = new Document({});
  const root = doc.contents as YAMLMap;
  root.set('rules', doc.createNode([...test.rules], { flow: true }));
  if (test.settings && Object.keys(test.settings).length > 0) root.set('settings', doc.createNode(test.settings, { flow: true }));
  const t = new YAMLMap();
  t.set('name', test.name);
  t.set('trace', typeof test.trace === 'string' ? test.trace : doc.createNode(test.trace));
  const seq = new YAMLSeq();
  append(seq.items, expectationNodes(doc, test.expect));
  t.set('expect', seq);
  if (test.run && Object.keys(test.run).length > 0) t.set('run', runNode(doc, test.run));
  root.set('tests', doc.createNode([t]));
  return doc.toString({ lineWidth: 0 });
}
