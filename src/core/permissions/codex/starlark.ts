/**
 * A small Starlark interpreter for Codex `.rules` files: the subset such files use (assignment,
 * lists, dicts, tuples, strings with f-strings, `+`, `*`, `%`, comparisons, top-level `for`, `if`,
 * `def`/`return`, list comprehensions). Anything else is refused with K002 naming the construct.
 * Every evaluation step and every allocation counts against a budget (K004), so no file can make
 * the reader loop or grow without bound. Pure: no Node APIs.
 */
import { append } from '../../model/append.ts';

/** A 1-based position in the file. */
export interface Pos {
  line: number;
  col: number;
}

/** An error raised while reading or evaluating a file, with its stable code and position. */
export class StarlarkError extends Error {
  /** For a syntax error: the line of the top-level statement being read when it was found. */
  statementLine?: number;
  constructor(
    readonly code: string,
    message: string,
    readonly pos: Pos,
  ) {
    super(message);
  }
}

/** Limits for one file's evaluation. */
export interface Budget {
  /** Evaluation steps (expressions and statements). */
  steps: number;
  /** List, tuple and dict elements plus string characters created. */
  cells: number;
  /** Call depth of `def` functions. */
  depth: number;
}

export const DEFAULT_BUDGET: Budget = { steps: 2_000_000, cells: 20_000_000, depth: 100 };

// ---------------------------------------------------------------- lexer

type TokKind = 'name' | 'int' | 'str' | 'fstr' | 'op' | 'nl' | 'indent' | 'dedent' | 'eof';
interface Tok {
  kind: TokKind;
  value: string;
  pos: Pos;
  /** For `fstr`: positions are those of the literal. */
}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'if', 'elif', 'else', 'for', 'def', 'return', 'pass', 'break', 'continue', 'lambda', 'load', 'None', 'True', 'False']);
const RESERVED = new Set(['as', 'assert', 'async', 'await', 'class', 'del', 'except', 'finally', 'from', 'global', 'import', 'is', 'nonlocal', 'raise', 'try', 'while', 'with', 'yield']);
const OPS3 = ['**=', '//=', '<<=', '>>='];
const OPS2 = ['==', '!=', '<=', '>=', '+=', '-=', '*=', '/=', '%=', '//', '**', '->', '|=', '&=', '^=', '<<', '>>'];
const OPS1 = '()[]{},:.;=+-*/%<>|&^~@';

function lex(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  let depth = 0;
  const indents = [0];
  let atLineStart = true;
  const pos = (at: number): Pos => ({ line, col: at - lineStart + 1 });
  const err = (msg: string, at: number): never => {
    throw new StarlarkError('K001', msg, pos(at));
  };
  while (i < src.length) {
    if (atLineStart && depth === 0) {
      // measure indentation
      let j = i;
      let width = 0;
      while (j < src.length && (src[j] === ' ' || src[j] === '\t')) {
        width += src[j] === '\t' ? 8 - (width % 8) : 1;
        j++;
      }
      const c = src[j];
      if (c === undefined || c === '\n' || c === '#' || (c === '\r' && src[j + 1] === '\n')) {
        // blank or comment-only line
        i = j;
        while (i < src.length && src[i] !== '\n') i++;
        if (i < src.length) {
          i++;
          line++;
          lineStart = i;
        }
        continue;
      }
      atLineStart = false;
      const top = indents[indents.length - 1] ?? 0;
      if (width > top) {
        indents.push(width);
        toks.push({ kind: 'indent', value: '', pos: { line, col: 1 } });
      } else {
        while (width < (indents[indents.length - 1] ?? 0)) {
          indents.pop();
          toks.push({ kind: 'dedent', value: '', pos: { line, col: width + 1 } });
        }
        if (width !== (indents[indents.length - 1] ?? 0)) err('unindent does not match any outer indentation level', j);
      }
      i = j;
      continue;
    }
    const c = src[i] as string;
    if (c === '\n') {
      if (depth === 0) {
        toks.push({ kind: 'nl', value: '', pos: pos(i) });
        atLineStart = true;
      }
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      line++;
      lineStart = i;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < src.length && /[A-Za-z0-9_]/.test(src[j] as string)) j++;
      const word = src.slice(i, j);
      const q = src[j];
      if ((q === '"' || q === "'") && /^(r|f|rf|fr|b|rb|br)$/i.test(word)) {
        i = j;
        const raw = /r/i.test(word);
        const f = /f/i.test(word);
        if (/b/i.test(word)) err('byte strings are not supported', start);
        const s = readString(raw);
        toks.push({ kind: f ? 'fstr' : 'str', value: s, pos: pos(start) });
        continue;
      }
      if (RESERVED.has(word)) err(`\`${word}\` is a reserved word`, start);
      toks.push({ kind: 'name', value: word, pos: pos(start) });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i;
      while (j < src.length && /[0-9A-Za-z_.]/.test(src[j] as string)) j++;
      const text = src.slice(i, j);
      if (!/^(0|[1-9][0-9]*|0[xX][0-9a-fA-F]+|0[oO][0-7]+)$/.test(text)) {
        if (/^[0-9]*\.[0-9]*$/.test(text)) throw new StarlarkError('K002', 'floating-point numbers are not supported by this reader', pos(start));
        err(`invalid number \`${text}\``, start);
      }
      toks.push({ kind: 'int', value: text, pos: pos(start) });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      const s = readString(false);
      toks.push({ kind: 'str', value: s, pos: pos(start) });
      continue;
    }
    const three = src.slice(i, i + 3);
    const two = src.slice(i, i + 2);
    let op: string | undefined;
    if (OPS3.includes(three)) op = three;
    else if (OPS2.includes(two)) op = two;
    else if (OPS1.includes(c)) op = c;
    if (op === undefined) err(`unexpected character \`${c}\``, i);
    const o = op as string;
    if (o === '(' || o === '[' || o === '{') depth++;
    if (o === ')' || o === ']' || o === '}') depth = Math.max(0, depth - 1);
    toks.push({ kind: 'op', value: o, pos: pos(i) });
    i += o.length;
  }
  if (!atLineStart) toks.push({ kind: 'nl', value: '', pos: pos(i) });
  while (indents.length > 1) {
    indents.pop();
    toks.push({ kind: 'dedent', value: '', pos: pos(i) });
  }
  toks.push({ kind: 'eof', value: '', pos: pos(i) });
  return toks;

  function readString(raw: boolean): string {
    const q = src[i] as string;
    const triple = src.slice(i, i + 3) === q.repeat(3);
    const open = i;
    i += triple ? 3 : 1;
    let out = '';
    for (;;) {
      if (i >= src.length) err('unterminated string', open);
      const ch = src[i] as string;
      if (triple ? src.slice(i, i + 3) === q.repeat(3) : ch === q) {
        i += triple ? 3 : 1;
        return out;
      }
      if (ch === '\n') {
        if (!triple) err('unterminated string', open);
        out += ch;
        i++;
        line++;
        lineStart = i;
        continue;
      }
      if (ch === '\\') {
        const n = src[i + 1];
        if (n === undefined) err('unterminated string', open);
        if (n === '\n') {
          if (raw) out += '\\\n';
          i += 2;
          line++;
          lineStart = i;
          continue;
        }
        if (raw) {
          out += '\\' + n;
          i += 2;
          continue;
        }
        i += 2;
        switch (n) {
          case 'n': out += '\n'; break;
          case 't': out += '\t'; break;
          case 'r': out += '\r'; break;
          case 'a': out += '\x07'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'v': out += '\v'; break;
          case '\\': out += '\\'; break;
          case "'": out += "'"; break;
          case '"': out += '"'; break;
          case 'x': {
            const h = src.slice(i, i + 2);
            if (!/^[0-9a-fA-F]{2}$/.test(h)) err('invalid \\x escape', i - 2);
            out += String.fromCodePoint(parseInt(h, 16));
            i += 2;
            break;
          }
          case 'u':
          case 'U': {
            const len = n === 'u' ? 4 : 8;
            const h = src.slice(i, i + len);
            if (h.length !== len || !/^[0-9a-fA-F]+$/.test(h)) err(`invalid \\${n} escape`, i - 2);
            const cp = parseInt(h, 16);
            if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) err(`invalid \\${n} escape`, i - 2);
            out += String.fromCodePoint(cp);
            i += len;
            break;
          }
          default:
            if (/[0-7]/.test(n as string)) {
              let j = i - 1;
              let digits = '';
              while (digits.length < 3 && /[0-7]/.test(src[j] ?? '')) digits += src[j++];
              out += String.fromCodePoint(parseInt(digits, 8));
              i = j;
            } else out += '\\' + n;
        }
        continue;
      }
      out += ch;
      i++;
    }
  }
}

