/**
 * Bash commands as Claude Code's permission rules see them (permissions page, "Bash"): a compound
 * command is split at `&&`, `||`, `;`, `|`, `|&`, `&` and newlines, subshells and command
 * substitutions become parts of their own, here-document bodies are data (never parts), each part
 * loses its process wrappers (`timeout`,
 * `time`, `nice`, `nohup`, `stdbuf`, bare `xargs`), and a rule must match each part.
 */
import { bashTokens, matchTokens } from './glob.ts';
import type { BashForm } from './types.ts';
import { append } from '../../model/append.ts';

/** Longest command Rule Studio splits (bounded work); `decide` approves no longer one by an allow rule. */
export const MAX_COMMAND_CHARS = 100_000;

/** A here-document opened at `i` (`<<WORD`, `<<-WORD`, the word quoted or not; not a `<<<` here-string). */
interface Heredoc {
  delim: string;
  /** `<<-`: leading tabs are stripped from the body's lines and the closing line. */
  strip: boolean;
  /** The index just past the delimiter word. */
  end: number;
}

/** The here-document starting at `i`, if `s[i]` opens one. */
function heredocAt(s: string, i: number): Heredoc | undefined {
  if (s[i] !== '<' || s[i + 1] !== '<' || s[i + 2] === '<') return undefined;
  let j = i + 2;
  const strip = s[j] === '-';
  if (strip) j++;
  while (s[j] === ' ' || s[j] === '\t') j++;
  let delim = '';
  while (j < s.length && !/[\s;&|<>()]/.test(s[j] as string)) {
    const c = s[j] as string;
    if (c === "'" || c === '"') {
      const close = s.indexOf(c, j + 1);
      if (close === -1) return undefined;
      delim += s.slice(j + 1, close);
      j = close + 1;
    } else if (c === '\\') {
      delim += s[j + 1] ?? '';
      j += 2;
    } else {
      delim += c;
      j++;
    }
  }
  return delim === '' ? undefined : { delim, strip, end: j };
}

/**
 * The index just past the bodies of the `pending` here-documents, whose first body line starts
 * at `from` (just after the newline that ends their command): each body runs to the line that is
 * its delimiter. A body is data, never a command; an unterminated one runs to the end.
 */
function skipHeredocs(s: string, from: number, pending: readonly Heredoc[]): number {
  let i = from;
  for (const h of pending)
    for (;;) {
      if (i >= s.length) return s.length;
      const nl = s.indexOf('\n', i);
      const line = s.slice(i, nl === -1 ? s.length : nl);
      i = nl === -1 ? s.length : nl + 1;
      if ((h.strip ? line.replace(/^\t+/, '') : line) === h.delim) break;
    }
  return i;
}

/** The index just past the `)` closing the `(` at `open` (quotes and here-documents respected), or the end. */
function closeParen(s: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  let pending: Heredoc[] = [];
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
      continue;
    }
    const doc = c === '<' ? heredocAt(s, i) : undefined;
    if (doc) {
      pending.push(doc);
      i = doc.end - 1;
    } else if (c === '\n' && pending.length > 0) {
      i = skipHeredocs(s, i + 1, pending) - 1;
      pending = [];
    } else if (c === '\\') i++;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return s.length;
}

/**
 * The simple commands of a shell command line, in order: the parts between operators, then the
 * commands inside each `$(…)`, backtick pair and `(…)` subshell. Quotes are respected.
 */
export function splitCommand(command: string): string[] {
  if (command.length > MAX_COMMAND_CHARS) return [command.trim()];
  const parts: string[] = [];
  const inner: string[] = [];
  let cur = '';
  let quote: string | null = null;
  /** Here-documents opened on the current line: their bodies follow its newline. */
  let pending: Heredoc[] = [];
  const flush = () => {
    const p = cur.trim();
    if (p !== '' && p !== '{' && p !== '}') parts.push(p.replace(/^\{\s+/, '').replace(/;?\s*\}$/, '').trim());
    cur = '';
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    const next = command[i + 1];
    if (quote === "'") {
      cur += c;
      if (c === "'") quote = null;
      continue;
    }
    if (c === '\\') {
      cur += c + (next ?? '');
      i++;
      continue;
    }
    if (c === '$' && next === '(') {
      const end = closeParen(command, i + 1);
      const body = command.slice(i + 2, end - 1);
      append(inner, splitCommand(body));
      cur += command.slice(i, end);
      i = end - 1;
      continue;
    }
    if (c === '`') {
      const end = command.indexOf('`', i + 1);
      const stop = end === -1 ? command.length : end;
      append(inner, splitCommand(command.slice(i + 1, stop)));
      cur += command.slice(i, stop + 1);
      i = stop;
      continue;
    }
    if (quote === '"') {
      cur += c;
      if (c === '"') quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      cur += c;
      continue;
    }
    const doc = c === '<' ? heredocAt(command, i) : undefined;
    if (doc) {
      pending.push(doc);
      cur += command.slice(i, doc.end);
      i = doc.end - 1;
      continue;
    }
    if (c === '\n' && pending.length > 0) {
      flush();
      i = skipHeredocs(command, i + 1, pending) - 1;
      pending = [];
      continue;
    }
    if (c === '(' && cur.trim() === '') {
      const end = closeParen(command, i);
      append(inner, splitCommand(command.slice(i + 1, end - 1)));
      i = end - 1;
      continue;
    }
    if (c === '&' && next === '&') {
      flush();
      i++;
    } else if (c === '|' && (next === '|' || next === '&')) {
      flush();
      i++;
    } else if (c === '|' || c === ';' || c === '\n') flush();
    else if (c === '&' && command[i - 1] !== '>' && next !== '>') flush();
    else cur += c;
  }
  flush();
  return [...parts, ...inner].filter((p) => p !== '');
}

