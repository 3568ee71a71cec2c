/** The `spec` profile's policy points: `tool-rules.md` as written. */
import { specRuleChecks } from './checks.ts';
import { flowOf } from './flow.ts';
import { pendingExitTools } from './lifecycle.ts';
import type { ToolPolicy } from './policy.ts';

export const specPolicy: ToolPolicy = {
  profile: 'spec',
  checkRules: specRuleChecks,
  flowOf: (ctx, call) => flowOf(call.tool, call.args, call.outcome, ctx.state),
  pendingExit: (ctx) => (ctx.table.exitRequirements.length === 0 ? [] : pendingExitTools(ctx.table, ctx.state)),
  exitFlowSkipsRequirements: false,
  ignoresCallsAfterExit: true,
};
