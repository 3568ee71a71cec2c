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
      if (!looksLikeGeminiPolicy(text)) {
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
