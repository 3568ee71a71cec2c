/**
 * The TOML formatter of `rule-studio fmt`, in taplo's default style: no indentation of tables or
 * entries, `key = value` with one space each side of `=`, `[a.b]` headers without inner spaces,
 * inline tables as `{ a = 1, b = 2 }` on one line, arrays as `["a", "b"]`, at most one blank line, one space
 * before a trailing comment, a final newline. Comments (the `#:schema` line too), the order of
 * keys and tables, key spellings and string styles stay as written. An array written across
 * lines (a line break after its `[`) stays across lines, one element a line with a trailing comma;
 * one written on one line stays on one line while it fits in {@link FMT_WIDTH} columns.
 */
import { FmtError, FMT_WIDTH } from './common.ts';

type Tok =
  | { k: 'nl'; at: number }
  | { k: 'comment'; t: string; at: number }
  | { k: 'p'; t: '[' | ']' | '{' | '}' | ',' | '='; at: number; sp: boolean }
  | { k: 'atom'; t: string; at: number };

const PUNCT = new Set(['[', ']', '{', '}', ',', '=']);
const STOP = /[\s[\]{},=#"']/;

function stringEnd(text: string, i: number): number {
  const q = text[i] as string;
  if (text.startsWith(q.repeat(3), i)) {
    const close = text.indexOf(q.repeat(3), i + 3);
    let end = close;
    if (q === '"') {
      // A basic multi-line string: `\"""` is escaped, so look past escapes.
      end = -1;
      for (let j = i + 3; j < text.length; j++) {
        if (text[j] === '\\') j++;
        else if (text.startsWith('"""', j)) {
          end = j;
          break;
        }
      }
    }
    if (end < 0) throw new FmtError('unterminated multi-line string', i);
    let stop = end + 3;
    // Up to two quotes may end the content right before the closing delimiter.
    while (stop - end < 5 && text[stop] === q) stop++;
    return stop;
  }
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\n') break;
    if (q === '"' && c === '\\') j++;
    else if (c === q) return j + 1;
  }
  throw new FmtError('unterminated string', i);
}

/** The tokens of a TOML text; white space (but not line breaks) is dropped. */
export function lexToml(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let sp = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\n') {
      out.push({ k: 'nl', at: i++ });
      sp = false;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      sp = true;
    } else if (c === '#') {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      out.push({ k: 'comment', t: text.slice(i, end).replace(/\s+$/, ''), at: i });
      i = end;
    } else if (PUNCT.has(c)) {
      out.push({ k: 'p', t: c as '[', at: i++, sp });
      sp = false;
    } else if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      out.push({ k: 'atom', t: text.slice(i, end), at: i });
      i = end;
      sp = false;
    } else {
      let j = i;
      while (j < text.length && !STOP.test(text[j] as string)) j++;
      // A local date-time may separate date and time with one space: `1979-05-27 07:32:00`.
      if (/^\d{4}-\d{2}-\d{2}$/.test(text.slice(i, j)) && /^ \d{2}:\d{2}/.test(text.slice(j, j + 6))) {
        j++;
        while (j < text.length && !STOP.test(text[j] as string)) j++;
      }
      out.push({ k: 'atom', t: text.slice(i, j), at: i });
      i = j;
      sp = false;
    }
  }
  return out;
}

/** The comments of a TOML text, in order (for checking that formatting kept every one). */
export function tomlComments(text: string): string[] {
  return lexToml(text).flatMap((t) => (t.k === 'comment' ? [t.t] : []));
}

interface Item {
  value: Value;
  /** Comment lines before the element, and whether a blank line came before them. */
  before: string[];
  blank: boolean;
  /** A comment after the element (and its comma) on its line. */
  after?: string;
}

type Value =
  | { kind: 'atom'; raw: string }
  | { kind: 'array'; items: Item[]; tail: string[]; broken: boolean }
  | { kind: 'table'; entries: { key: string; value: Value }[] };

class Parser {
  i = 0;
  constructor(
    private readonly toks: Tok[],
    private readonly depthLimit = 128,
  ) {}

  peek(): Tok | undefined {
    return this.toks[this.i];
  }

  fail(message: string): never {
    throw new FmtError(message, this.peek()?.at ?? -1);
  }

  /** A key up to `=` or `]`: its parts joined without the spaces around dots. */
  key(stop: string): string {
    let key = '';
    for (let t = this.peek(); t && t.k === 'atom'; t = this.peek()) {
      key += t.t;
      this.i++;
    }
    const t = this.peek();
    if (key === '' || !t || t.k !== 'p' || t.t !== stop) this.fail(`expected a key and ${stop}`);
    return key;
  }

  value(depth: number): Value {
    if (depth > this.depthLimit) this.fail('nested too deep');
    const t = this.peek();
    if (!t) this.fail('expected a value');
    if (t.k === 'atom') {
      this.i++;
      return { kind: 'atom', raw: t.t };
    }
    if (t.k === 'p' && t.t === '[') return this.array(depth);
    if (t.k === 'p' && t.t === '{') return this.table(depth);
    return this.fail('expected a value');
  }

