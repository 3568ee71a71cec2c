/** `check`'s run: every diagnostic of the rule files in the chosen format (see `check.ts`). */
import { checkFiles, type Profile } from '../../core/check.ts';
import type { CliContext } from '../context.ts';
import type { ParsedArgs } from '../registry.ts';
import { formatOf, printDiagnostics } from './diagnosticOutput.ts';
import { loadRuleInputs } from './ruleInputs.ts';
import { sortDiagnostics } from '../../core/diagnostics/make.ts';
import { checkCodexPolicy, loadCodexRules } from '../../core/permissions/codex/index.ts';
import { checkGeminiPolicy, loadGeminiPolicies } from '../../core/permissions/gemini/index.ts';
import { splitGeminiInputs } from './geminiInputs.ts';

export function runCheck(args: ParsedArgs, ctx: CliContext): number {
  const format = formatOf(args);
  const profile = (args.value('profile') ?? 'spec') as Profile;
  // Codex execpolicy `.rules` files are read together, in the order given, as `codex execpolicy check --rules …` does.
  const codex = args.positionals.filter((p) => p.endsWith('.rules'));
  // Gemini CLI policy files (and folders of them) are read together, tier by their path, as Gemini loads its tiers.
  const split = splitGeminiInputs(ctx, args.positionals.filter((p) => !p.endsWith('.rules')));
  const others = split.others;
  const codexDiagnostics = codex.length === 0 ? [] : codexCheck(codex.map((path) => ({ path, text: ctx.readText(path) })));
  const geminiDiagnostics = split.gemini.length === 0 ? [] : geminiCheck(split.gemini);
  const files = others.length === 0 ? [] : loadRuleInputs(ctx, others, { skipOthers: args.flag('skip-non-rule-files') });
  return printDiagnostics(ctx, args, sortDiagnostics([...checkFiles(files, profile), ...codexDiagnostics, ...geminiDiagnostics]), format);
}

function codexCheck(inputs: { path: string; text: string }[]) {
  const load = loadCodexRules(inputs);
  return load.refused ? load.diagnostics : [...load.diagnostics, ...checkCodexPolicy(load.policy)];
}

function geminiCheck(inputs: Parameters<typeof loadGeminiPolicies>[0]) {
  const load = loadGeminiPolicies(inputs);
  return [...load.diagnostics, ...checkGeminiPolicy(load.rules)];
}
