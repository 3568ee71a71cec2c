/**
 * Checks on loaded Gemini CLI policies (warnings; Gemini itself accepts these files): rules that
 * never decide because a rule earlier in priority order matches every call they match (G101, or
 * G102 when both decide the same), wildcards Gemini reads literally (G104), and allow rules that
 * let any shell command or any tool run (G103).
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import type { GeminiRule } from './policy.ts';
import { isGeminiWildcard } from './engine.ts';

function warn(
  code: string,
  r: GeminiRule,
  message: string,
  severity: Diagnostic['severity'] = 'warning',
): Diagnostic {
  return { code, severity, message, file: r.file, range: r.range, target: { kind: 'file' } };
}

/** What a rule matches, in the words its file uses (`commandPrefix "git status"`, not the regex built from it). */
function matcher(r: GeminiRule): string {
  if (r.commandPrefix !== undefined) return ` commandPrefix ${JSON.stringify(r.commandPrefix)}`;
  if (r.commandRegex !== undefined) return ` commandRegex ${JSON.stringify(r.commandRegex)}`;
  if (r.argsPatternText !== undefined) return ` argsPattern ${JSON.stringify(r.argsPatternText)}`;
  return r.argsPattern === undefined ? '' : ` /${r.argsPattern.source}/`;
}

/**
 * A rule as its file says it, numbered by its place in its file as the Inspector numbers it; `at`
 * adds the file and line (for a rule other than the one reported, perhaps in another file).
 */
function show(r: GeminiRule, at = false): string {
  const what = `${r.toolName}${matcher(r)}, ${r.decision}, priority ${r.rawPriority} in the ${r.tier} tier`;
  return `rule #${r.table + 1}${at ? ` at ${r.file}:${r.range.start.line}` : ''} (${what})`;
}

const WILDCARD_OK = isGeminiWildcard;

/** True when `s` matches every call `r` matches (a sufficient test: same or broader on each field). */
export function coversRule(s: GeminiRule, r: GeminiRule): boolean {
  if (
    s.modes !== undefined &&
    s.modes.length > 0 &&
    !(r.modes !== undefined && r.modes.length > 0 && r.modes.every((m) => s.modes?.includes(m)))
  )
    return false;
  if (s.subagent !== undefined && s.subagent !== r.subagent) return false;
  if (
    s.mcpName !== undefined &&
    s.mcpName !== r.mcpName &&
    !(s.mcpName === '*' && r.mcpName !== undefined)
  )
    return false;
  if (s.toolAnnotations !== undefined) return false;
  if (s.interactive !== undefined && s.interactive !== r.interactive) return false;
  if (s.argsPattern !== undefined && s.argsPattern.source !== r.argsPattern?.source) return false;
  if (s.toolName === '*') return true;
  if (s.toolName === r.toolName) return !r.toolName.includes('*') || WILDCARD_OK(r.toolName);
  if (s.toolName.startsWith('mcp_') && s.toolName.endsWith('_*') && s.toolName !== 'mcp_*') {
    const server = s.toolName.slice(4, -2);
    return (
      !server.includes('_') && !r.toolName.includes('*') && r.toolName.startsWith(`mcp_${server}_`)
    );
  }
  return false;
}

/** Warnings for policies that Gemini loads; each is reported at its `[[rule]]` table. */
export function checkGeminiPolicy(rules: readonly GeminiRule[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Gemini's order: priority, highest first; equal priorities keep load order.
  const sorted = [...rules].sort((a, b) => b.priority - a.priority || a.index - b.index);
  const reported = new Set<string>();
  sorted.forEach((r, i) => {
    const key = `${r.file}#${r.table}`;
    for (let j = 0; j < i; j++) {
      const s = sorted[j] as GeminiRule;
      if (s.file === r.file && s.table === r.table) continue;
      if (!coversRule(s, r) || reported.has(`${key}:${r.toolName}`)) continue;
      reported.add(`${key}:${r.toolName}`);
      if (s.decision === r.decision)
        out.push(
          warn(
            'G102',
            r,
            `${show(r)} never decides: ${show(s, true)} comes first in priority order and matches every call it matches, with the same decision`,
            'info',
          ),
        );
      else
        out.push(
          warn(
            'G101',
            r,
            `${show(r)} is shadowed: ${show(s, true)} comes first in priority order and matches every call it matches (${s.decision}), so this rule never decides`,
          ),
        );
      break;
    }
    if (
      r.toolName.includes('*') &&
      !WILDCARD_OK(r.toolName) &&
      !reported.has(`${key}:wild:${r.toolName}`)
    ) {
      reported.add(`${key}:wild:${r.toolName}`);
      out.push(
        warn(
          'G104',
          r,
          `\`${r.toolName}\` is not a wildcard Gemini understands ("*", "mcp_*" or "mcp_<server>_*"): it matches only a tool named exactly \`${r.toolName}\``,
        ),
      );
    }
    const yoloOnly =
      r.modes !== undefined && r.modes.length > 0 && r.modes.every((m) => m === 'yolo');
    if (
      r.decision === 'allow' &&
      r.argsPattern === undefined &&
      !yoloOnly &&
      r.subagent === undefined &&
      r.toolAnnotations === undefined
    ) {
      if (r.toolName === 'run_shell_command' || r.toolName === 'ShellTool')
        out.push(
          warn(
            'G103',
            r,
            `${show(r)} allows every shell command (no commandPrefix, commandRegex or argsPattern): only commands with a redirection still ask; allow the commands you mean with commandPrefix`,
          ),
        );
      else if (r.toolName === '*' && r.mcpName === undefined)
        out.push(
          warn(
            'G103',
            r,
            `${show(r)} allows every tool, shell commands and file writes included; name the tools instead`,
          ),
        );
    }
  });
  return out.sort((a, b) =>
    a.file === b.file ? a.range.start.line - b.range.start.line : a.file < b.file ? -1 : 1,
  );
}
