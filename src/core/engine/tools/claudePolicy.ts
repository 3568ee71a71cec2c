/**
 * The `claude` profile's policy points: tool calls as Claude Code's permission layer decides them
 * (`docs/claude-permissions.md`, the pure core in `permissions/claude/`), in the one engine.
 *
 * - Step 3–7 (rules): `decide` under the merged settings; a `deny` refuses the call
 *   (`PermissionDenied`, naming the rule by its index in the merged policy and its file:line:col).
 * - Step 8 (consent): an `ask` prompts. The call's recorded answer (a transcript's rejection, a
 *   scripted `consent`), else a standing grant ("don't ask again" = `approve_scope`), else the
 *   `consentDefault` setting answers, as for RequiresConsent; `allow` runs without a prompt.
 * - Flow: every call continues the conversation; Claude Code has no exit requirements, and calls
 *   after a model's turn ended are judged like any other.
 * Every tool name is known: Claude Code's built-in tools, MCP tools and any other the session used.
 */
import type { Agent } from '../../model/toolRules.ts';
import type { Json } from '../../model/toolRules.ts';
import { decide, mergeSettings } from '../../permissions/claude/index.ts';
import type { Decision as PermissionDecision, DecideContextInput, PermissionRule } from '../../permissions/claude/types.ts';
import { DEFAULT_HOME, defaultCwd } from '../../permissions/claude/replayContext.ts';
import type { ReplaySettings } from '../settings.ts';
import { answerConsent, fail, type CallRequest, type CheckContext } from './checks.ts';
import type { ToolPolicy } from './policy.ts';
import { ruleNumber } from '../../model/ruleNumber.ts';

const keyOf = (r: { list: string; file: string; line: number; col: number }) => `${r.list}\u0000${r.file}\u0000${r.line}:${r.col}`;

/**
 * The deciding rule's number (its place in the merged settings, 1-based: `rule #12`, as the studio
 * says it; the decision's `rule` is the same place from 0) and where it was written.
 */
const whereOf = (d: PermissionDecision, index: number | undefined) =>
  d.rule ? ` (${index !== undefined ? `rule ${ruleNumber(index)}, ` : ''}${d.rule.file}:${d.rule.line}:${d.rule.col}, ${d.rule.scope} settings)` : '';

/** The message of a call Claude Code refuses: why (the rule, the part of the command, the mode) and which rule, where. */
export function claudeDeniedMessage(tool: string, d: PermissionDecision, index?: number): string {
  return `Claude Code denies ${tool}: ${d.reason}${whereOf(d, index)}.`;
}

/** How the message of a prompted call whose answer was no begins (a denial by a rule's prompt, not by a deny rule). */
export const ASKED_AND_REFUSED = 'Claude Code asks before';

/** The message of a prompted call whose answer was no. */
export function claudeRejectedMessage(tool: string, d: PermissionDecision, index?: number): string {
  return `${ASKED_AND_REFUSED} ${tool} runs (${d.reason}${whereOf(d, index)}) and the answer was no.`;
}

/** The `claude` profile's policy for one engine: `agent` carries the settings files. */
export function createClaudePolicy(agent: Agent, settings: ReplaySettings): ToolPolicy {
  const inputs = agent.claudeSettings ?? [];
  const cwd = settings.cwd ?? defaultCwd(inputs);
  const policy = mergeSettings(inputs, cwd);
  const indexOf = new Map<string, number>(policy.rules.map((r: PermissionRule, i) => [keyOf(r.source), i]));
  const context: DecideContextInput = { cwd, home: settings.home ?? DEFAULT_HOME, ...(settings.permissionMode ? { mode: settings.permissionMode } : {}) };
  /** The decision of the call being checked (step 8 reads what the rule step found). */
  let current: PermissionDecision | undefined;
  const ruleIndex = (d: PermissionDecision) => (d.rule ? indexOf.get(keyOf(d.rule)) : undefined);

  return {
    profile: 'claude',
    checkRules(_ctx, call) {
      current = decide(policy, { name: call.tool.name, input: call.args as Record<string, Json> }, context);
      if (current.decision !== 'deny') return undefined;
      const index = ruleIndex(current);
      return fail('PermissionDenied', claudeDeniedMessage(call.tool.name, current, index), index);
    },
    checkConsent(ctx: CheckContext, call: CallRequest) {
      ctx.pass.consent = undefined;
      ctx.pass.grantUntil = Number.NaN;
      const d = current;
      current = undefined;
      if (d?.decision !== 'ask' || !ctx.settings.requirePermissions) return undefined;
      const index = ruleIndex(d);
      return answerConsent(ctx, call) ? undefined : fail('PermissionDenied', claudeRejectedMessage(call.tool.name, d, index), index);
    },
    flowOf: () => 'continue',
    pendingExit: () => [],
    exitFlowSkipsRequirements: false,
    ignoresCallsAfterExit: false,
  };
}