  array(depth: number): Value {
    this.i++;
    const items: Item[] = [];
    let before: string[] = [];
    let blank = false;
    let broken = false;
    // Line breaks since the last element, comma or comment: two or more make a blank line.
    let breaks = 0;
    let last: Item | undefined;
    let needComma = false;
    const blankBefore = () => {
      if (breaks >= 2 && (items.length > 0 || before.length > 0)) blank = true;
      breaks = 0;
    };
    for (;;) {
      const t = this.peek();
      if (!t) this.fail('unclosed array');
      if (t.k === 'nl') {
        if (items.length === 0) broken = true;
        breaks++;
        this.i++;
      } else if (t.k === 'comment') {
        if (items.length === 0) broken = true;
        if (last && breaks === 0) last.after = t.t;
        else {
          blankBefore();
          before.push(t.t);
        }
        breaks = 0;
        this.i++;
      } else if (t.k === 'p' && t.t === ']') {
        this.i++;
        return { kind: 'array', items, tail: before, broken };
      } else if (t.k === 'p' && t.t === ',') {
        if (!needComma) this.fail('unexpected comma');
        needComma = false;
        breaks = 0;
        this.i++;
      } else {
        if (needComma) this.fail('expected a comma');
        needComma = true;
        blankBefore();
        last = { value: this.value(depth + 1), before, blank };
        items.push(last);
        before = [];
        blank = false;
      }
    }
  }

  table(depth: number): Value {
    this.i++;
    const entries: { key: string; value: Value }[] = [];
    for (;;) {
      const t = this.peek();
      if (!t) this.fail('unclosed inline table');
      if (t.k === 'nl' || t.k === 'comment') this.fail('a line break or comment inside an inline table');
      if (t.k === 'p' && t.t === '}') {
        this.i++;
        return { kind: 'table', entries };
      }
      if (t.k === 'p' && t.t === ',' && entries.length > 0) {
        this.i++;
        continue;
      }
      const key = this.key('=');
      this.i++;
      entries.push({ key, value: this.value(depth + 1) });
    }
  }
}

/** The one-line form of a value, or undefined when it has no one-line form or was written across lines. */
function flat(v: Value): string | undefined {
  if (v.kind === 'atom') return v.raw.includes('\n') ? undefined : v.raw;
  if (v.kind === 'array') {
    if (v.broken || v.tail.length > 0 || v.items.some((it) => it.before.length > 0 || it.after !== undefined)) return undefined;
    const parts: string[] = [];
    for (const it of v.items) {
      const f = flat(it.value);
      if (f === undefined) return undefined;
      parts.push(f);
    }
    return `[${parts.join(', ')}]`;
  }
  const parts: string[] = [];
  for (const e of v.entries) {
    const f = flat(e.value);
    if (f === undefined) return undefined;
    parts.push(`${e.key} = ${f}`);
  }
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
}

function table(v: Extract<Value, { kind: 'table' }>, indent: number, col: number): string {
  if (v.entries.length === 0) return '{}';
  let out = '{ ';
  v.entries.forEach((e, n) => {
    if (n > 0) out += ', ';
    out += `${e.key} = `;
    const nl = out.lastIndexOf('\n');
    // An inline table is one line in TOML 1.0: what can be written on one line is, whatever its width.
    out += flat(e.value) ?? print(e.value, indent, nl < 0 ? col + out.length : out.length - nl - 1, 2);
  });
  return `${out} }`;
}

/** The formatted value starting at column `col` of a line indented by `indent`, `trail` characters following it. */
function print(v: Value, indent: number, col: number, trail: number): string {
  if (v.kind === 'atom') return v.raw;
  if (v.kind === 'table') return table(v, indent, col);
  const f = flat(v);
  if (f !== undefined && col + f.length + trail <= FMT_WIDTH) return f;
  if (v.items.length === 0 && v.tail.length === 0) return '[]';
  const pad = ' '.repeat(indent + 2);
  let out = '[\n';
  for (const it of v.items) {
    if (it.blank) out += '\n';
    for (const c of it.before) out += `${pad}${c}\n`;
    out += `${pad}${print(it.value, indent + 2, indent + 2, 1)},${it.after === undefined ? '' : ` ${it.after}`}\n`;
  }
  for (const c of v.tail) out += `${pad}${c}\n`;
  return `${out}${' '.repeat(indent)}]`;
}

/** Formats a TOML text (see the module comment); throws {@link FmtError} where it cannot read it. */
export function formatToml(text: string): string {
  const toks = lexToml(text);
  const p = new Parser(toks);
  const lines: string[] = [];
  let newlines = 0;
  const emit = (line: string) => {
    if (newlines >= 2 && lines.length > 0) lines.push('');
    lines.push(line);
    newlines = 0;
  };
  const endOfLine = (): string => {
    const t = p.peek();
    let comment = '';
    if (t?.k === 'comment') {
      comment = ` ${t.t}`;
      p.i++;
    }
    const n = p.peek();
    if (n && n.k !== 'nl') p.fail('expected the end of the line');
    return comment;
  };
  while (p.i < toks.length) {
    const t = p.peek() as Tok;
    if (t.k === 'nl') {
      newlines++;
      p.i++;
    } else if (t.k === 'comment') {
      emit(t.t);
      p.i++;
    } else if (t.k === 'p' && t.t === '[') {
      p.i++;
      const second = p.peek();
      const double = second?.k === 'p' && second.t === '[' && !second.sp;
      if (double) p.i++;
      const key = p.key(']');
      p.i++;
      if (double) {
        const close = p.peek();
        if (!close || close.k !== 'p' || close.t !== ']' || close.sp) p.fail('expected ]]');
        p.i++;
      }
      emit(`${double ? '[[' : '['}${key}${double ? ']]' : ']'}${endOfLine()}`);
    } else {
      const key = p.key('=');
      p.i++;
      const value = print(p.value(0), 0, key.length + 3, 0);
      emit(`${key} = ${value}${endOfLine()}`);
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
