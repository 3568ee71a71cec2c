/**
 * Whether a permission family's rule file reads at all (review17 s2): the first syntax error of a
 * Claude Code settings file (not strict JSON, C001), a Codex `.rules` file (Starlark that does not
 * parse, K001) or a Gemini CLI policy (TOML that does not parse, G001). The studio keeps such a
 * document's last good model — its graph, Inspector and Policy tables — until the text reads
 * again, as it keeps a Pattern agent's or a hegel workflow's on an F001; the agents themselves
 * ignore (Claude Code), refuse (Codex) or skip (Gemini) the whole file, which the error says.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { readSettingsFile } from './claude/settings.ts';
import { parseStarlark, StarlarkError } from './codex/starlark.ts';
import { parseToml } from '../codecs/parse/toml.ts';

/** The first syntax error of a permission agent's files, if any (undefined for other families). */
export function permissionSyntaxError(agent: Agent): Diagnostic | undefined {
  if (agent.family === 'claude') {
    for (const s of agent.claudeSettings ?? []) {
      try {
        JSON.parse(s.text);
      } catch {
        const c001 = readSettingsFile(s).diagnostics.find((d) => d.code === 'C001');
        if (c001) return c001;
      }
    }
  }
  if (agent.family === 'codex') {
    for (const f of agent.codexRules ?? []) {
      try {
        parseStarlark(f.text);
      } catch (e) {
        if (!(e instanceof StarlarkError)) throw e;
        const at = { line: e.pos.line, column: e.pos.col };
        return { code: e.code, severity: 'error', message: e.message, file: f.path, range: { start: at, end: at }, target: { kind: 'file' } };
      }
    }
  }
  if (agent.family === 'gemini') {
    for (const f of agent.geminiPolicies ?? []) {
      const e = parseToml(f.text).errors[0];
      if (e) return { code: 'G001', severity: 'error', message: `TOML syntax error: ${e.message}; Gemini skips this whole file`, file: f.path, range: e.range, target: { kind: 'file' } };
    }
  }
  return undefined;
}