const DURATION = /^\d+(\.\d+)?[smhd]?$/;

/** Words of a part with the offset each starts at (split on blanks, quotes respected). */
function words(part: string): { w: string; at: number }[] {
  const out: { w: string; at: number }[] = [];
  let i = 0;
  while (i < part.length) {
    while (i < part.length && /\s/.test(part[i] as string)) i++;
    if (i >= part.length) break;
    const at = i;
    let quote: string | null = null;
    while (i < part.length && (quote || !/\s/.test(part[i] as string))) {
      const c = part[i] as string;
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '\\') i++;
      i++;
    }
    out.push({ w: part.slice(at, i), at });
  }
  return out;
}

/** The index of the first word after the wrapper at `ws[0]` and its options, or -1 if it is not one. */
function afterWrapper(ws: { w: string }[]): number {
  const head = ws[0]?.w;
  let i = 1;
  const opt = (withValue: RegExp, flag: RegExp) => {
    for (;;) {
      const w = ws[i]?.w;
      if (w === undefined) return;
      if (withValue.test(w)) i += 2;
      else if (flag.test(w)) i++;
      else return;
    }
  };
  switch (head) {
    case 'timeout':
      opt(/^(-s|-k|--signal|--kill-after)$/, /^(--signal=.*|--kill-after=.*|-k\S+|-s\S+|--preserve-status|--foreground|-v|--verbose)$/);
      if (!DURATION.test(ws[i]?.w ?? '')) return -1;
      return i + 1;
    case 'time':
      opt(/^$/, /^-p$/);
      return i;
    case 'nice':
      opt(/^(-n|--adjustment)$/, /^(-\d+|-n\S+|--adjustment=.*)$/);
      return i;
    case 'nohup':
      return i;
    case 'stdbuf':
      opt(/^(-i|-o|-e|--input|--output|--error)$/, /^(-[ioe]\S+|--(input|output|error)=.*)$/);
      return i;
    case 'xargs':
      return ws[1] !== undefined && ws[1].w.startsWith('-') ? -1 : 1;
    default:
      return -1;
  }
}

/** A simple command with its process wrappers stripped (`timeout 30 npm test` → `npm test`). */
export function stripWrappers(part: string): string {
  let p = part.trim();
  for (let guard = 0; guard < 16; guard++) {
    const ws = words(p);
    const i = afterWrapper(ws);
    if (i === -1 || i >= ws.length) return p;
    p = p.slice((ws[i] as { at: number }).at).trim();
  }
  return p;
}

/** The parts a Bash rule is matched against: split, then unwrapped. */
export function commandParts(command: string): string[] {
  const parts = splitCommand(command).map(stripWrappers);
  return parts.length > 0 ? parts : [command.trim()];
}

/**
 * Whether a part matches a wildcard specifier: `*` is any text (spaces too), `\\*` a literal
 * star; a trailing ` *` that is the only wildcard also matches the bare command (`git *` matches
 * `git`), keeping the word boundary (`ls *` does not match `lsof`).
 */
export function wildcardMatches(pattern: string, part: string): boolean {
  const toks = bashTokens(pattern);
  const stars = toks.filter((t) => t.t === 'any').length;
  const last = toks[toks.length - 1];
  const beforeLast = toks[toks.length - 2];
  if (stars === 1 && last?.t === 'any' && beforeLast?.t === 'lit' && beforeLast.c === ' ' && matchTokens(toks.slice(0, -2), part)) return true;
  return matchTokens(toks, part);
}

/** Whether one unwrapped part matches a Bash specifier of the given form. */
export function bashMatches(form: BashForm, pattern: string, part: string): boolean {
  switch (form) {
    case 'exact':
      return part === pattern.trim();
    case 'prefix':
      return part === pattern || part.startsWith(pattern + ' ');
    case 'wildcard':
      return wildcardMatches(pattern, part);
  }
}
