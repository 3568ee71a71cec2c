/**
 * Scripted traces (`traces.md` §2): a YAML document with `start` (RFC 3339 with offset, default
 * 1970-01-01T00:00:00Z) and `steps`, compiled to canonical events on a virtual clock. The clock
 * moves only by `after` (before a step) and `every` (between repeated calls). A step that cannot
 * be used is an error item `line L: step N: …` (L = the step's line) and does not move the clock;
 * the other steps still compile. A bare list of steps is accepted as `steps` with the default start.
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Alias, type Document, type Node, type YAMLMap } from 'yaml';
import type { TraceItem } from './events.ts';
import { eventItem, lineError } from './lineItems.ts';
import { MAX_ALIAS_COUNT, yamlErrorAt } from '../codecs/parse/yaml.ts';
import { pathPastBudget } from '../model/jsonDepth.ts';
import { compileStep, type CompiledStep } from './scriptedSteps.ts';
import { checkEventObject, parseTraceTime } from './validateEvent.ts';
import { groupThousands } from '../engine/workflow/texts.ts';

const TOP_KEYS = ['start', 'steps'];

/**
 * How the reader sees a node of the trace: through a YAML alias to the node it names (`*a` is the
 * value anchored `&a`, as every YAML reader takes it), and as a plain value with its aliases
 * expanded. Without the document (a trace inside a file read elsewhere), aliases stay unresolved.
 */
interface NodeReader {
  node(n: unknown): unknown;
  plain(n: unknown): unknown;
}

function nodeReader(doc: Document | undefined): NodeReader {
  if (!doc) return { node: (n) => n, plain: (n) => (isScalar(n) || isMap(n) || isSeq(n) ? n.toJSON() : (n ?? null)) };
  const node = (n: unknown) => (isAlias(n) ? (n.resolve(doc) ?? null) : n);
  return {
    node,
    plain: (n) => (isAlias(n) || isMap(n) || isSeq(n) ? n.toJS(doc, { maxAliasCount: MAX_ALIAS_COUNT }) : isScalar(n) ? n.toJSON() : (n ?? null)),
  };
}

/** A YAML map as [key, plain value] pairs in file order, plus each scalar's source text. */
function mapPairs(map: YAMLMap, read: NodeReader): { pairs: [string, unknown][]; raw: (key: string) => string | undefined } {
  const pairs: [string, unknown][] = [];
  const sources = new Map<string, string>();
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    pairs.push([key, read.plain(pair.value)]);
    const value = read.node(pair.value);
    if (isScalar(value) && typeof value.source === 'string') sources.set(key, value.source);
  }
  return { pairs, raw: (key) => sources.get(key) };
}

/**
 * Most values a scripted trace may expand to through its aliases (each alias counts the data it
 * repeats): 999 aliases to one 200,000-item list are 200 million values, which the events would
 * each carry.
 */
export const MAX_SCRIPTED_VALUES = 1_000_000;