// ---------------------------------------------------------------- AST

export type Expr =
  | { t: 'name'; name: string; pos: Pos }
  | { t: 'lit'; value: Value; pos: Pos }
  | { t: 'fstr'; parts: (string | { name: string; pos: Pos })[]; pos: Pos }
  | { t: 'list'; items: Expr[]; pos: Pos }
  | { t: 'tuple'; items: Expr[]; pos: Pos }
  | { t: 'dict'; entries: [Expr, Expr][]; pos: Pos }
  | { t: 'comp'; kind: 'list' | 'dict'; body: Expr | [Expr, Expr]; clauses: CompClause[]; pos: Pos }
  | { t: 'bin'; op: string; l: Expr; r: Expr; pos: Pos }
  | { t: 'un'; op: string; e: Expr; pos: Pos }
  | { t: 'cond'; c: Expr; a: Expr; b: Expr; pos: Pos }
  | { t: 'call'; fn: Expr; args: Arg[]; pos: Pos }
  | { t: 'index'; e: Expr; i: Expr; pos: Pos }
  | { t: 'slice'; e: Expr; lo?: Expr; hi?: Expr; pos: Pos }
  | { t: 'attr'; e: Expr; name: string; pos: Pos };
type CompClause = { t: 'for'; target: Target; iter: Expr } | { t: 'if'; cond: Expr };
interface Arg {
  name?: string;
  value: Expr;
  pos: Pos;
}
type Target = { t: 'name'; name: string; pos: Pos } | { t: 'tuple'; items: Target[]; pos: Pos };
export type Stmt =
  | { t: 'expr'; e: Expr; pos: Pos }
  | { t: 'assign'; target: Target; op: string; value: Expr; pos: Pos }
  | { t: 'for'; target: Target; iter: Expr; body: Stmt[]; pos: Pos }
  | { t: 'if'; cond: Expr; body: Stmt[]; orelse: Stmt[]; pos: Pos }
  | { t: 'def'; name: string; params: Param[]; body: Stmt[]; pos: Pos }
  | { t: 'return'; e?: Expr; pos: Pos }
  | { t: 'pass' | 'break' | 'continue'; pos: Pos };
interface Param {
  name: string;
  def?: Expr;
  pos: Pos;
}

// ---------------------------------------------------------------- parser

class Parser {
  private k = 0;
  constructor(private readonly toks: Tok[]) {}
  private get cur(): Tok {
    return this.toks[this.k] as Tok;
  }
  private kind(): TokKind {
    return this.cur.kind;
  }
  private is(value: string, kind: TokKind = 'op'): boolean {
    return this.cur.kind === kind && this.cur.value === value;
  }
  private isKw(value: string): boolean {
    return this.is(value, 'name');
  }
  private next(): Tok {
    return this.toks[this.k++] as Tok;
  }
  private fail(msg: string, t: Tok = this.cur): never {
    throw new StarlarkError('K001', msg, t.pos);
  }
  private unsupported(what: string, t: Tok = this.cur): never {
    throw new StarlarkError('K002', `${what} is not supported by this reader`, t.pos);
  }
  private expect(value: string): Tok {
    if (!this.is(value)) this.fail(`expected \`${value}\`, found ${describe(this.cur)}`);
    return this.next();
  }
  private eatNewline(): void {
    if (this.cur.kind === 'nl') this.next();
    else if (this.cur.kind !== 'eof' && this.cur.kind !== 'dedent') this.fail(`expected a new line, found ${describe(this.cur)}`);
  }

  file(): Stmt[] {
    const out: Stmt[] = [];
    while (this.cur.kind !== 'eof') {
      if (this.cur.kind === 'nl') {
        this.next();
        continue;
      }
      if (this.cur.kind === 'indent') this.fail('unexpected indentation');
      const line = this.cur.pos.line;
      try {
        append(out, this.statement());
      } catch (e) {
        if (e instanceof StarlarkError) e.statementLine ??= line;
        throw e;
      }
    }
    return out;
  }

