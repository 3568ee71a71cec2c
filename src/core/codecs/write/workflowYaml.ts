/**
 * Workflow YAML export in the form hegel's loader reads (`workflow-rules.md` §2), fresh or applied
 * onto the user's previous text so their comments stay where the structure still matches.
 * Strings are quoted only when needed, and then so that YAML 1.1 readers agree too (`yes`, `on`);
 * multi-line prompts are written as literal block scalars.
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  type DocumentOptions,
  type SchemaOptions,
  type ToStringOptions,
} from 'yaml';
import type { Workflow } from '../../model/workflow.ts';
import { parseYamlSource } from '../parse/yaml.ts';
import { hegelWorkflowShape, OrderedMap, type OrderedValue } from './workflowJson.ts';
import { escapeUnprintable, UNPRINTABLE } from './yamlEscape.ts';

const DOCUMENT_OPTIONS: DocumentOptions & SchemaOptions = { version: '1.2', compat: 'yaml-1.1' };
/** Double-quoted strings stay on one line (never folded at `\n`), see `yamlEscape.ts`. */
const TO_STRING: ToStringOptions = { lineWidth: 0, blockQuote: 'literal', indentSeq: true, doubleQuotedMinMultiLineLength: Infinity };

/** The entries of an ordered mapping or plain object, or undefined for other values. */
function mapEntries(v: OrderedValue): readonly (readonly [string, OrderedValue])[] | undefined {
  if (v instanceof OrderedMap) return v.entries;
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return Object.entries(v);
  return undefined;
}

/** A scalar for `v`; strings holding characters YAML allows only escaped are double-quoted. */
function scalarFor(v: unknown): Scalar {
  const scalar = new Scalar(v);
  if (typeof v === 'string' && UNPRINTABLE.test(v)) scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}

/** Rule fields holding regex patterns: written double-quoted, as hegel's docs write them. */
const PATTERN_KEYS = new Set(['pattern', 'path_pattern']);

/** A fresh YAML node for an ordered value (`key`: the map key it sits under, if any). */
function freshNode(v: OrderedValue, key?: string): YAMLMap | YAMLSeq | Scalar {
  const entries = mapEntries(v);
  if (entries) {
    const map = new YAMLMap();
    for (const [k, x] of entries) map.items.push(new Pair(scalarFor(k), freshNode(x, k)));
    return map;
  }
  if (Array.isArray(v)) {
    const seq = new YAMLSeq();
    for (const x of v as readonly OrderedValue[]) seq.items.push(freshNode(x));
    return seq;
  }
  const scalar = scalarFor(v);
  if (typeof v === 'string' && key !== undefined && PATTERN_KEYS.has(key) && !v.includes('\n'))
    scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}

/** The key a map pair has in the plain value, for scalar keys. */
function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) ? (pair.key.value === null ? '' : String(pair.key.value)) : undefined;
}

/** `next`, carrying over the comments and spacing of the node it replaces. */
function replacing<T extends YAMLMap | YAMLSeq | Scalar>(old: unknown, next: T): T {
  if (old && typeof old === 'object') {
    const o = old as { comment?: string | null; commentBefore?: string | null; spaceBefore?: boolean };
    if (o.comment) next.comment = o.comment;
    if (o.commentBefore) next.commentBefore = o.commentBefore;
    if (o.spaceBefore) next.spaceBefore = o.spaceBefore;
  }
  return next;
}

/**
 * True when writing `s` in the node's present style would lose characters: a block scalar keeps
 * no whitespace-only value (` ` reads back as ``), and a folded one folds line breaks and edge
 * spaces. Such values are written double-quoted, where escapes keep every character.
 */
function styleWouldLose(style: Scalar['type'], s: string): boolean {
  if (s.trim() === '') return true;
  return style === Scalar.BLOCK_FOLDED && (s.includes('\n') || s.trim() !== s);
}

/**
 * Applies `next` onto the existing node `old`, reusing maps, lists, pairs and scalars (and so
 * their comments) wherever keys and kinds still match; map keys follow `next`'s order.
 */
function applyOnto(old: unknown, next: OrderedValue, key?: string): unknown {
  const entries = mapEntries(next);
  if (entries) {
    if (!isMap(old)) return replacing(old, freshNode(next, key));
    const byKey = new Map<string, Pair>();
    for (const pair of old.items) {
      const k = keyOf(pair);
      if (k !== undefined && !byKey.has(k)) byKey.set(k, pair);
    }
    old.items = entries.map(([k, x]) => {
      const pair = byKey.get(k);
      if (!pair) return new Pair(scalarFor(k), freshNode(x, k));
      pair.value = applyOnto(pair.value, x, k);
      return pair;
    });
    return old;
  }
  if (Array.isArray(next)) {
    if (!isSeq(old)) return replacing(old, freshNode(next));
    old.items = (next as readonly OrderedValue[]).map((x, i) => applyOnto(old.items[i], x));
    return old;
  }
  if (isScalar(old) && old.value !== null && typeof old.value === typeof next) {
    old.value = next;
    if (typeof next === 'string' && (UNPRINTABLE.test(next) || styleWouldLose(old.type, next))) old.type = Scalar.QUOTE_DOUBLE;
    return old;
  }
  return replacing(old, freshNode(next, key));
}

/**
 * Comment lines at the top of a file belong to the file, but the parser attaches them to the
 * first key; when another key (`nextFirst`) will come first, they become the document's comment
 * so they stay on top.
 */
function keepHeaderComment(root: YAMLMap, doc: { commentBefore?: string | null }, nextFirst: string): void {
  const first = root.items[0]?.key;
  if (doc.commentBefore || !isScalar(first) || !first.commentBefore || String(first.value) === nextFirst) return;
  doc.commentBefore = first.commentBefore;
  first.commentBefore = undefined;
}

/**
 * Any value as YAML text in this writer's style (quoting, literal blocks), ending with a newline;
 * `key` is the map key it will sit under (patterns are double-quoted). In-place editors use it
 * for the one value they write.
 */
export function yamlValueText(value: OrderedValue, key?: string): string {
  const doc = new Document(null, DOCUMENT_OPTIONS);
  doc.contents = freshNode(value, key);
  return escapeUnprintable(doc.toString(TO_STRING));
}

/**
 * The workflow as YAML in hegel's form: `mode`, `start_node`, `nodes`; per node `summary` /
 * `prompt` / `prompt_hbs` when set, `transitions` always, `rules` when non-empty; an explicit
 * `done` node is dropped. Reading the text back gives the same model.
 */
export function writeWorkflowYaml(wf: Workflow): string {
  const doc = new Document(null, DOCUMENT_OPTIONS);
  doc.contents = freshNode(hegelWorkflowShape(wf));
  return escapeUnprintable(doc.toString(TO_STRING));
}

/**
 * Applies the workflow onto the YAML text it was imported from (and maybe edited since), keeping
 * the user's comments and formatting where keys and kinds still match. Falls back to
 * {@link writeWorkflowYaml} when the previous text does not parse or is not a mapping.
 */
export function updateWorkflowYaml(previousText: string, wf: Workflow): string {
  try {
    const { doc } = parseYamlSource(previousText);
    if (doc.errors.length > 0 || !isMap(doc.contents)) return writeWorkflowYaml(wf);
    doc.setSchema('1.2', { compat: 'yaml-1.1' });
    keepHeaderComment(doc.contents, doc, 'mode');
    doc.contents = applyOnto(doc.contents, hegelWorkflowShape(wf)) as typeof doc.contents;
    return escapeUnprintable(doc.toString(TO_STRING));
  } catch {
    return writeWorkflowYaml(wf);
  }
}