/** The first alias under `root`, in document order, that `wanted` accepts. */
function firstAlias(root: Node, wanted: (alias: Alias) => boolean): Alias | undefined {
  let found: Alias | undefined;
  visit(root, {
    Alias(_key, node) {
      if (!wanted(node)) return undefined;
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * The error of a trace (`root`, a node of `doc`) whose aliases cannot be expanded: one names no
 * anchor before it, or they repeat past {@link MAX_ALIAS_COUNT} or {@link MAX_SCRIPTED_VALUES}.
 * Undefined when it has no alias or they expand within the budgets.
 */
function aliasProblem(root: Node | null, doc: Document, lineOf: (node: Node | null | undefined) => number, columnOf: (node: Node | null | undefined) => number, file: string | undefined): PlanError | undefined {
  if (root === null) return undefined;
  const first = firstAlias(root, () => true);
  if (!first) return undefined;
  let value: unknown;
  try {
    value = root.toJS(doc, { maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    const where = firstAlias(root, (alias) => alias.resolve(doc) === undefined) ?? first;
    const message = e instanceof Error ? e.message : String(e);
    return at(lineError(lineOf(where), `YAML alias: ${message}`, file), columnOf(where));
  }
  const past = pathPastBudget(value, Infinity, MAX_SCRIPTED_VALUES);
  if (!past) return undefined;
  // The step holding the data that went past the budget.
  const top = isAlias(root) ? root.resolve(doc) : root;
  const steps = isMap(top) ? top.get('steps', true) : top;
  const index = isMap(top) ? past.path[1] : past.path[0];
  const node = typeof index === 'number' && isSeq(steps) ? (steps.items[index] as Node | undefined) : undefined;
  const where = typeof index === 'number' ? `step ${index + 1}: ` : '';
  return at(
    lineError(lineOf(node ?? first), `${where}the trace expands to more than ${groupThousands(MAX_SCRIPTED_VALUES)} values through its YAML aliases (each alias counts the data it repeats); nothing of this trace was replayed`, file),
    columnOf(node ?? first),
  );
}

/** The first line of a YAML parser message, without its trailing position. */
function yamlProblem(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return `YAML syntax error: ${first.replace(/ at line \d+, column \d+:?$/, '')}`;
}

/** The most events one scripted trace may expand to, all steps together (`repeat` included). */
export const MAX_SCRIPTED_EVENTS = 1_000_000;

/** A step that compiled: its line and column, its 1-based number and what it expands to. */
export interface PlannedStep {
  line: number;
  column: number;
  number: number;
  step: CompiledStep;
}

/** An error of the plan, with the 1-based column it starts at (kept out of the items replayed). */
type PlanError = TraceItem & { column?: number };

/** The plan of a scripted trace: the start clock and, in file order, compiled steps and errors. */
export interface ScriptedPlan {
  clock: number;
  plan: (PlannedStep | PlanError)[];
}

const at = (item: TraceItem, column: number): PlanError => ({ ...item, column });

/**
 * Parses the document and compiles every step without expanding anything: `plan` holds, in file
 * order, either a compiled step or an error item. Cheap whatever the `repeat` counts say.
 */
export function planScripted(text: string, file: string | undefined): ScriptedPlan {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false, prettyErrors: false });
  const lineOf = (node: Node | null | undefined) => (node?.range ? counter.linePos(node.range[0]).line : 1);
  const columnOf = (node: Node | null | undefined) => (node?.range ? counter.linePos(node.range[0]).col : 1);
  if (doc.errors.length > 0) {
    return {
      clock: 0,
      plan: doc.errors.map((e) => {
        const where = yamlErrorAt(counter, e);
        return at(lineError(where.line, yamlProblem(e.message), file), where.column);
      }),
    };
  }
  return planNode(doc.contents, lineOf, file, columnOf, doc);
}

/** Compiles the steps of a parsed scripted trace (see {@link planScripted}). */
function planNode(
  root: Node | null,
  lineOf: (node: Node | null | undefined) => number,
  file: string | undefined,
  columnOf: (node: Node | null | undefined) => number = () => 1,
  doc?: Document,
): ScriptedPlan {
  const plan: (PlannedStep | PlanError)[] = [];
  const aliases = doc && aliasProblem(root, doc, lineOf, columnOf, file);
  if (aliases) return { clock: 0, plan: [aliases] };
  const read = nodeReader(doc);
  root = read.node(root) as Node | null;
  if (root === null) return { clock: 0, plan };
  let clock = 0;
  let steps: Node | null = null;
  if (isSeq(root)) steps = root;
  else if (!isMap(root)) return { clock, plan: [at(lineError(lineOf(root), 'expected a mapping with start and steps', file), columnOf(root))] };
  else {
    const seen = new Set<string>();
    for (const pair of root.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const keyNode = isScalar(pair.key) ? pair.key : null;
      const line = lineOf(keyNode);
      const column = columnOf(keyNode);
      if (seen.has(key)) plan.push(at(lineError(line, `key '${key}' appears twice`, file), column));
      else if (!TOP_KEYS.includes(key)) plan.push(at(lineError(line, `unknown key '${key}' (expected ${TOP_KEYS.join(', ')})`, file), column));
      else if (key === 'start') {
        const node = read.node(pair.value);
        const value = isScalar(node) ? node.value : node;
        const time = parseTraceTime(value);
        if (time.ok) clock = time.ms;
        else plan.push(at(lineError(line, `start: ${time.message}`, file), column));
      } else if (isSeq(read.node(pair.value))) steps = read.node(pair.value) as Node;
      else if (pair.value !== null && !(isScalar(pair.value) && pair.value.value === null)) {
        plan.push(at(lineError(line, 'steps: expected a list of steps', file), column));
      }
      seen.add(key);
    }
  }
  if (!steps || !isSeq(steps)) return { clock, plan };
  steps.items.forEach((node, index) => {
    const line = lineOf(node as Node);
    const column = columnOf(node as Node);
    const where = `step ${index + 1}`;
    const step = read.node(node);
    if (!isMap(step)) {
      plan.push(at(lineError(line, `${where}: expected a mapping with one action key`, file), column));
      return;
    }
    const { pairs, raw } = mapPairs(step, read);
    const compiled = compileStep(pairs, raw);
    plan.push(compiled.ok ? { line, column, number: index + 1, step: compiled.step } : at(lineError(line, `${where}: ${compiled.problem}`, file), column));
  });
  return { clock, plan };
}

export const isPlanned = (entry: PlannedStep | TraceItem): entry is PlannedStep => 'step' in entry;

/** The error for the step whose events take the trace past the budget, or undefined when it fits. */
export function budgetError(plan: readonly (PlannedStep | TraceItem)[], budget: number, file: string | undefined): TraceItem | undefined {
  let total = 0;
  for (const entry of plan) {
    if (!isPlanned(entry)) continue;
    total += entry.step.count;
    if (total <= budget) continue;
    const { line, number, step } = entry;
    const repeat = step.count > 1 ? ` (repeat: ${step.count})` : '';
    const refusal = lineError(
      line,
      `step ${number}${repeat} takes the trace to ${groupThousands(total)} events, past the budget of ${groupThousands(budget)} for a scripted trace; ` +
        'nothing of this trace was replayed (lower the repeat counts or split the trace)',
      file,
    );
    return { ...refusal, refused: true } as TraceItem;
  }
  return undefined;
}

/**
 * Reads a scripted YAML trace into canonical items lazily, one at a time. Every step is compiled
 * first, so a trace whose `repeat` counts add up to more than `budget` events (default
 * {@link MAX_SCRIPTED_EVENTS}) yields only an error naming the step that crosses it, in time and
 * memory that do not depend on the counts.
 */
export function* scriptedItems(text: string, file?: string, budget: number = MAX_SCRIPTED_EVENTS): Generator<TraceItem> {
  yield* expandPlan(planScripted(text, file), file, budget);
}

/**
 * Reads a scripted trace that is already parsed (a mapping with `start` and `steps`, or a bare list
 * of steps) into canonical items. `lineOf` gives a node's 1-based line in its file, so a trace
 * written inline inside another YAML document (a rule-set test) reports that document's lines;
 * `doc`, the document the node is in, resolves its YAML aliases (without it they stay unread).
 */
export function readScriptedNode(root: Node | null, lineOf: (node: Node | null | undefined) => number, file?: string, budget: number = MAX_SCRIPTED_EVENTS, doc?: Document): TraceItem[] {
  return [...expandPlan(planNode(root, lineOf, file, undefined, doc), file, budget)];
}

/** The events of a compiled plan, after the budget check. */
function* expandPlan({ clock: start, plan }: ScriptedPlan, file: string | undefined, budget: number): Generator<TraceItem> {
  const overBudget = budgetError(plan, budget, file);
  if (overBudget) {
    yield overBudget;
    return;
  }
  let clock = start;
  for (const entry of plan) {
    if (!isPlanned(entry)) {
      const { column: _column, ...item } = entry;
      yield item;
      continue;
    }
    const { line, number, step } = entry;
    const first = checkEventObject({ ...step.event, time: clock + step.after });
    if (!first.ok) {
      yield lineError(line, `step ${number}: ${first.problem}`, file);
      continue;
    }
    clock += step.after;
    yield eventItem(first.event, line);
    // The repeats differ from the checked first event only in their time, so only that is checked.
    for (let i = 1; i < step.count; i++) {
      clock += step.every;
      if (Number.isSafeInteger(clock)) yield eventItem({ ...first.event, time: clock }, line);
    }
  }
}

/** How many items a scripted trace asks for (`repeat` counted, nothing expanded, no budget applied). */
export function scriptedEventCount(text: string): number {
  return planScripted(text, undefined).plan.reduce((n, entry) => n + (isPlanned(entry) ? entry.step.count : 1), 0);
}

/** Reads a scripted YAML trace into canonical items (see {@link scriptedItems} for the budget). */
export function readScripted(text: string, file?: string): TraceItem[] {
  return [...scriptedItems(text, file)];
}
