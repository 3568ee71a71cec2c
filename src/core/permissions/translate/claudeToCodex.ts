/**
 * Claude Code permission rules to Codex execpolicy `prefix_rule`s. Codex rules govern shell
 * commands only, keyed by the program and matched token by token as a prefix of the command's
 * argv, so only Bash rules translate: `Bash(npm run:*)` and `Bash(npm run *)` exactly, an exact
 * `Bash(git status)` only more broadly (Codex has no end-of-command anchor). Every other rule is
 * named with the reason it cannot be said.
 */
import type { PermissionPolicy } from '../claude/settings.ts';
import type { PermissionRule, RuleList } from '../claude/types.ts';
import { shlexSplit } from '../codex/shlex.ts';
import type { SourceRule, Translation, TranslationNote } from './types.ts';

const DECISION: Record<RuleList, 'forbidden' | 'prompt' | 'allow'> = { deny: 'forbidden', ask: 'prompt', allow: 'allow' };

/** A Starlark string literal for `s` (double quotes; `\\`, `"` escaped). */
export function starlarkString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Whether `s` holds a control character (U+0000–U+001F or U+007F). */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** `s` with each control character replaced by a space (a justification stays on one line). */
const withoutControls = (s: string) => [...s].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');

const sourceOf = (r: PermissionRule): SourceRule => ({ file: r.source.file, line: r.source.line, col: r.source.col, text: r.source.text });

type Outcome = { tokens: string[]; approximate?: string } | { why: string };

/** The argv prefix a Bash rule's specifier stands for, or why Codex cannot say it. */
function tokensOf(r: PermissionRule): Outcome {
  const p = r.parsed;
  switch (p.kind) {
    case 'bash': {
      if (p.tool === 'PowerShell') return { why: 'Codex execpolicy rules match POSIX shell commands, not PowerShell' };
      let prefix: string;
      let approximate: string | undefined;
      if (p.form === 'prefix') prefix = p.pattern;
      else if (p.form === 'exact') {
        prefix = p.pattern;
        approximate = 'Codex rules match a prefix of the command: the exact command and any longer one with more arguments';
      } else {
        // The only wildcard a prefix can say: one trailing ` *` (which Claude also matches with nothing after it).
        const stars = [...p.pattern].filter((c) => c === '*').length;
        if (stars !== 1 || !p.pattern.endsWith(' *')) return { why: 'Codex rules match whole tokens from the start of the command; a `*` elsewhere than a final ` *` cannot be said' };
        prefix = p.pattern.slice(0, -2);
      }
      if (/[|&;<>()$`]/.test(prefix)) return { why: 'the specifier holds shell syntax (pipes, redirections, substitutions), which Codex matches token by token after parsing' };
      const tokens = shlexSplit(prefix);
      if (tokens === null || tokens.length === 0) return { why: 'the specifier does not split into words as a shell would' };
      if (tokens.some(hasControl)) return { why: 'a word holds control characters' };
      return approximate ? { tokens, approximate } : { tokens };
    }
    case 'tool':
      return p.tool === 'Bash' ? { why: 'Codex rules name the program they match; "any command" cannot be said' } : { why: `Codex execpolicy governs shell commands only, not ${p.tool}` };
    case 'inert':
      return { why: 'Claude Code never consults this rule' };
    case 'invalid':
      return { why: `not a rule (${p.why})` };
    default:
      return { why: `Codex execpolicy governs shell commands only, not ${p.tool}` };
  }
}

/** Translates the Bash rules of a Claude Code policy into a Codex `.rules` file; names the rest. */
export function claudeToCodex(policy: PermissionPolicy): Translation {
  const approximate: TranslationNote[] = [];
  const untranslated: TranslationNote[] = [];
  const lines = ['# Translated by Rule Studio from Claude Code permission rules.', '# Rules that could not be said in execpolicy are listed in the translation report.', ''];
  let translated = 0;
  for (const r of policy.rules) {
    const o = tokensOf(r);
    if ('why' in o) {
      untranslated.push({ rule: sourceOf(r), why: o.why });
      continue;
    }
    if (o.approximate) approximate.push({ rule: sourceOf(r), why: o.approximate });
    translated++;
    const from = `${r.source.list} \`${r.source.text}\` (${r.source.file}:${r.source.line})`;
    lines.push(`# from ${withoutControls(from)}`);
    lines.push(
      `prefix_rule(pattern = [${o.tokens.map(starlarkString).join(', ')}], decision = ${starlarkString(DECISION[r.source.list])}, justification = ${starlarkString(withoutControls(`Claude Code ${r.source.list} rule ${r.source.text}`))})`,
    );
  }
  return { from: 'claude', to: 'codex', text: `${lines.join('\n')}\n`, translated, approximate, untranslated };
}
