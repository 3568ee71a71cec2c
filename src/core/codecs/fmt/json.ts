/**
 * The JSON formatter of `rule-studio fmt`, in prettier's style: two-space indentation, `"key": value`,
 * one-line objects as `{ "a": 1 }` and arrays as `[1, 2]`, a final newline. Key order, repeated
 * keys and the spelling of every string and number (escapes included) stay as written. An object
 * or array written across lines (a line break after its `{` or `[`) stays across lines, one member
 * a line; one written on one line stays on one line while it fits in {@link FMT_WIDTH} columns.
 */
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { FmtError, FMT_WIDTH } from './common.ts';

/** True when the source has a line break between a container's opening bracket and its first member (or its close). */
function broken(text: string, n: Node): boolean {
  const first = n.children?.[0];
  const end = first ? first.offset : n.offset + n.length - 1;
  return text.slice(n.offset + 1, end).includes('\n');
}

class Printer {
  private readonly flats = new Map<Node, string | undefined>();
  constructor(private readonly text: string) {}

  raw(n: Node): string {
    return this.text.slice(n.offset, n.offset + n.length);
  }

  /** The one-line form, or undefined when the node was written across lines (or holds one that was). */
  flat(n: Node): string | undefined {
    if (this.flats.has(n)) return this.flats.get(n);
    let out: string | undefined;
    if (n.type === 'object' || n.type === 'array') {
      const kids = n.children ?? [];
      if (!broken(this.text, n)) {
        const parts: string[] = [];
        for (const k of kids) {
          const f = n.type === 'object' ? this.flatMember(k) : this.flat(k);
          if (f === undefined) break;
          parts.push(f);
        }
        if (parts.length === kids.length)
          out = kids.length === 0 ? (n.type === 'object' ? '{}' : '[]') : n.type === 'object' ? `{ ${parts.join(', ')} }` : `[${parts.join(', ')}]`;
      }
    } else out = this.raw(n);
    this.flats.set(n, out);
    return out;
  }

  private flatMember(p: Node): string | undefined {
    const [k, v] = p.children ?? [];
    if (!k || !v) return undefined;
    const f = this.flat(v);
    return f === undefined ? undefined : `${this.raw(k)}: ${f}`;
  }

  print(n: Node, indent: number, col: number, trail: number): string {
    if (n.type !== 'object' && n.type !== 'array') return this.raw(n);
    const f = this.flat(n);
    if (f !== undefined && col + f.length + trail <= FMT_WIDTH) return f;
    const kids = n.children ?? [];
    const [open, close] = n.type === 'object' ? ['{', '}'] : ['[', ']'];
    if (kids.length === 0) return open + close;
    const pad = ' '.repeat(indent + 2);
    const lines = kids.map((k, i) => {
      const comma = i < kids.length - 1 ? 1 : 0;
      if (n.type === 'array') return pad + this.print(k, indent + 2, indent + 2, comma) + (comma ? ',' : '');
      const [key, v] = k.children ?? [];
      if (!key || !v) throw new FmtError('a property without a value', k.offset);
      const head = `${pad}${this.raw(key)}: `;
      return head + this.print(v, indent + 2, head.length, comma) + (comma ? ',' : '');
    });
    return `${open}\n${lines.join('\n')}\n${' '.repeat(indent)}${close}`;
  }
}

/** Formats a JSON text (see the module comment); throws {@link FmtError} where it cannot read it. */
export function formatJson(text: string): string {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const [first] = errors;
  if (first || !root) throw new FmtError('not JSON', first?.offset ?? 0);
  return `${new Printer(text).print(root, 0, 0, 0)}\n`;
}