  private block(): Stmt[] {
    if (this.cur.kind !== 'nl') return this.simpleLine();
    this.next();
    if ((this.cur.kind as TokKind) !== 'indent') this.fail('expected an indented block');
    this.next();
    const out: Stmt[] = [];
    while (this.kind() !== 'dedent' && this.kind() !== 'eof') {
      if (this.kind() === 'nl') {
        this.next();
        continue;
      }
      append(out, this.statement());
    }
    if (this.kind() === 'dedent') this.next();
    return out;
  }

  private statement(): Stmt[] {
    const t = this.cur;
    if (t.kind === 'name') {
      switch (t.value) {
        case 'def': return [this.defStmt()];
        case 'for': return [this.forStmt()];
        case 'if': return [this.ifStmt()];
        case 'load': return this.unsupported('`load`');
        case 'lambda': return this.unsupported('`lambda`');
      }
    }
    return this.simpleLine();
  }

  private simpleLine(): Stmt[] {
    const out = [this.simple()];
    while (this.is(';')) {
      this.next();
      if (this.cur.kind === 'nl' || this.cur.kind === 'eof') break;
      out.push(this.simple());
    }
    this.eatNewline();
    return out;
  }

  private simple(): Stmt {
    const t = this.cur;
    if (t.kind === 'name') {
      if (t.value === 'return') {
        this.next();
        if (this.cur.kind === 'nl' || this.cur.kind === 'eof' || this.is(';')) return { t: 'return', pos: t.pos };
        return { t: 'return', e: this.exprList(), pos: t.pos };
      }
      if (t.value === 'pass' || t.value === 'break' || t.value === 'continue') {
        this.next();
        return { t: t.value, pos: t.pos };
      }
    }
    const e = this.exprList();
    const op = this.cur;
    if (op.kind === 'op' && ['=', '+=', '-=', '*=', '%=', '//=', '|='].includes(op.value)) {
      this.next();
      const value = this.exprList();
      const target = this.toTarget(e, op.value !== '=');
      return { t: 'assign', target, op: op.value, value, pos: t.pos };
    }
    if (op.kind === 'op' && /=$/.test(op.value) && op.value.length > 1 && !['==', '!=', '<=', '>='].includes(op.value)) this.unsupported(`the \`${op.value}\` operator`);
    return { t: 'expr', e, pos: t.pos };
  }

  private toTarget(e: Expr, augmented: boolean): Target {
    if (e.t === 'name') return { t: 'name', name: e.name, pos: e.pos };
    if (!augmented && (e.t === 'tuple' || e.t === 'list')) return { t: 'tuple', items: e.items.map((x) => this.toTarget(x, false)), pos: e.pos };
    if (e.t === 'index' || e.t === 'attr') throw new StarlarkError('K002', 'assignment to an element or attribute is not supported by this reader', e.pos);
    throw new StarlarkError('K001', 'cannot assign to this expression', e.pos);
  }

  private defStmt(): Stmt {
    const t = this.next();
    const name = this.cur;
    if (name.kind !== 'name' || KEYWORDS.has(name.value)) this.fail('expected a function name');
    this.next();
    this.expect('(');
    const params: Param[] = [];
    while (!this.is(')')) {
      if (this.is('*') || this.is('**')) this.unsupported('`*args` / `**kwargs` parameters');
      const p = this.cur;
      if (p.kind !== 'name' || KEYWORDS.has(p.value)) this.fail('expected a parameter name');
      this.next();
      let def: Expr | undefined;
      if (this.is('=')) {
        this.next();
        def = this.test();
      }
      params.push({ name: p.value, def, pos: p.pos });
      if (!this.is(')')) this.expect(',');
    }
    this.next();
    if (this.is('->')) this.unsupported('a return type annotation');
    this.expect(':');
    return { t: 'def', name: name.value, params, body: this.block(), pos: t.pos };
  }

  private forStmt(): Stmt {
    const t = this.next();
    const target = this.forTarget();
    if (!this.isKw('in')) this.fail('expected `in`');
    this.next();
    const iter = this.exprList();
    this.expect(':');
    return { t: 'for', target, iter, body: this.block(), pos: t.pos };
  }

  private forTarget(): Target {
    const items: Expr[] = [this.primary()];
    while (this.is(',')) {
      this.next();
      if (this.isKw('in')) break;
      items.push(this.primary());
    }
    const first = items[0] as Expr;
    return items.length === 1 ? this.toTarget(first, false) : { t: 'tuple', items: items.map((x) => this.toTarget(x, false)), pos: first.pos };
  }

  private ifStmt(): Stmt {
    const t = this.next();
    const cond = this.test();
    this.expect(':');
    const body = this.block();
    let orelse: Stmt[] = [];
    if (this.isKw('elif')) orelse = [this.ifStmt()];
    else if (this.isKw('else')) {
      this.next();
      this.expect(':');
      orelse = this.block();
    }
    return { t: 'if', cond, body, orelse, pos: t.pos };
  }

  /** `a, b` (a tuple) or one expression. */
  private exprList(): Expr {
    const first = this.test();
    if (!this.is(',')) return first;
    const items = [first];
    while (this.is(',')) {
      this.next();
      if (this.cur.kind === 'nl' || this.is('=') || this.is(')') || this.cur.kind === 'eof') break;
      items.push(this.test());
    }
    return { t: 'tuple', items, pos: first.pos };
  }

