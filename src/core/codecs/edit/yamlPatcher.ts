/**
 * In-place edits of YAML text on top of the node offsets the `yaml` package keeps: a scalar is
 * replaced where it stands (in its own quoting style), a key is added after its neighbour in a
 * block mapping, an item is added to or removed from a block sequence with its lines. Flow
 * collections and emptied collections are left to the caller (it widens the edit). New values
 * are written in the workflow writer's style.
 */
import { isMap, isScalar, isSeq, Scalar, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { DocPath } from '../types.ts';
import { parseYamlSource } from '../parse/yaml.ts';
import { yamlValueText } from '../write/workflowYaml.ts';
import type { OrderedValue } from '../write/workflowJson.ts';
import type { TextPatcher } from './ops.ts';
import { entriesOf, plainOf } from './tree.ts';
import { cutLines, indentRest, lineEnd, lineStart, trimBack } from './lines.ts';

interface Located {
  node: Node | null | undefined;
  /** The pair holding the node, when its parent is a mapping. */
  pair?: Pair | undefined;
  /** True when the node sits inside a flow collection (`[…]`, `{…}`). */
  inFlow: boolean;
}

const keyText = (pair: Pair): string | undefined => (isScalar(pair.key) ? String(pair.key.value ?? '') : undefined);

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => keyText(p) === key);
}

function locate(root: unknown, path: DocPath): Located {
  let node = root as Node | null | undefined;
  let pair: Pair | undefined;
  let inFlow = false;
  for (const part of path) {
    if (isMap(node)) {
      inFlow ||= node.flow === true;
      pair = typeof part === 'string' ? pairOf(node, part) : undefined;
      node = pair?.value as Node | null | undefined;
    } else if (isSeq(node)) {
      inFlow ||= node.flow === true;
      pair = undefined;
      node = typeof part === 'number' ? (node.items[part] as Node | undefined) : undefined;
    } else return { node: undefined, inFlow };
  }
  return { node, pair, inFlow };
}

/** The column (0-based) of the first non-blank character on the line holding `offset`. */
function lineIndent(text: string, offset: number): number {
  const start = lineStart(text, offset);
  let i = start;
  while (text.charAt(i) === ' ') i++;
  return i - start;
}

const column = (text: string, offset: number): number => offset - lineStart(text, offset);

const isScalarValue = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** A value written in the writer's style without its final line break. */
const valueText = (v: unknown, key?: string): string => yamlValueText(v as OrderedValue, key).replace(/\n$/, '');

