/**
 * Whether two policies in different dialects (Claude Code, Codex, Gemini CLI) decide the same shell commands the same way, at the
 * level of their rules: each command is split into its simple commands (Claude Code's splitting,
 * wrappers such as `timeout` stripped), each part is decided by each policy's rules, and the
 * parts combine as both agents combine them — a deny anywhere denies, an ask anywhere asks, and
 * an allow needs every part allowed. What each agent does when no rule decides (Claude Code's
 * read-only commands, Codex's approval policy) is left out: both sides then say `none`.
 */
import { commandParts } from '../claude/bash.ts';
import { ruleMatches } from '../claude/decide.ts';
import type { PermissionPolicy } from '../claude/settings.ts';
import type { PermissionRule } from '../claude/types.ts';
import { checkCommand, type CodexPolicy } from '../codex/policy.ts';
import { shlexSplit } from '../codex/shlex.ts';
import { checkToolCall } from '../gemini/engine.ts';
import type { GeminiRule } from '../gemini/policy.ts';
import type { Dialect, RuleVerdict } from './types.ts';

/** A policy of either dialect. */
export type AnyPolicy =
  | { dialect: 'claude'; policy: PermissionPolicy; cwd: string; home: string }
  | { dialect: 'codex'; policy: CodexPolicy }
  | { dialect: 'gemini'; rules: readonly GeminiRule[]; workspace: string };

/** One command two policies decide differently, with what each said and which rule said it. */
export interface VerdictDifference {
  command: string;
  a: { verdict: RuleVerdict; rule?: string };
  b: { verdict: RuleVerdict; rule?: string };
}

/** The comparison over a list of commands. */
export interface Comparison {
  dialects: [Dialect, Dialect];
  commands: number;
  same: number;
  differences: VerdictDifference[];
}

const RANK: Record<Exclude<RuleVerdict, 'none'>, number> = { allow: 0, ask: 1, deny: 2 };

type PartVerdict = { verdict: RuleVerdict; rule?: string };

function claudePart(policy: PermissionPolicy, cwd: string, home: string, part: string): PartVerdict {
  const call = { name: 'Bash', input: { command: part } };
  const ctx = { cwd, home, workDirs: [cwd] };
  for (const list of ['deny', 'ask', 'allow'] as const) {
    const r: PermissionRule | undefined = policy.rules.find((x) => x.source.list === list && ruleMatches(x, call, ctx, part));
    if (r) return { verdict: list, rule: r.source.text };
  }
  return { verdict: 'none' };
}

function codexPart(policy: CodexPolicy, part: string): PartVerdict {
  const argv = shlexSplit(part);
  if (argv === null || argv.length === 0) return { verdict: 'none' };
  const e = checkCommand(policy, argv);
  if (e.decision === undefined) return { verdict: 'none' };
  const verdict = e.decision === 'forbidden' ? 'deny' : e.decision === 'prompt' ? 'ask' : 'allow';
  const rule = e.matchedRules.find((m) => m.decision === e.decision);
  return { verdict, ...(rule ? { rule: `${rule.rule.file}:${rule.rule.pos.line} prefix_rule(${rule.matchedPrefix.join(' ')})` } : {}) };
}

function geminiPart(rules: readonly GeminiRule[], workspace: string, part: string): PartVerdict {
  const e = checkToolCall(rules, { name: 'run_shell_command', args: { command: part } }, { workspace });
  const r = e.rule;
  // Gemini's default decision (no rule) and an inherent downgrade are not the rules' verdict.
  if (r === undefined || !('toolName' in r)) return { verdict: 'none' };
  const verdict = e.decision === 'deny' ? 'deny' : e.decision === 'ask_user' ? 'ask' : 'allow';
  return { verdict, rule: `${r.file}:${r.range.start.line} [[rule]] ${r.toolName}` };
}

/** What a policy's rules say about a whole command (its parts combined). */
export function verdictOf(p: AnyPolicy, command: string): PartVerdict {
  const parts = commandParts(command);
  const each = parts.map((part) => (p.dialect === 'claude' ? claudePart(p.policy, p.cwd, p.home, part) : p.dialect === 'codex' ? codexPart(p.policy, part) : geminiPart(p.rules, p.workspace, part)));
  let strictest: PartVerdict | undefined;
  for (const v of each) if (v.verdict !== 'none' && v.verdict !== 'allow' && (strictest === undefined || RANK[v.verdict] > RANK[strictest.verdict as 'ask' | 'deny'])) strictest = v;
  if (strictest) return strictest;
  if (each.length > 0 && each.every((v) => v.verdict === 'allow')) return each[0] as PartVerdict;
  return { verdict: 'none' };
}

/** Compares two policies on `commands` (duplicates counted once each time they occur). */
export function compareOnCommands(a: AnyPolicy, b: AnyPolicy, commands: readonly string[]): Comparison {
  const differences: VerdictDifference[] = [];
  let same = 0;
  for (const command of commands) {
    const va = verdictOf(a, command);
    const vb = verdictOf(b, command);
    if (va.verdict === vb.verdict) same++;
    else differences.push({ command, a: va, b: vb });
  }
  return { dialects: [a.dialect, b.dialect], commands: commands.length, same, differences };
}