  private test(): Expr {
    if (this.isKw('lambda')) this.unsupported('`lambda`');
    const e = this.or();
    if (this.isKw('if')) {
      this.next();
      const c = this.or();
      if (!this.isKw('else')) this.fail('expected `else` in a conditional expression');
      this.next();
      const b = this.test();
      return { t: 'cond', c, a: e, b, pos: e.pos };
    }
    return e;
  }
  private or(): Expr {
    let l = this.and();
    while (this.isKw('or')) {
      const t = this.next();
      l = { t: 'bin', op: 'or', l, r: this.and(), pos: t.pos };
    }
    return l;
  }
  private and(): Expr {
    let l = this.not();
    while (this.isKw('and')) {
      const t = this.next();
      l = { t: 'bin', op: 'and', l, r: this.not(), pos: t.pos };
    }
    return l;
  }
  private not(): Expr {
    if (this.isKw('not')) {
      const t = this.next();
      return { t: 'un', op: 'not', e: this.not(), pos: t.pos };
    }
    return this.comparison();
  }
  private comparison(): Expr {
    let l = this.bitor();
    for (;;) {
      const t = this.cur;
      let op: string | undefined;
      if (t.kind === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.value)) op = t.value;
      else if (this.isKw('in')) op = 'in';
      else if (this.isKw('not') && this.toks[this.k + 1]?.kind === 'name' && this.toks[this.k + 1]?.value === 'in') {
        this.next();
        op = 'not in';
      }
      if (op === undefined) return l;
      this.next();
      l = { t: 'bin', op, l, r: this.bitor(), pos: t.pos };
    }
  }
  private bitor(): Expr {
    let l = this.arith();
    while (this.is('|')) {
      const t = this.next();
      l = { t: 'bin', op: '|', l, r: this.arith(), pos: t.pos };
    }
    if (this.cur.kind === 'op' && ['&', '^', '<<', '>>'].includes(this.cur.value)) this.unsupported(`the \`${this.cur.value}\` operator`);
    return l;
  }
  private arith(): Expr {
    let l = this.term();
    while (this.is('+') || this.is('-')) {
      const t = this.next();
      l = { t: 'bin', op: t.value, l, r: this.term(), pos: t.pos };
    }
    return l;
  }
  private term(): Expr {
    let l = this.unary();
    while (this.is('*') || this.is('%') || this.is('//') || this.is('/')) {
      const t = this.next();
      if (t.value === '/') this.unsupported('the `/` operator (floats)', t);
      l = { t: 'bin', op: t.value, l, r: this.unary(), pos: t.pos };
    }
    return l;
  }
  private unary(): Expr {
    if (this.is('-') || this.is('+')) {
      const t = this.next();
      return { t: 'un', op: t.value, e: this.unary(), pos: t.pos };
    }
    if (this.is('~')) this.unsupported('the `~` operator');
    return this.primary();
  }
  private primary(): Expr {
    let e = this.atom();
    for (;;) {
      if (this.is('(')) {
        const t = this.next();
        e = { t: 'call', fn: e, args: this.args(), pos: e.pos.line === t.pos.line ? e.pos : e.pos };
      } else if (this.is('[')) {
        const t = this.next();
        let lo: Expr | undefined;
        if (!this.is(':')) lo = this.test();
        if (this.is(':')) {
          this.next();
          let hi: Expr | undefined;
          if (!this.is(']')) hi = this.test();
          if (this.is(':')) this.unsupported('a slice step');
          this.expect(']');
          e = { t: 'slice', e, lo, hi, pos: t.pos };
        } else {
          this.expect(']');
          e = { t: 'index', e, i: lo as Expr, pos: t.pos };
        }
      } else if (this.is('.')) {
        const t = this.next();
        const n = this.cur;
        if (n.kind !== 'name') this.fail('expected an attribute name');
        this.next();
        e = { t: 'attr', e, name: n.value, pos: t.pos };
      } else return e;
    }
  }
  private args(): Arg[] {
    const out: Arg[] = [];
    while (!this.is(')')) {
      const t = this.cur;
      if (this.is('*') || this.is('**')) this.unsupported('`*args` / `**kwargs` in a call');
      if (t.kind === 'name' && !KEYWORDS.has(t.value) && this.toks[this.k + 1]?.kind === 'op' && this.toks[this.k + 1]?.value === '=') {
        this.next();
        this.next();
        out.push({ name: t.value, value: this.test(), pos: t.pos });
      } else {
        if (out.some((a) => a.name !== undefined)) this.fail('positional argument after a keyword argument');
        out.push({ value: this.test(), pos: t.pos });
      }
      if (!this.is(')')) this.expect(',');
    }
    this.next();
    return out;
  }
  private atom(): Expr {
    const t = this.cur;
    switch (t.kind) {
      case 'int':
        this.next();
        return { t: 'lit', value: Number(t.value.replace(/^0[oO]/, '0o')), pos: t.pos };
      case 'str': {
        this.next();
        if (this.cur.kind === 'str' || this.cur.kind === 'fstr') this.fail('implicit string concatenation is not allowed; use `+`');
        return { t: 'lit', value: t.value, pos: t.pos };
      }
      case 'fstr':
        this.next();
        return { t: 'fstr', parts: parseFString(t), pos: t.pos };
      case 'name': {
        if (t.value === 'None' || t.value === 'True' || t.value === 'False') {
          this.next();
          return { t: 'lit', value: t.value === 'None' ? null : t.value === 'True', pos: t.pos };
        }
        if (t.value === 'lambda') this.unsupported('`lambda`');
        if (KEYWORDS.has(t.value)) this.fail(`unexpected \`${t.value}\``);
        this.next();
        return { t: 'name', name: t.value, pos: t.pos };
      }
      case 'op':
        if (t.value === '[') return this.listOrComp();
        if (t.value === '{') return this.dictOrComp();
        if (t.value === '(') {
          this.next();
          if (this.is(')')) {
            this.next();
            return { t: 'tuple', items: [], pos: t.pos };
          }
          const first = this.test();
          if (this.isKw('for')) this.unsupported('a generator expression');
          if (this.is(')')) {
            this.next();
            return first;
          }
          const items = [first];
          while (this.is(',')) {
            this.next();
            if (this.is(')')) break;
            items.push(this.test());
          }
          this.expect(')');
          return { t: 'tuple', items, pos: t.pos };
        }
    }
    return this.fail(`unexpected ${describe(t)}`);
  }
  private clauses(): CompClause[] {
    const out: CompClause[] = [];
    while (this.isKw('for') || this.isKw('if')) {
      if (this.isKw('for')) {
        this.next();
        const target = this.forTarget();
        if (!this.isKw('in')) this.fail('expected `in`');
        this.next();
        out.push({ t: 'for', target, iter: this.or() });
      } else {
        this.next();
        out.push({ t: 'if', cond: this.or() });
      }
    }
    return out;
  }
  private listOrComp(): Expr {
    const t = this.next();
    if (this.is(']')) {
      this.next();
      return { t: 'list', items: [], pos: t.pos };
    }
    const first = this.test();
    if (this.isKw('for')) {
      const clauses = this.clauses();
      this.expect(']');
      return { t: 'comp', kind: 'list', body: first, clauses, pos: t.pos };
    }
    const items = [first];
    while (this.is(',')) {
      this.next();
      if (this.is(']')) break;
      items.push(this.test());
    }
    this.expect(']');
    return { t: 'list', items, pos: t.pos };
  }
  private dictOrComp(): Expr {
    const t = this.next();
    const entries: [Expr, Expr][] = [];
    while (!this.is('}')) {
      const k = this.test();
      this.expect(':');
      const v = this.test();
      if (entries.length === 0 && this.isKw('for')) {
        const clauses = this.clauses();
        this.expect('}');
        return { t: 'comp', kind: 'dict', body: [k, v], clauses, pos: t.pos };
      }
      entries.push([k, v]);
      if (!this.is('}')) this.expect(',');
    }
    this.next();
    return { t: 'dict', entries, pos: t.pos };
  }
}