const C1 = /[\u007F-\u009F\uFFFE\uFFFF]/g;
const doubleQuoted = (s: string): string => JSON.stringify(s).replace(C1, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A scalar's text in the old scalar's quoting style where it can be; `indent` is for literal blocks. */
function scalarText(value: unknown, old: Scalar | undefined, key: string | undefined, inFlow: boolean, indent: number): string {
  if (typeof value !== 'string') return valueText(value);
  if (old?.type === Scalar.QUOTE_DOUBLE) return doubleQuoted(value);
  if (old?.type === Scalar.QUOTE_SINGLE && !value.includes('\n')) return `'${value.replace(/'/g, "''")}'`;
  const text = valueText(value, key);
  if (inFlow && (text.includes('\n') || /[,[\]{}]/.test(text))) return doubleQuoted(value);
  return indentRest(text, indent);
}

/** `key: value` (or `- value` with `dash`) placed at column `col`, continuation lines indented. */
function entryText(prefix: string, value: unknown, col: number, key?: string): string {
  const entries = entriesOf(value);
  const nonEmpty = (Array.isArray(value) && value.length > 0) || (entries !== undefined && entries.length > 0);
  if (prefix === '- ') return `- ${indentRest(valueText(value), col + 2)}`;
  if (nonEmpty) return `${prefix}\n${' '.repeat(col + 2)}${indentRest(valueText(value), col + 2)}`;
  return `${prefix} ${isScalarValue(value) ? scalarText(value, undefined, key, false, col + 2) : valueText(value)}`;
}

function parse(text: string): unknown {
  const { doc } = parseYamlSource(text);
  return doc.errors.length > 0 ? undefined : doc.contents;
}

function replace(text: string, path: DocPath, value: unknown): string | undefined {
  const root = parse(text);
  if (root === undefined || path.length === 0) return undefined;
  const located = locate(root, path);
  const { node, inFlow } = located;
  const range = node?.range;
  if (!node || !range) return undefined;
  if (isScalar(node) && isScalarValue(value)) {
    const end = text.charAt(range[1] - 1) === '\n' ? range[1] - 1 : range[1];
    const indent = lineIndent(text, range[0]) + 2;
    const key = path[path.length - 1];
    const written = scalarText(value, node, typeof key === 'string' ? key : undefined, inFlow, indent);
    const restOfLine = text.slice(end, lineEnd(text, end));
    const nl = written.indexOf('\n');
    if (nl >= 0 && restOfLine.trim().startsWith('#')) {
      // A literal block: a comment after the old value moves to the block's header line.
      return `${text.slice(0, range[0])}${written.slice(0, nl)} ${restOfLine.trim()}${written.slice(nl)}${text.slice(end + restOfLine.length)}`;
    }
    return text.slice(0, range[0]) + written + text.slice(end);
  }
  if (isMap(node) || isSeq(node)) {
    const collection = node as YAMLMap | YAMLSeq;
    const end = trimBack(text, range[1]);
    if (collection.flow && !inFlow) {
      const block = flowToBlock(text, located, range[0], end, value);
      if (block !== undefined) return block;
    }
    if (collection.flow || inFlow) return text.slice(0, range[0]) + JSON.stringify(plainOf(value)) + text.slice(end);
    const kept = commentLines(text.slice(range[0], end));
    const nonEmpty = Array.isArray(value) ? value.length > 0 : (entriesOf(value)?.length ?? 0) > 0;
    if (nonEmpty) return text.slice(0, range[0]) + indentRest(valueText(value), column(text, range[0])) + kept + text.slice(end);
    // A block collection becoming a scalar or an empty collection: written after its key.
    const keyNode = located.pair?.key as Node | undefined;
    if (!keyNode?.range) return undefined;
    const col = lineIndent(text, keyNode.range[0]);
    const colon = text.indexOf(':', keyNode.range[1]);
    if (colon < 0 || colon >= range[0]) return undefined;
    const scalar = isScalarValue(value) ? scalarText(value, undefined, String(path[path.length - 1]), false, col + 2) : valueText(value);
    return `${text.slice(0, colon + 1)} ${scalar}${indentKept(commentLines(text.slice(colon + 1, end)), col)}${text.slice(end)}`;
  }
  return undefined;
}

/**
 * A flow collection under a block key (`transitions: []`, the writer's own empty list) that gains
 * items is written again as a block after its key, in the writer's style, so one file never mixes
 * `[{"when":…}]` with block YAML. A non-empty flow list of plain values (`tools: [a, b]`, the
 * user's own choice) stays a flow list. A comment after the flow value moves to the key's line.
 */
function flowToBlock(text: string, located: Located, start: number, end: number, value: unknown): string | undefined {
  const old = located.node as YAMLMap | YAMLSeq;
  const items = Array.isArray(value) ? value : entriesOf(value);
  if (!items || items.length === 0) return undefined;
  const nested = Array.isArray(value) ? value.some((v) => !isScalarValue(v)) : true;
  if (old.items.length > 0 && !nested) return undefined;
  const keyNode = located.pair?.key as Node | undefined;
  if (!keyNode?.range) return undefined;
  const colon = text.indexOf(':', keyNode.range[1]);
  if (colon < 0 || colon >= start || text.slice(colon + 1, start).trim() !== '') return undefined;
  const col = lineIndent(text, keyNode.range[0]);
  const lineRest = text.slice(end, lineEnd(text, end));
  const comment = lineRest.trim().startsWith('#') ? ` ${lineRest.trim()}` : '';
  if (!comment && lineRest.trim() !== '') return undefined;
  const pad = ' '.repeat(col + 2);
  const block = valueText(value)
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
  return `${text.slice(0, colon + 1)}${comment}\n${block}${text.slice(end + lineRest.length)}`;
}

/** Where a `#` comment starts on a YAML line (outside quotes), or -1. */
function commentStart(line: string): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quote === '"' && c === '\\') i++;
    else if (quote !== '' && c === quote) quote = '';
    else if (quote === '' && (c === '"' || c === "'") && (i === 0 || /[\s[{,:-]/.test(line.charAt(i - 1)))) quote = c;
    else if (quote === '' && c === '#' && (i === 0 || /\s/.test(line.charAt(i - 1)))) return i;
  }
  return -1;
}

/**
 * The comments inside a replaced block (comment lines and comments after content; never the
 * content of literal blocks), each as its own line with its line's indentation, so replacing a
 * value keeps them.
 */
