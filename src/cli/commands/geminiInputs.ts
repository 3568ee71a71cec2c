/**
 * Which of the named files and folders are Gemini CLI policies (`.toml` files whose only tables
 * are `[[rule]]` / `[[safety_checker]]`; a folder counts when all its `.toml` files are), read
 * with their tier from their path (docs/gemini-policies.md).
 */
import {
  looksLikeGeminiPolicy,
  tierFromPath,
  type GeminiFileInput,
} from '../../core/permissions/gemini/index.ts';
import type { CliContext } from '../context.ts';
import { append } from '../../core/model/append.ts';

export interface GeminiSplit {
  gemini: GeminiFileInput[];
  others: string[];
}

export function splitGeminiInputs(ctx: CliContext, names: readonly string[]): GeminiSplit {
  const gemini: GeminiFileInput[] = [];
  const others: string[] = [];
  for (const name of names) {
    if (name === '-' || name.includes('*')) {
      others.push(name);
      continue;
    }
    let files: string[];
    try {
      files = ctx.listFiles?.(name) ?? [name];
    } catch {
      others.push(name);
      continue;
    }
    const isFolder = !(files.length === 1 && files[0] === name);
    const tomls = files.filter((f) => f.endsWith('.toml'));
    if (tomls.length === 0 || (!isFolder && !name.endsWith('.toml'))) {
      others.push(name);
      continue;
    }
    const read: GeminiFileInput[] = [];
    let all = true;
    for (const f of tomls) {
      let text: string;
      try {
        text = ctx.readText(f);
      } catch {
        all = false;
        break;
      }
      if (firstKeyIsNotGemini(text) || !looksLikeGeminiPolicy(text)) {
        all = false;
        break;
      }
      read.push({ path: f, text, tier: tierFromPath(f) });
    }
    if (all) append(gemini, read);
    else others.push(name);
  }
  return { gemini, others };
}

/** `[[rule]]` or `[[safety_checker]]` opening a line: what `looksLikeGeminiPolicy` looks for in a text that does not parse. */
const GEMINI_TABLE = /^\s*\[\[\s*(rule|safety_checker)\s*\]\]/m;

/**
 * Whether the text is surely no Gemini policy without parsing it: its first key or table header
 * names a top-level key other than `rule` and `safety_checker` (so, parsed, it is not one), and no
 * line opens a `[[rule]]` or `[[safety_checker]]` table (so, unparsed, it is not one either). A
 * Pattern agent file is then parsed once, by its loader, not a second time to be told apart. False
 * (ask the parser) on anything else: a quoted first key, a key of `rule` or `safety_checker`.
 */
export function firstKeyIsNotGemini(text: string): boolean {
  let i = 0;
  // blank lines and comments before the first key
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23 /* # */) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return false;
      i = nl + 1;
    } else break;
  }
  if (text.charCodeAt(i) === 0x5b /* [ */) {
    i++;
    if (text.charCodeAt(i) === 0x5b) i++;
    while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
  }
  const start = i;
  for (;;) {
    const c = text.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d) i++;
    else break;
  }
  const after = text.charCodeAt(i);
  if (i === start || !(after === 0x20 || after === 0x09 || after === 0x2e /* . */ || after === 0x3d /* = */ || after === 0x5d /* ] */)) return false;
  const key = text.slice(start, i);
  return key !== 'rule' && key !== 'safety_checker' && !GEMINI_TABLE.test(text);
}