function describe(t: Tok): string {
  if (t.kind === 'nl') return 'the end of the line';
  if (t.kind === 'eof') return 'the end of the file';
  if (t.kind === 'indent') return 'an indentation';
  if (t.kind === 'dedent') return 'a dedent';
  if (t.kind === 'str' || t.kind === 'fstr') return 'a string';
  return `\`${t.value}\``;
}

function parseFString(t: Tok): (string | { name: string; pos: Pos })[] {
  const s = t.value;
  const parts: (string | { name: string; pos: Pos })[] = [];
  let lit = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '{' && s[i + 1] === '{') {
      lit += '{';
      i++;
    } else if (c === '}' && s[i + 1] === '}') {
      lit += '}';
      i++;
    } else if (c === '{') {
      const end = s.indexOf('}', i);
      if (end < 0) throw new StarlarkError('K001', 'unclosed `{` in an f-string', t.pos);
      const inner = s.slice(i + 1, end).trim();
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) throw new StarlarkError('K002', `f-string expression \`{${inner}}\` is not supported by this reader (only a name)`, t.pos);
      if (lit !== '') parts.push(lit);
      lit = '';
      parts.push({ name: inner, pos: t.pos });
      i = end;
    } else if (c === '}') throw new StarlarkError('K001', 'single `}` in an f-string', t.pos);
    else lit += c;
  }
  if (lit !== '') parts.push(lit);
  return parts;
}

/** Parses a file into statements; throws StarlarkError (K001 syntax, K002 unsupported). */
export function parseStarlark(src: string): Stmt[] {
  return new Parser(lex(src)).file();
}

// ---------------------------------------------------------------- values and evaluation

/** A Starlark value: string, int, bool, None, list, tuple, dict, function. */
export type Value = string | number | boolean | null | SList | STuple | SDict | SFunction | Builtin;
export class SList {
  constructor(public items: Value[]) {}
}
export class STuple {
  constructor(readonly items: Value[]) {}
}
export class SDict {
  constructor(readonly map: Map<string, [Value, Value]>) {}
}
class SFunction {
  constructor(
    readonly name: string,
    readonly params: { name: string; def?: Value }[],
    readonly body: Stmt[],
  ) {}
}
/** A native function; it receives positional and keyword arguments and the call's position. */
export class Builtin {
  constructor(
    readonly name: string,
    readonly fn: (args: Value[], kwargs: Map<string, Value>, pos: Pos) => Value,
  ) {}
}

/** Starlark's type name for a value (`string`, `list`, …), as its error messages use. */
export function typeName(v: Value): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'int';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof SList) return 'list';
  if (v instanceof STuple) return 'tuple';
  if (v instanceof SDict) return 'dict';
  return 'function';
}

function keyOf(v: Value, pos: Pos): string {
  if (v instanceof SList || v instanceof SDict) throw new StarlarkError('K003', `a ${typeName(v)} cannot be a dict key`, pos);
  return typeName(v) + ':' + repr(v);
}

/** The text Starlark's `repr` gives. */
export function repr(v: Value): string {
  if (typeof v === 'string') return JSON.stringify(v);
  return str(v);
}
function str(v: Value): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (v instanceof SList) return '[' + v.items.map(repr).join(', ') + ']';
  if (v instanceof STuple) return '(' + v.items.map(repr).join(', ') + (v.items.length === 1 ? ',)' : ')');
  if (v instanceof SDict) return '{' + [...v.map.values()].map(([k, x]) => repr(k) + ': ' + repr(x)).join(', ') + '}';
  return `<function ${v.name}>`;
}
function truthy(v: Value): boolean {
  if (v === null || v === false || v === 0 || v === '') return false;
  if (v instanceof SList || v instanceof STuple) return v.items.length > 0;
  if (v instanceof SDict) return v.map.size > 0;
  return true;
}
function equal(a: Value, b: Value): boolean {
  if (a instanceof SList || a instanceof STuple) {
    if (!(b instanceof (a instanceof SList ? SList : STuple))) return false;
    const bi = (b as SList).items;
    return a.items.length === bi.length && a.items.every((x, i) => equal(x, bi[i] as Value));
  }
  if (a instanceof SDict) {
    if (!(b instanceof SDict) || a.map.size !== b.map.size) return false;
    for (const [k, [, x]] of a.map) {
      const y = b.map.get(k);
      if (y === undefined || !equal(x, y[1])) return false;
    }
    return true;
  }
  return a === b;
}

class ReturnSignal {
  constructor(readonly value: Value) {}
}
class LoopSignal {
  constructor(readonly kind: 'break' | 'continue') {}
}

/** Evaluates a parsed file with the given builtins; throws StarlarkError (K003 runtime, K004 budget). */
export class Interpreter {
  private steps = 0;
  private cells = 0;
  private depth = 0;
  readonly globals = new Map<string, Value>();
  constructor(
    private readonly builtins: Map<string, Value>,
    private readonly budget: Budget = DEFAULT_BUDGET,
  ) {}

  private step(pos: Pos): void {
    if (++this.steps > this.budget.steps) throw new StarlarkError('K004', `evaluation budget exceeded (${this.budget.steps} steps): the file loops too long`, pos);
  }
  /** Counts `n` new cells (elements or characters) against the budget. */
  alloc(n: number, pos: Pos): void {
    this.cells += n;
    if (this.cells > this.budget.cells) throw new StarlarkError('K004', `memory budget exceeded (${this.budget.cells} elements and characters): the file builds values too large`, pos);
  }

  run(stmts: Stmt[]): void {
    this.exec(stmts, null, true);
  }

  private lookup(name: string, locals: Map<string, Value> | null, pos: Pos): Value {
    if (locals?.has(name)) return locals.get(name) as Value;
    if (this.globals.has(name)) return this.globals.get(name) as Value;
    if (this.builtins.has(name)) return this.builtins.get(name) as Value;
    throw new StarlarkError('K003', `variable \`${name}\` not found`, pos);
  }

