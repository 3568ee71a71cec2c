/** `follow`'s Codex and Gemini CLI policies: loaded as `simulate` loads them, refusals said on stderr. */
import { loadCodexRules } from '../../core/permissions/codex/index.ts';
import { loadGeminiPolicies } from '../../core/permissions/gemini/index.ts';
import type { CliContext } from '../context.ts';
import { termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { ParsedArgs } from '../registry.ts';
import type { PermissionPolicy } from '../follow/permissionFollower.ts';
import type { PermissionDialect } from './permissionDialect.ts';

/** The policy to decide a followed session by; undefined (with the reasons on stderr) when the engine refuses the files. */
export function permissionPolicyOf(args: ParsedArgs, ctx: CliContext, dialect: PermissionDialect): PermissionPolicy | undefined {
  if (dialect.kind === 'codex') {
    const load = loadCodexRules(dialect.files);
    if (load.refused) {
      for (const d of load.diagnostics) ctx.err(formatDiagnostic(d));
      ctx.err('rule-studio follow: Codex refuses these rule files, so the session cannot be decided by them');
      return undefined;
    }
    return { kind: 'codex', policy: load.policy, options: { resolveHostExecutables: args.flag('resolve-host-executables') } };
  }
  const load = loadGeminiPolicies(dialect.files);
  for (const d of load.diagnostics.filter((x) => x.severity === 'error')) ctx.err(formatDiagnostic(d));
  if (load.engineError !== undefined) {
    ctx.err(`rule-studio follow: Gemini's policy engine refuses to start (${termSafe(load.engineError)}), so the session cannot be decided by these policies`);
    return undefined;
  }
  return { kind: 'gemini', rules: load.rules };
}
