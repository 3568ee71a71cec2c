/** `require_commits` in both profiles: no commit in the last k phases ending at a given phase. */
import type { PhaseHistory } from '../phases.ts';
import { renderHegelInterrupt, renderSpecInterrupt } from '../texts.ts';
import { quietCheck, type RuleCheck } from './check.ts';

/** Commits in phase `last` and the `k − 1` phases before it. */
function commitsInLookback(history: PhaseHistory, last: number, k: number): number {
  return history.commitsIn(last - k + 1, last);
}

/** `spec` profile: the current phase plus the k − 1 before it. */
export function specRequireCommitsCheck(k: number, history: PhaseHistory, node: string): RuleCheck {
  const commits = commitsInLookback(history, history.length - 1, k);
  return {
    fires: commits === 0,
    value: commits,
    limit: k,
    unit: 'commits',
    text: () =>
      renderSpecInterrupt({
        title: 'Commits Required',
        diagnostic: `No commits found in last ${k} phases`,
        details: [],
        suggestion: 'Create a commit before advancing.',
        node,
      }),
  };
}

/** `hegel` profile: the node's first phase and the k − 1 before it (never entered → never fires). */
export function hegelRequireCommitsCheck(k: number, history: PhaseHistory, node: string): RuleCheck {
  const first = history.firstIndexOf(node);
  if (first === undefined) return quietCheck(k, 'commits');
  const commits = commitsInLookback(history, first, k);
  return {
    fires: commits === 0,
    value: commits,
    limit: k,
    unit: 'commits',
    text: () =>
      renderHegelInterrupt({
        ruleType: 'Require Commits',
        diagnostic: `No commits found in last ${k} phases`,
        events: [],
        suggestion: 'Create a commit before advancing. Use `hegel next --force require_commits` to override.',
      }),
  };
}