  private exec(stmts: Stmt[], locals: Map<string, Value> | null, top: boolean): void {
    for (const s of stmts) {
      this.step(s.pos);
      switch (s.t) {
        case 'expr':
          this.eval(s.e, locals);
          break;
        case 'assign': {
          let v = this.eval(s.value, locals);
          if (s.op !== '=') {
            const target = s.target as { name: string; pos: Pos };
            const old = this.lookup(target.name, locals, s.pos);
            v = this.binary(s.op.slice(0, -1), old, v, s.pos, true);
          }
          this.assign(s.target, v, locals);
          break;
        }
        case 'for': {
          const items = this.iterate(this.eval(s.iter, locals), s.pos);
          for (const item of items) {
            this.step(s.pos);
            this.assign(s.target, item, locals);
            try {
              this.exec(s.body, locals, false);
            } catch (e) {
              if (e instanceof LoopSignal) {
                if (e.kind === 'break') break;
                continue;
              }
              throw e;
            }
          }
          break;
        }
        case 'if':
          this.exec(truthy(this.eval(s.cond, locals)) ? s.body : s.orelse, locals, top);
          break;
        case 'def': {
          const params = s.params.map((p) => ({ name: p.name, def: p.def === undefined ? undefined : this.eval(p.def, locals) }));
          this.assign({ t: 'name', name: s.name, pos: s.pos }, new SFunction(s.name, params, s.body), locals);
          break;
        }
        case 'return':
          if (locals === null) throw new StarlarkError('K001', '`return` outside a function', s.pos);
          throw new ReturnSignal(s.e === undefined ? null : this.eval(s.e, locals));
        case 'pass':
          break;
        case 'break':
        case 'continue':
          throw new LoopSignal(s.t);
      }
    }
  }

  private assign(target: Target, v: Value, locals: Map<string, Value> | null): void {
    if (target.t === 'name') {
      (locals ?? this.globals).set(target.name, v);
      return;
    }
    const items = this.iterate(v, target.pos);
    if (items.length !== target.items.length) throw new StarlarkError('K003', `cannot unpack ${items.length} values into ${target.items.length}`, target.pos);
    target.items.forEach((t, i) => this.assign(t, items[i] as Value, locals));
  }

  private iterate(v: Value, pos: Pos): Value[] {
    if (v instanceof SList || v instanceof STuple) return [...v.items];
    if (v instanceof SDict) return [...v.map.values()].map(([k]) => k);
    throw new StarlarkError('K003', `type \`${typeName(v)}\` is not iterable`, pos);
  }

  eval(e: Expr, locals: Map<string, Value> | null): Value {
    this.step(e.pos);
    switch (e.t) {
      case 'lit':
        return e.value;
      case 'name':
        return this.lookup(e.name, locals, e.pos);
      case 'fstr': {
        let out = '';
        for (const p of e.parts) out += typeof p === 'string' ? p : str(this.lookup(p.name, locals, p.pos));
        this.alloc(out.length, e.pos);
        return out;
      }
      case 'list': {
        this.alloc(e.items.length, e.pos);
        return new SList(e.items.map((x) => this.eval(x, locals)));
      }
      case 'tuple':
        this.alloc(e.items.length, e.pos);
        return new STuple(e.items.map((x) => this.eval(x, locals)));
      case 'dict': {
        const m = new Map<string, [Value, Value]>();
        for (const [k, v] of e.entries) {
          const kv = this.eval(k, locals);
          const key = keyOf(kv, k.pos);
          if (m.has(key)) throw new StarlarkError('K003', `duplicate key ${repr(kv)} in a dict literal`, k.pos);
          m.set(key, [kv, this.eval(v, locals)]);
        }
        this.alloc(m.size, e.pos);
        return new SDict(m);
      }
      case 'comp':
        return this.comprehension(e, locals);
      case 'un': {
        const v = this.eval(e.e, locals);
        if (e.op === 'not') return !truthy(v);
        if (typeof v !== 'number') throw new StarlarkError('K003', `unary \`${e.op}\` on a ${typeName(v)}`, e.pos);
        return e.op === '-' ? -v : v;
      }
      case 'bin': {
        if (e.op === 'and') {
          const l = this.eval(e.l, locals);
          return truthy(l) ? this.eval(e.r, locals) : l;
        }
        if (e.op === 'or') {
          const l = this.eval(e.l, locals);
          return truthy(l) ? l : this.eval(e.r, locals);
        }
        return this.binary(e.op, this.eval(e.l, locals), this.eval(e.r, locals), e.pos, false);
      }
      case 'cond':
        return truthy(this.eval(e.c, locals)) ? this.eval(e.a, locals) : this.eval(e.b, locals);
      case 'index': {
        const v = this.eval(e.e, locals);
        const i = this.eval(e.i, locals);
        if (v instanceof SDict) {
          const hit = v.map.get(keyOf(i, e.pos));
          if (hit === undefined) throw new StarlarkError('K003', `key ${repr(i)} not found in the dict`, e.pos);
          return hit[1];
        }
        const seq = typeof v === 'string' ? [...v] : v instanceof SList || v instanceof STuple ? v.items : null;
        if (seq === null) throw new StarlarkError('K003', `cannot index a ${typeName(v)}`, e.pos);
        if (typeof i !== 'number') throw new StarlarkError('K003', `index must be an int, not a ${typeName(i)}`, e.pos);
        const k = i < 0 ? seq.length + i : i;
        if (k < 0 || k >= seq.length) throw new StarlarkError('K003', `index ${i} out of range (length ${seq.length})`, e.pos);
        return seq[k] as Value;
      }
      case 'slice': {
        const v = this.eval(e.e, locals);
        const lo = e.lo === undefined ? null : this.eval(e.lo, locals);
        const hi = e.hi === undefined ? null : this.eval(e.hi, locals);
        if ((lo !== null && typeof lo !== 'number') || (hi !== null && typeof hi !== 'number')) throw new StarlarkError('K003', 'slice bounds must be ints', e.pos);
        const seq = typeof v === 'string' ? [...v] : v instanceof SList || v instanceof STuple ? v.items : null;
        if (seq === null) throw new StarlarkError('K003', `cannot slice a ${typeName(v)}`, e.pos);
        const n = seq.length;
        const clamp = (x: number | null, d: number) => (x === null ? d : Math.min(n, Math.max(0, x < 0 ? n + x : x)));
        const part = seq.slice(clamp(lo, 0), clamp(hi, n));
        this.alloc(part.length, e.pos);
        if (typeof v === 'string') return part.join('');
        return v instanceof SList ? new SList(part) : new STuple(part);
      }
      case 'attr':
        return this.method(this.eval(e.e, locals), e.name, e.pos);
      case 'call': {
        const fn = this.eval(e.fn, locals);
        const args: Value[] = [];
        const kwargs = new Map<string, Value>();
        for (const a of e.args) {
          const v = this.eval(a.value, locals);
          if (a.name === undefined) args.push(v);
          else {
            if (kwargs.has(a.name)) throw new StarlarkError('K003', `argument \`${a.name}\` given twice`, a.pos);
            kwargs.set(a.name, v);
          }
        }
        return this.call(fn, args, kwargs, e.pos);
      }
    }
  }

