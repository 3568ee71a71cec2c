/** `check`'s run: every diagnostic of the rule files in the chosen format (see `check.ts`). */
import { checkFiles, type Profile } from '../../core/check.ts';
import type { CliContext } from '../context.ts';
import type { ParsedArgs } from '../registry.ts';
import { formatOf, printDiagnostics } from './diagnosticOutput.ts';
import { loadRuleInputs } from './ruleInputs.ts';

export function runCheck(args: ParsedArgs, ctx: CliContext): number {
  const format = formatOf(args);
  const profile = (args.value('profile') ?? 'spec') as Profile;
  const files = loadRuleInputs(ctx, args.positionals, { skipOthers: args.flag('skip-non-rule-files') });
  return printDiagnostics(ctx, args, checkFiles(files, profile), format);
}