function commentLines(block: string): string {
  const out: string[] = [];
  let literalIndent = -1;
  for (const line of block.split('\n')) {
    const indent = /^ */.exec(line)?.[0] ?? '';
    if (literalIndent >= 0 && (line.trim() === '' || indent.length > literalIndent)) continue;
    literalIndent = -1;
    const at = commentStart(line);
    if (at >= 0) out.push(indent + line.slice(at).trim());
    if (/(^|[:-]\s)\s*[|>][-+0-9]*\s*(#.*)?$/.test(line)) literalIndent = indent.length;
  }
  return out.map((l) => `\n${l}`).join('');
}

/** Kept comment lines re-indented under a key at column `col`. */
const indentKept = (kept: string, col: number): string =>
  kept === '' ? '' : kept.split('\n').slice(1).map((l) => `\n${' '.repeat(col + 2)}${l.trim()}`).join('');

/** Offset of the end of the line where a pair (or item) ends. */
function endOfLines(text: string, node: Node | null | undefined, fallback: number): number {
  const end = node?.range ? node.range[1] : fallback;
  return lineEnd(text, Math.max(0, trimBack(text, end) - 1));
}

function insert(text: string, parent: DocPath, key: string | number, value: unknown, after?: string): string | undefined {
  const root = parse(text);
  if (root === undefined) return undefined;
  const { node, inFlow } = locate(root, parent);
  if (inFlow) return undefined;
  if (isMap(node) && !node.flow && typeof key === 'string') {
    const first = node.items[0];
    const firstKey = first?.key as Node | undefined;
    if (!firstKey?.range) return undefined;
    const col = column(text, firstKey.range[0]);
    const line = entryText(`${valueText(key)}:`, value, col, key);
    const anchor = after === undefined ? undefined : (pairOf(node, after) ?? node.items[node.items.length - 1]);
    if (!anchor) {
      const at = lineStart(text, firstKey.range[0]);
      return `${text.slice(0, at)}${' '.repeat(col)}${line}\n${text.slice(at)}`;
    }
    const at = endOfLines(text, anchor.value as Node, (anchor.key as Node).range?.[1] ?? 0);
    return `${text.slice(0, at)}\n${' '.repeat(col)}${line}${text.slice(at)}`;
  }
  if (isSeq(node) && !node.flow && typeof key === 'number') {
    const items = node.items as Node[];
    const first = items[0];
    if (!first?.range) return undefined;
    const col = lineIndent(text, first.range[0]);
    const line = entryText('- ', value, col);
    const before = items[key];
    if (before?.range) {
      const at = lineStart(text, before.range[0]);
      return `${text.slice(0, at)}${' '.repeat(col)}${line}\n${text.slice(at)}`;
    }
    const last = items[items.length - 1];
    const at = endOfLines(text, last, 0);
    return `${text.slice(0, at)}\n${' '.repeat(col)}${line}${text.slice(at)}`;
  }
  return undefined;
}

function remove(text: string, parent: DocPath, key: string | number): string | undefined {
  const root = parse(text);
  if (root === undefined) return undefined;
  const { node, inFlow } = locate(root, parent);
  if (inFlow) return undefined;
  if (isMap(node) && !node.flow && typeof key === 'string' && node.items.length > 1) {
    const pair = pairOf(node, key);
    const k = pair?.key as Node | undefined;
    if (!pair || !k?.range) return undefined;
    const start = lineStart(text, k.range[0]);
    if (text.slice(start, k.range[0]).trim() !== '') {
      // The first key of a sequence item (`- key: …`): the next key moves up to the dash.
      const next = (node.items[node.items.indexOf(pair) + 1]?.key as Node | undefined)?.range;
      if (!/^\s*-\s*$/.test(text.slice(start, k.range[0])) || !next) return undefined;
      const kept = isScalar(pair.value) ? commentLines(text.slice(k.range[0], next[0])) : '';
      const pad = ' '.repeat(lineIndent(text, start));
      const above = kept === '' ? '' : kept.slice(1).split('\n').map((l) => `${pad}${l.trim()}\n`).join('');
      return text.slice(0, start) + above + text.slice(start, k.range[0]) + text.slice(next[0]);
    }
    const end = endOfLines(text, pair.value as Node, k.range[1]);
    // The key's comments stay, as comment lines where they were.
    const kept = isScalar(pair.value) ? commentLines(text.slice(start, end)) : '';
    return kept === '' ? cutLines(text, start, end) : text.slice(0, start) + kept.slice(1) + text.slice(end);
  }
  if (isSeq(node) && !node.flow && typeof key === 'number' && node.items.length > 1) {
    const item = node.items[key] as Node | undefined;
    if (!item?.range) return undefined;
    const start = lineStart(text, item.range[0]);
    if (!/^\s*-\s*$/.test(text.slice(start, item.range[0]))) return undefined;
    return cutLines(text, start, endOfLines(text, item, item.range[1]));
  }
  return undefined;
}

/** A block mapping's key renamed where it stands, in the old key's quoting style (its value, comments and the blank lines around it stay). */
function rename(text: string, parent: DocPath, from: string, to: string): string | undefined {
  const root = parse(text);
  if (root === undefined) return undefined;
  const { node } = locate(root, parent);
  if (!isMap(node) || pairOf(node, to)) return undefined;
  const key = pairOf(node, from)?.key;
  if (!isScalar(key) || !key.range) return undefined;
  const [start, end] = key.range;
  const written = key.type === Scalar.QUOTE_DOUBLE ? doubleQuoted(to) : key.type === Scalar.QUOTE_SINGLE ? `'${to.replace(/'/g, "''")}'` : valueText(to);
  if (written.includes('\n')) return undefined;
  return text.slice(0, start) + written + text.slice(trimBack(text, end));
}

/** The YAML text patcher. */
export const yamlPatcher: TextPatcher = { replace, insert, remove, rename };
