/**
 * Whether the rule files named on a command line are Codex `.rules` files or Gemini CLI policies
 * (files and folders, with tiers from their paths): `simulate` and `follow` pick their reader by it.
 */
import type { RulesFileInput } from '../../core/permissions/codex/index.ts';
import type { GeminiFileInput } from '../../core/permissions/gemini/index.ts';
import type { CliContext } from '../context.ts';
import { splitGeminiInputs } from './geminiInputs.ts';

export type PermissionDialect = { kind: 'codex'; files: RulesFileInput[] } | { kind: 'gemini'; files: GeminiFileInput[] };

/** The dialect of `names` when they are all Codex `.rules` files, or all Gemini CLI policies; undefined otherwise. */
export function permissionDialectOf(ctx: CliContext, names: readonly string[]): PermissionDialect | undefined {
  if (names.length === 0) return undefined;
  if (names.every((p) => p.endsWith('.rules'))) return { kind: 'codex', files: names.map((path) => ({ path, text: ctx.readText(path) })) };
  if (!names.every((p) => p.endsWith('.toml') || !/\.[a-z]+$/i.test(p))) return undefined;
  const split = splitGeminiInputs(ctx, names);
  return split.others.length === 0 && split.gemini.length > 0 ? { kind: 'gemini', files: split.gemini } : undefined;
}
