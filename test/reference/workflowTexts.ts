/**
 * Interrupt texts of `workflow-rules.md` §4, written from the spec independently of the engine's
 * own text module, so the differential test compares texts too.
 */
import { formatClock } from '../../src/core/time.ts';
import type { Act } from './workflowHistory.ts';

/** `6200` → `6,200`. */
export function thousands(n: number): string {
  const [int = '0', frac] = String(n).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** `6m 40s`, `5m`, `45s`, `1h 2m 3s`. */
export function compact(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [h ? `${h}h` : '', m ? `${m}m` : '', s ? `${s}s` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : '0s';
}

/** `2 minutes`, `1 minute`, `90 seconds`, `1 hour`. */
export function windowWords(seconds: number): string {
  const [n, unit] =
    seconds % 3600 === 0 && seconds > 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0 && seconds > 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The at most five most recent acts, oldest first. */
export function recent(acts: readonly Act[]): Act[] {
  return acts.slice(-5);
}

/** The `spec` profile's interrupt text. */
export function specText(
  node: string,
  title: string,
  diagnostic: string,
  details: readonly string[],
  suggestion: string,
): string {
  const lines = [
    `🚨 WORKFLOW INTERRUPT: ${title}`,
    '',
    `Diagnostic: ${diagnostic}`,
    ...details,
    '',
    `Suggestion: ${suggestion}`,
    '',
    '---',
    '',
    'REFLECT AND DECIDE:',
    '',
    'Can you resolve this issue autonomously, or do you need human assistance?',
    '',
    'If you can fix this yourself:',
    '  - Explain your corrective approach briefly',
    '  - Run: hegel continue',
    `  - This will return the normal ${node.toUpperCase()} phase prompt (bypassing rules this once)`,
    '',
    'If you need human help:',
    "  - Explain what you've tried and why you're stuck",
    '  - Wait for human guidance before proceeding',
  ];
  return lines.join('\n') + '\n';
}

/** The `hegel` profile's interrupt text. */
export function hegelText(
  ruleType: string,
  diagnostic: string,
  activity: readonly string[],
  suggestion: string,
): string {
  const lines = [`⚠️  **${ruleType}**`, '', diagnostic, ''];
  if (activity.length > 0) lines.push('**Recent Activity:**', ...activity.map((a) => `- ${a}`), '');
  lines.push(
    `**Suggestion:** ${suggestion}`,
    '',
    '**What next?**',
    '- Fix the issue and re-display prompt: `hegel repeat`',
    '- Escalate to human for review',
  );
  return lines.join('\n') + '\n';
}

export const clock = formatClock;

export const SUGGESTIONS = {
  spec: {
    repeated_command:
      "You're stuck in a build loop. Review the error message carefully.\nConsider using TDD: write a failing test first, then fix the specific issue.",
    repeated_file_edit:
      "You're thrashing the same file. Step back and write a failing test\nthat captures the desired behavior, then implement the fix.",
    phase_timeout:
      'This phase is taking too long. Consider:\n- Breaking the task into smaller steps\n- Transitioning to LEARNINGS to document blockers\n- Resetting the workflow with simplified scope',
    token_budget: 'Consider simplifying scope or splitting work.',
    require_commits: 'Create a commit before advancing.',
  },
  hegel: {
    repeated_command:
      "You're stuck in a build loop. Review the error message carefully. Consider using TDD: write a failing test first, then fix the specific issue.",
    repeated_file_edit:
      "You're thrashing the same files. Step back and write a failing test that captures the desired behavior, then implement the fix.",
    phase_timeout:
      'This phase is taking too long. Consider breaking the task into smaller steps, transitioning to LEARNINGS to document blockers, or resetting with simplified scope.',
    token_budget:
      "You've exceeded the token budget for this phase. Consider simplifying scope, deferring non-critical work, or transitioning to document progress before resetting.",
    require_commits:
      'Create a commit before advancing. Use `hegel next --force require_commits` to override.',
  },
} as const;
