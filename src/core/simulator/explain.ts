/**
 * Plain-language explanations of decisions (`traces.md` §4): which rule decided and which state
 * made it decide. Every decision kind is covered; the context only adds detail.
 */
import type { Decision } from '../engine/decisions.ts';
import { explainExit, explainExitBlocked, explainIgnored, explainPeriodic, explainRan } from './explainCall.ts';
import { explainFailure } from './explainFailure.ts';
import type { ExplainContext, Explanation } from './explainTypes.ts';
import { explainError, explainInterrupt, explainTransition } from './explainWorkflow.ts';

export type { ExplainContext, Explanation, RuleRef } from './explainTypes.ts';
export { ruleLocator, sourceAtText, type RuleLocator, type SourceAt } from './ruleLocation.ts';

/**
 * Explains one decision, with where its rule is written when `ctx.locateRule` finds it. `ctx.state` is the replay snapshot after the decision's event (see
 * {@link ExplainContext}); `ctx.event` is that event. Never throws.
 */
export function explainDecision(d: Decision, ctx: ExplainContext = {}): Explanation {
  const e = explainKind(d, ctx);
  const at = e.ruleRef && ctx.locateRule ? ctx.locateRule(e.ruleRef) : undefined;
  return at ? { ...e, ruleAt: at } : e;
}

function explainKind(d: Decision, ctx: ExplainContext): Explanation {
  switch (d.kind) {
    case 'allowed':
    case 'auto':
      return explainRan(d, ctx);
    case 'blocked':
    case 'denied':
    case 'deduplicated':
    case 'timeout':
    case 'not_found':
      return explainFailure(d, ctx);
    case 'ignored':
      return explainIgnored(d);
    case 'exit':
      return explainExit(d, ctx);
    case 'exit_blocked':
      return explainExitBlocked(d, ctx);
    case 'periodic_due':
      return explainPeriodic(d, ctx);
    case 'transition':
      return explainTransition(d, ctx);
    case 'interrupt':
      return explainInterrupt(d, ctx);
    case 'error':
      return explainError(d);
  }
}