  private comprehension(e: Extract<Expr, { t: 'comp' }>, outer: Map<string, Value> | null): Value {
    const locals = new Map<string, Value>(outer ?? []);
    // Comprehension variables are local to it; reads fall back to globals via lookup.
    const list: Value[] = [];
    const dict = new Map<string, [Value, Value]>();
    const loop = (k: number): void => {
      this.step(e.pos);
      const c = e.clauses[k];
      if (c === undefined) {
        if (e.kind === 'list') {
          this.alloc(1, e.pos);
          list.push(this.eval(e.body as Expr, locals));
        } else {
          const [ke, ve] = e.body as [Expr, Expr];
          const kv = this.eval(ke, locals);
          this.alloc(1, e.pos);
          dict.set(keyOf(kv, ke.pos), [kv, this.eval(ve, locals)]);
        }
        return;
      }
      if (c.t === 'if') {
        if (truthy(this.eval(c.cond, locals))) loop(k + 1);
        return;
      }
      for (const item of this.iterate(this.eval(c.iter, locals), e.pos)) {
        this.assign(c.target, item, locals);
        loop(k + 1);
      }
    };
    loop(0);
    return e.kind === 'list' ? new SList(list) : new SDict(dict);
  }

  call(fn: Value, args: Value[], kwargs: Map<string, Value>, pos: Pos): Value {
    if (fn instanceof Builtin) return fn.fn(args, kwargs, pos);
    if (!(fn instanceof SFunction)) throw new StarlarkError('K003', `a ${typeName(fn)} is not callable`, pos);
    if (args.length > fn.params.length) throw new StarlarkError('K003', `\`${fn.name}\` takes ${fn.params.length} arguments, ${args.length} given`, pos);
    const locals = new Map<string, Value>();
    fn.params.forEach((p, i) => {
      if (i < args.length) {
        if (kwargs.has(p.name)) throw new StarlarkError('K003', `argument \`${p.name}\` of \`${fn.name}\` given twice`, pos);
        locals.set(p.name, args[i] as Value);
      } else if (kwargs.has(p.name)) locals.set(p.name, kwargs.get(p.name) as Value);
      else if (p.def !== undefined) locals.set(p.name, p.def);
      else throw new StarlarkError('K003', `missing argument \`${p.name}\` of \`${fn.name}\``, pos);
    });
    for (const k of kwargs.keys()) if (!fn.params.some((p) => p.name === k)) throw new StarlarkError('K003', `\`${fn.name}\` has no parameter \`${k}\``, pos);
    if (++this.depth > this.budget.depth) throw new StarlarkError('K004', `call depth budget exceeded (${this.budget.depth}); Starlark forbids recursion`, pos);
    try {
      this.exec(fn.body, locals, false);
      return null;
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value;
      if (e instanceof LoopSignal) throw new StarlarkError('K001', `\`${e.kind}\` outside a loop`, pos);
      throw e;
    } finally {
      this.depth--;
    }
  }

  private binary(op: string, l: Value, r: Value, pos: Pos, augmented: boolean): Value {
    const bad = (): never => {
      throw new StarlarkError('K003', `unsupported operation: ${typeName(l)} ${op} ${typeName(r)}`, pos);
    };
    switch (op) {
      case '==':
        return equal(l, r);
      case '!=':
        return !equal(l, r);
      case 'in':
      case 'not in': {
        let hit: boolean;
        if (typeof r === 'string') {
          if (typeof l !== 'string') bad();
          hit = r.includes(l as string);
        } else if (r instanceof SList || r instanceof STuple) hit = r.items.some((x) => equal(x, l));
        else if (r instanceof SDict) hit = r.map.has(keyOf(l, pos));
        else return bad();
        return op === 'in' ? hit : !hit;
      }
      case '<':
      case '>':
      case '<=':
      case '>=': {
        if (!((typeof l === 'number' && typeof r === 'number') || (typeof l === 'string' && typeof r === 'string'))) bad();
        const c = (l as string) < (r as string) ? -1 : l === r ? 0 : 1;
        return op === '<' ? c < 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c >= 0;
      }
      case '+':
        if (typeof l === 'number' && typeof r === 'number') return l + r;
        if (typeof l === 'string' && typeof r === 'string') {
          this.alloc(l.length + r.length, pos);
          return l + r;
        }
        if (l instanceof SList && r instanceof SList) {
          this.alloc(l.items.length + r.items.length, pos);
          if (augmented) {
            append(l.items, r.items);
            return l;
          }
          return new SList([...l.items, ...r.items]);
        }
        if (l instanceof STuple && r instanceof STuple) {
          this.alloc(l.items.length + r.items.length, pos);
          return new STuple([...l.items, ...r.items]);
        }
        return bad();
      case '-':
        if (typeof l === 'number' && typeof r === 'number') return l - r;
        return bad();
      case '*': {
        if (typeof l === 'number' && typeof r === 'number') return l * r;
        const [seq, n] = typeof r === 'number' ? [l, r] : [r, l];
        if (typeof n !== 'number') return bad();
        const times = Math.max(0, n);
        if (typeof seq === 'string') {
          this.alloc(seq.length * times, pos);
          return seq.repeat(times);
        }
        if (seq instanceof SList || seq instanceof STuple) {
          this.alloc(seq.items.length * times, pos);
          const out: Value[] = [];
          for (let i = 0; i < times; i++) append(out, seq.items);
          return seq instanceof SList ? new SList(out) : new STuple(out);
        }
        return bad();
      }
      case '//':
      case '%': {
        if (typeof l === 'number' && typeof r === 'number') {
          if (r === 0) throw new StarlarkError('K003', 'division by zero', pos);
          return op === '//' ? Math.floor(l / r) : l - r * Math.floor(l / r);
        }
        if (op === '%' && typeof l === 'string') return this.format(l, r, pos);
        return bad();
      }
      case '|':
        if (l instanceof SDict && r instanceof SDict) {
          this.alloc(l.map.size + r.map.size, pos);
          return new SDict(new Map([...l.map, ...r.map]));
        }
        return bad();
    }
    return bad();
  }

