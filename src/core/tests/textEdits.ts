/**
 * Edits of a YAML text by source range, so `--update` rewrites only what changed: a block-list
 * item replaced by one or more one-line flow mappings, an item removed, a key's value replaced,
 * keys appended to a mapping. New values are written in flow style (`{ step: 3, decision: … }`).
 */
import { isMap, isScalar, isSeq, stringify, type Node } from 'yaml';

interface Edit {
  from: number;
  to: number;
  text: string;
}

/** A value in one line of flow YAML. */
export function flowYaml(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trimEnd();
}

/** Collects range edits of one text and applies them together. */
export class TextEdits {
  private readonly edits: Edit[] = [];
  constructor(private readonly text: string) {}

  /** Where a node's content ends, trailing blank space and newlines left out. */
  private end(node: Node): number {
    let end = node.range?.[1] ?? 0;
    while (end > 0 && /\s/.test(this.text[end - 1] ?? '')) end--;
    return end;
  }

  private lineStart(pos: number): number {
    return this.text.lastIndexOf('\n', pos - 1) + 1;
  }

  /** The `- ` of a block-list item, when the item is in a block list. */
  private dash(node: Node): { at: number; indent: string } | undefined {
    const start = node.range?.[0];
    if (start === undefined) return undefined;
    const lineStart = this.lineStart(start);
    const before = this.text.slice(lineStart, start);
    const m = /^(\s*)-\s+$/.exec(before);
    return m ? { at: lineStart, indent: m[1] ?? '' } : undefined;
  }

  /** Replaces a list item by the given values (one item each); an empty list removes it. */
  replaceItem(node: Node | undefined, values: readonly unknown[]): void {
    if (!node?.range) return;
    if (values.length === 0) return this.removeItem(node);
    const dash = this.dash(node);
    const sep = dash ? `\n${dash.indent}- ` : ', ';
    this.edits.push({ from: node.range[0], to: this.end(node), text: values.map(flowYaml).join(sep) });
  }

  /** Removes a list item (its whole line in a block list). */
  removeItem(node: Node | undefined): void {
    if (!node?.range) return;
    const dash = this.dash(node);
    if (!dash) return;
    const end = this.end(node);
    const next = this.text.indexOf('\n', end);
    this.edits.push({ from: dash.at, to: next < 0 ? this.text.length : next + 1, text: '' });
  }

  /** Sets `key` of a mapping: its value's text is replaced, or the key is appended. */
  setKey(map: Node | undefined, key: string, value: unknown): void {
    if (!isMap(map)) return;
    const pair = map.items.find((p) => isScalar(p.key) && p.key.value === key);
    const v = pair?.value as Node | undefined;
    if (v?.range) this.edits.push({ from: v.range[0], to: this.end(v), text: flowYaml(value) });
    else this.appendToMap(map, [[key, value]]);
  }

  /** Appends keys to a block mapping, at the indentation of its first key. */
  appendToMap(map: Node | undefined, entries: readonly [string, unknown][]): void {
    if (!isMap(map) || !map.range || map.flow) return;
    const first = map.items[0]?.key as Node | undefined;
    const start = first?.range?.[0] ?? map.range[0];
    const indent = ' '.repeat(start - this.lineStart(start));
    const lines = entries.flatMap(([k, v]) => {
      if (Array.isArray(v) && v.length > 0) return [`${indent}${k}:`, ...v.map((x) => `${indent}  - ${flowYaml(x)}`)];
      if (isMap(v) || isSeq(v) || (typeof v === 'object' && v !== null && !Array.isArray(v)))
        return [`${indent}${k}:`, ...Object.entries(v as Record<string, unknown>).map(([kk, vv]) => `${indent}  ${kk}: ${flowYaml(vv)}`)];
      return [`${indent}${k}: ${flowYaml(v)}`];
    });
    const at = this.end(map);
    this.edits.push({ from: at, to: at, text: `\n${lines.join('\n')}` });
  }

  /** The text with every edit applied (edits never overlap: each touches its own node). */
  apply(): string {
    let out = this.text;
    for (const e of [...this.edits].sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
    return out;
  }
}
