/**
 * Scripted traces (`traces.md` §2): a YAML document with `start` (RFC 3339 with offset, default
 * 1970-01-01T00:00:00Z) and `steps`, compiled to canonical events on a virtual clock. The clock
 * moves only by `after` (before a step) and `every` (between repeated calls). A step that cannot
 * be used is an error item `line L: step N: …` (L = the step's line) and does not move the clock;
 * the other steps still compile. A bare list of steps is accepted as `steps` with the default start.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node, type YAMLMap } from 'yaml';
import type { TraceItem } from './events.ts';
import { eventItem, lineError } from './lineItems.ts';
import { compileStep } from './scriptedSteps.ts';
import { checkEventObject, parseTraceTime } from './validateEvent.ts';

const TOP_KEYS = ['start', 'steps'];

/** A YAML map as [key, plain value] pairs in file order, plus each scalar's source text. */
function mapPairs(map: YAMLMap): { pairs: [string, unknown][]; raw: (key: string) => string | undefined } {
  const pairs: [string, unknown][] = [];
  const sources = new Map<string, string>();
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const value = pair.value;
    pairs.push([key, isScalar(value) || isMap(value) || isSeq(value) ? value.toJSON() : (value ?? null)]);
    if (isScalar(value) && typeof value.source === 'string') sources.set(key, value.source);
  }
  return { pairs, raw: (key) => sources.get(key) };
}

/** The first line of a YAML parser message, without its trailing position. */
function yamlProblem(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return `YAML syntax error: ${first.replace(/ at line \d+, column \d+:?$/, '')}`;
}

/** Reads a scripted YAML trace into canonical items. */
export function readScripted(text: string, file?: string): TraceItem[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false, prettyErrors: false });
  const lineOf = (node: Node | null | undefined) => (node?.range ? counter.linePos(node.range[0]).line : 1);
  if (doc.errors.length > 0) {
    return doc.errors.map((e) => lineError(e.linePos?.[0].line ?? 1, yamlProblem(e.message), file));
  }
  const items: TraceItem[] = [];
  const root = doc.contents;
  if (root === null) return items;
  let clock = 0;
  let steps: Node | null = null;
  if (isSeq(root)) steps = root;
  else if (!isMap(root)) return [lineError(lineOf(root), 'expected a mapping with start and steps', file)];
  else {
    const seen = new Set<string>();
    for (const pair of root.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const line = lineOf(isScalar(pair.key) ? pair.key : null);
      if (seen.has(key)) items.push(lineError(line, `key '${key}' appears twice`, file));
      else if (!TOP_KEYS.includes(key)) items.push(lineError(line, `unknown key '${key}' (expected ${TOP_KEYS.join(', ')})`, file));
      else if (key === 'start') {
        const value = isScalar(pair.value) ? pair.value.value : pair.value;
        const time = parseTraceTime(value);
        if (time.ok) clock = time.ms;
        else items.push(lineError(line, `start: ${time.message}`, file));
      } else if (isSeq(pair.value)) steps = pair.value;
      else if (pair.value !== null && !(isScalar(pair.value) && pair.value.value === null)) {
        items.push(lineError(line, 'steps: expected a list of steps', file));
      }
      seen.add(key);
    }
  }
  if (!steps || !isSeq(steps)) return items;
  steps.items.forEach((node, index) => {
    const line = lineOf(node as Node);
    const where = `step ${index + 1}`;
    if (!isMap(node)) {
      items.push(lineError(line, `${where}: expected a mapping with one action key`, file));
      return;
    }
    const { pairs, raw } = mapPairs(node);
    const compiled = compileStep(pairs, raw);
    if (!compiled.ok) {
      items.push(lineError(line, `${where}: ${compiled.problem}`, file));
      return;
    }
    const { after, count, every, event } = compiled.step;
    const first = checkEventObject({ ...event, time: clock + after });
    if (!first.ok) {
      items.push(lineError(line, `${where}: ${first.problem}`, file));
      return;
    }
    clock += after;
    items.push(eventItem(first.event, line));
    for (let i = 1; i < count; i++) {
      clock += every;
      const next = checkEventObject({ ...event, time: clock });
      if (next.ok) items.push(eventItem(next.event, line));
    }
  });
  return items;
}