  private format(fmt: string, arg: Value, pos: Pos): string {
    const args = arg instanceof STuple ? arg.items : [arg];
    let k = 0;
    const out = fmt.replace(/%([sdr%])/g, (_m, c: string) => {
      if (c === '%') return '%';
      const v = args[k++];
      if (v === undefined) throw new StarlarkError('K003', 'not enough arguments for the format string', pos);
      if (c === 'd' && typeof v !== 'number') throw new StarlarkError('K003', `%d needs an int, not a ${typeName(v)}`, pos);
      return c === 'r' ? repr(v) : str(v);
    });
    if (k < args.length) throw new StarlarkError('K003', 'too many arguments for the format string', pos);
    this.alloc(out.length, pos);
    return out;
  }

  private method(obj: Value, name: string, pos: Pos): Value {
    const need = (n: number, args: Value[]) => {
      if (args.length > n) throw new StarlarkError('K003', `\`${name}\` takes at most ${n} arguments`, pos);
    };
    if (typeof obj === 'string') {
      const s = obj;
      switch (name) {
        case 'join':
          return new Builtin('join', (args) => {
            need(1, args);
            const items = this.iterate(args[0] ?? null, pos);
            if (!items.every((x) => typeof x === 'string')) throw new StarlarkError('K003', '`join` needs a list of strings', pos);
            const out = items.join(s);
            this.alloc(out.length, pos);
            return out;
          });
        case 'split':
          return new Builtin('split', (args) => {
            need(1, args);
            const sep = args[0];
            const parts = sep === undefined || sep === null ? s.split(/\s+/).filter((x) => x !== '') : typeof sep === 'string' && sep !== '' ? s.split(sep) : null;
            if (parts === null) throw new StarlarkError('K003', '`split` needs a non-empty string separator', pos);
            this.alloc(parts.length + s.length, pos);
            return new SList(parts);
          });
        case 'strip':
          return new Builtin('strip', () => s.trim());
        case 'lower':
          return new Builtin('lower', () => s.toLowerCase());
        case 'upper':
          return new Builtin('upper', () => s.toUpperCase());
        case 'startswith':
        case 'endswith':
          return new Builtin(name, (args) => {
            const a = args[0];
            if (typeof a !== 'string') throw new StarlarkError('K003', `\`${name}\` needs a string`, pos);
            return name === 'startswith' ? s.startsWith(a) : s.endsWith(a);
          });
      }
    }
    if (obj instanceof SList) {
      const l = obj;
      switch (name) {
        case 'append':
          return new Builtin('append', (args) => {
            need(1, args);
            this.alloc(1, pos);
            l.items.push(args[0] ?? null);
            return null;
          });
        case 'extend':
          return new Builtin('extend', (args) => {
            need(1, args);
            const items = this.iterate(args[0] ?? null, pos);
            this.alloc(items.length, pos);
            append(l.items, items);
            return null;
          });
      }
    }
    if (obj instanceof SDict) {
      const d = obj;
      switch (name) {
        case 'get':
          return new Builtin('get', (args) => {
            const hit = d.map.get(keyOf(args[0] ?? null, pos));
            return hit === undefined ? (args[1] ?? null) : hit[1];
          });
        case 'keys':
          return new Builtin('keys', () => new SList([...d.map.values()].map(([k]) => k)));
        case 'values':
          return new Builtin('values', () => new SList([...d.map.values()].map(([, v]) => v)));
        case 'items':
          return new Builtin('items', () => new SList([...d.map.values()].map(([k, v]) => new STuple([k, v]))));
      }
    }
    throw new StarlarkError('K002', `method \`${name}\` on a ${typeName(obj)} is not supported by this reader`, pos);
  }
}

/** The standard functions this reader provides besides the policy builtins. */
export function standardBuiltins(interp: () => Interpreter): Map<string, Value> {
  const m = new Map<string, Value>();
  m.set('len', new Builtin('len', (args, _k, pos) => {
    const v = args[0] ?? null;
    if (typeof v === 'string') return [...v].length;
    if (v instanceof SList || v instanceof STuple) return v.items.length;
    if (v instanceof SDict) return v.map.size;
    throw new StarlarkError('K003', `\`len\` of a ${typeName(v)}`, pos);
  }));
  m.set('str', new Builtin('str', (args) => str(args[0] ?? '')));
  m.set('repr', new Builtin('repr', (args) => repr(args[0] ?? null)));
  m.set('bool', new Builtin('bool', (args) => truthy(args[0] ?? false)));
  m.set('list', new Builtin('list', (args, _k, pos) => {
    const v = args[0];
    if (v === undefined) return new SList([]);
    if (typeof v === 'string') throw new StarlarkError('K003', 'a string is not iterable', pos);
    const items = v instanceof SList || v instanceof STuple ? [...v.items] : v instanceof SDict ? [...v.map.values()].map(([k]) => k) : null;
    if (items === null) throw new StarlarkError('K003', `type \`${typeName(v)}\` is not iterable`, pos);
    interp().alloc(items.length, pos);
    return new SList(items);
  }));
  m.set('range', new Builtin('range', (args, _k, pos) => {
    if (!args.every((a) => typeof a === 'number')) throw new StarlarkError('K003', '`range` needs ints', pos);
    const [a, b, c] = args as number[];
    const [lo, hi, st] = b === undefined ? [0, a ?? 0, 1] : [a ?? 0, b, c ?? 1];
    if (st === 0) throw new StarlarkError('K003', '`range` step cannot be 0', pos);
    const n = Math.max(0, Math.ceil((hi - lo) / st));
    interp().alloc(n, pos);
    const out: Value[] = [];
    for (let i = 0; i < n; i++) out.push(lo + i * st);
    return new SList(out);
  }));
  m.set('fail', new Builtin('fail', (args, _k, pos) => {
    throw new StarlarkError('K003', 'fail: ' + args.map(str).join(' '), pos);
  }));
  return m;
}
