/** `token_budget` in both profiles: input + output tokens `>` max (cache tokens never counted). */
import type { PhaseRecord } from '../phases.ts';
import { groupThousands, renderHegelInterrupt, renderSpecInterrupt } from '../texts.ts';
import { quietCheck, type RuleCheck } from './check.ts';

/** `spec` profile: the current phase; numbers with thousands separators. */
export function specTokenBudgetCheck(maxTokens: number, phase: PhaseRecord): RuleCheck {
  const total = phase.tokensIn + phase.tokensOut;
  return {
    fires: total > maxTokens,
    value: total,
    limit: maxTokens,
    unit: 'tokens',
    text: () =>
      renderSpecInterrupt({
        title: 'Token Budget Exceeded',
        diagnostic: `Token budget exceeded: ${groupThousands(total)} / ${groupThousands(maxTokens)}`,
        details: [`Input tokens: ${groupThousands(phase.tokensIn)}`, `Output tokens: ${groupThousands(phase.tokensOut)}`],
        suggestion: 'Consider simplifying scope or splitting work.',
        node: phase.node,
      }),
  };
}

/** `hegel` profile: the node's first phase (none → never fires); plain numbers. */
export function hegelTokenBudgetCheck(maxTokens: number, phase: PhaseRecord | undefined): RuleCheck {
  if (!phase) return quietCheck(maxTokens, 'tokens');
  const total = phase.tokensIn + phase.tokensOut;
  return {
    fires: total > maxTokens,
    value: total,
    limit: maxTokens,
    unit: 'tokens',
    text: () =>
      renderHegelInterrupt({
        ruleType: 'Token Budget',
        diagnostic: `${phase.node} phase used ${total} tokens (limit: ${maxTokens})`,
        events: [
          `Input tokens: ${phase.tokensIn}`,
          `Output tokens: ${phase.tokensOut}`,
          `Total: ${total} (limit: ${maxTokens})`,
          `Turns: ${phase.turns}`,
        ],
        suggestion:
          "You've exceeded the token budget for this phase. Consider simplifying scope, deferring " +
          'non-critical work, or transitioning to document progress before resetting.',
      }),
  };
}
