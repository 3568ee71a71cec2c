/**
 * The two workflow conformance cases (test/data/conformance/workflow-*-profile.case.json),
 * ported by hand: the whole decision stream and the exact interrupt texts.
 */
import { describe, expect, it } from 'vitest';
import { cmd, ev, next, run, start, tokens, workflow } from './helpers.ts';

describe('conformance: workflow-spec-profile', () => {
  const wf = workflow('code', {
    code: {
      transitions: [['code_complete', 'review']],
      rules: [
        { type: 'repeated_command', pattern: 'cargo (build|test)', threshold: 3, window: 120 },
        { type: 'token_budget', max_tokens: 1000 },
      ],
    },
    review: { transitions: [['review_complete', 'done']] },
  });
  const events = [
    start(0),
    cmd(30, 'cargo build'),
    cmd(50, 'git status'),
    cmd(90, 'cargo test'),
    cmd(130, 'cargo build'),
    next(140, ['code_complete']),
    ev(150, 'continue'),
    tokens(160, 800, 300),
    next(170, ['code_complete']),
    next(180, ['code_complete'], { force: ['token_budget'] }),
    next(190, ['review_complete']),
  ];

  const repeatedText = `🚨 WORKFLOW INTERRUPT: Repeated Command Detected

Diagnostic: Commands matching cargo (build|test) executed 3 times in 2 minutes
Pattern: cargo (build|test)
Recent executions:
  - 10:00:30: cargo build
  - 10:01:30: cargo test
  - 10:02:10: cargo build

Suggestion: You're stuck in a build loop. Review the error message carefully.
Consider using TDD: write a failing test first, then fix the specific issue.

---

REFLECT AND DECIDE:

Can you resolve this issue autonomously, or do you need human assistance?

If you can fix this yourself:
  - Explain your corrective approach briefly
  - Run: hegel continue
  - This will return the normal CODE phase prompt (bypassing rules this once)

If you need human help:
  - Explain what you've tried and why you're stuck
  - Wait for human guidance before proceeding
`;
  const budgetText = `🚨 WORKFLOW INTERRUPT: Token Budget Exceeded

Diagnostic: Token budget exceeded: 1,100 / 1,000
Input tokens: 800
Output tokens: 300

Suggestion: Consider simplifying scope or splitting work.

---

REFLECT AND DECIDE:

Can you resolve this issue autonomously, or do you need human assistance?

If you can fix this yourself:
  - Explain your corrective approach briefly
  - Run: hegel continue
  - This will return the normal CODE phase prompt (bypassing rules this once)

If you need human help:
  - Explain what you've tried and why you're stuck
  - Wait for human guidance before proceeding
`;

  it('gives the expected decision stream with exact texts', () => {
    expect(run(wf, events, { profile: 'spec' })).toEqual([
      { event: 0, kind: 'transition', from: 'START', to: 'code' },
      { event: 5, kind: 'interrupt', node: 'code', ruleType: 'repeated_command', rule: 0, text: repeatedText },
      { event: 8, kind: 'interrupt', node: 'code', ruleType: 'token_budget', rule: 1, text: budgetText },
      { event: 9, kind: 'transition', from: 'code', to: 'review' },
      { event: 10, kind: 'transition', from: 'review', to: 'done' },
    ]);
  });

  it('is the default profile', () => {
    expect(run(wf, events)).toEqual(run(wf, events, { profile: 'spec' }));
  });
});

describe('conformance: workflow-hegel-profile', () => {
  const wf = workflow('plan', {
    plan: { transitions: [['plan_complete', 'code']] },
    code: {
      transitions: [['code_complete', 'done']],
      rules: [{ type: 'repeated_command', pattern: 'cargo (build|test)', threshold: 3, window: 120 }],
    },
  });
  const events = [
    start(0),
    cmd(10, 'cargo build'),
    cmd(60, 'cargo test'),
    cmd(100, 'cargo build'),
    cmd(200, 'cargo build'),
    next(210, ['plan_complete']),
    cmd(220, 'cargo build'),
    next(230, ['nothing_matches']),
    next(240, ['code_complete']),
  ];

  const text = `⚠️  **Repeated Command**

Command executed 3 times in last 120s

**Recent Activity:**
- 10:00:10: cargo build
- 10:01:00: cargo test
- 10:01:40: cargo build

**Suggestion:** You're stuck in a build loop. Review the error message carefully. Consider using TDD: write a failing test first, then fix the specific issue.

**What next?**
- Fix the issue and re-display prompt: \`hegel repeat\`
- Escalate to human for review
`;

  it('gives the expected decision stream with exact texts', () => {
    expect(run(wf, events, { profile: 'hegel' })).toEqual([
      { event: 0, kind: 'transition', from: 'START', to: 'plan' },
      { event: 5, kind: 'transition', from: 'plan', to: 'code' },
      { event: 5, kind: 'interrupt', node: 'code', ruleType: 'repeated_command', rule: 0, text },
      { event: 8, kind: 'transition', from: 'code', to: 'done' },
    ]);
  });
});
