/**
 * Evaluates one workflow rule by rescanning the history (`workflow-rules.md` §3, §5) and renders
 * its interrupt text (§4). Returns the text when the rule fires, else null.
 */
import type { WorkflowRule } from '../../src/core/model/workflow.ts';
import { compilePattern } from '../../src/core/regex/index.ts';
import {
  activityBetween,
  phaseActivity,
  phaseTokensByTime,
  type Act,
  type Phase,
  type WorkflowHistory,
} from './workflowHistory.ts';
import {
  clock,
  compact,
  hegelText,
  recent,
  specText,
  SUGGESTIONS,
  thousands,
  windowWords,
} from './workflowTexts.ts';

function matcher(source: string | undefined): (text: string) => boolean {
  if (source === undefined) return () => true;
  const compiled = compilePattern(source);
  return compiled.ok ? (text) => compiled.pattern.test(text) : () => false;
}

/** Spec profile, no pattern: the acts of the most repeated text; ties go to the latest last act. */
function leaderActs(acts: readonly Act[]): Act[] {
  let best: Act[] = [];
  for (const text of new Set(acts.map((a) => a.text))) {
    const group = acts.filter((a) => a.text === text);
    const lastOf = (g: Act[]) => g[g.length - 1]?.event ?? -1;
    if (
      group.length > best.length ||
      (group.length === best.length && lastOf(group) > lastOf(best))
    )
      best = group;
  }
  return best;
}

const sum = (acts: readonly Act[], f: (a: Act) => number) => acts.reduce((t, a) => t + f(a), 0);

/** Spec profile: `rule` of `node`, against phase `k` of `list` (the current phase) at event `i`. */
export function evalSpec(
  h: WorkflowHistory,
  rule: WorkflowRule,
  node: string,
  list: readonly Phase[],
  k: number,
  i: number,
): string | null {
  const p = list[k];
  if (!p) return null;
  const now = h.events[i]?.time ?? 0;
  const acts = phaseActivity(h, list, k, i);
  const text = (title: string, diagnostic: string, details: string[]) =>
    specText(node, title, diagnostic, details, SUGGESTIONS.spec[rule.type]);
  switch (rule.type) {
    case 'repeated_command':
    case 'repeated_file_edit': {
      const isCommand = rule.type === 'repeated_command';
      const pattern = isCommand ? rule.pattern : rule.path_pattern;
      const from = Math.max(p.startTime, now - rule.window * 1000);
      const inWindow = acts.filter(
        (a) => a.kind === (isCommand ? 'command' : 'edit') && a.time >= from && a.time <= now,
      );
      const match = matcher(pattern);
      const counted =
        pattern === undefined ? leaderActs(inWindow) : inWindow.filter((a) => match(a.text));
      const n = counted.length;
      if (n === 0 || n < rule.threshold) return null;
      const same = counted.every((a) => a.text === counted[0]?.text);
      const subject = same
        ? (counted[0]?.text ?? '')
        : `${isCommand ? 'Commands' : 'Files'} matching ${pattern ?? ''}`;
      const details = [
        ...(pattern !== undefined ? [`Pattern: ${pattern}`] : []),
        isCommand ? 'Recent executions:' : 'Recent edits:',
        ...recent(counted).map((a) =>
          isCommand
            ? `  - ${clock(a.time)}: ${a.text}`
            : `  - ${clock(a.time)}: ${a.tool} (${a.text})`,
        ),
      ];
      return isCommand
        ? text(
            'Repeated Command Detected',
            `${subject} executed ${n} times in ${windowWords(rule.window)}`,
            details,
          )
        : text(
            'Repeated File Edit Detected',
            `${subject} edited ${n} times in ${windowWords(rule.window)}`,
            details,
          );
    }
    case 'phase_timeout': {
      const ms = now - p.startTime;
      if (ms <= rule.max_duration * 1000) return null;
      const s = Math.floor(ms / 1000);
      return text(
        'Phase Timeout Exceeded',
        `${node.toUpperCase()} phase running for ${compact(s)} (limit: ${compact(rule.max_duration)})`,
        [
          `Phase start: ${clock(p.startTime)}`,
          `Current time: ${clock(now)}`,
          `Duration: ${s} seconds`,
        ],
      );
    }
    case 'token_budget': {
      const tokens = acts.filter((a) => a.kind === 'tokens');
      const input = sum(tokens, (a) => a.input);
      const output = sum(tokens, (a) => a.output);
      if (input + output <= rule.max_tokens) return null;
      return text(
        'Token Budget Exceeded',
        `Token budget exceeded: ${thousands(input + output)} / ${thousands(rule.max_tokens)}`,
        [`Input tokens: ${thousands(input)}`, `Output tokens: ${thousands(output)}`],
      );
    }
    case 'require_commits': {
      for (let q = Math.max(0, k - rule.lookback_phases + 1); q <= k; q++)
        if (phaseActivity(h, list, q, i).some((a) => a.kind === 'commit')) return null;
      return text(
        'Commits Required',
        `No commits found in last ${rule.lookback_phases} phases`,
        [],
      );
    }
  }
}

/**
 * Hegel profile: `rule` of `node`, windows anchored at `anchor`'s start, phase metrics from the
 * first phase of `history` named `node` (the history as it was before the `next`, or as it is now
 * for `every_event`).
 */
export function evalHegel(
  h: WorkflowHistory,
  rule: WorkflowRule,
  node: string,
  anchor: Phase,
  history: readonly Phase[],
  i: number,
): string | null {
  const now = h.events[i]?.time ?? 0;
  const text = (type: string, diagnostic: string, activity: string[]) =>
    hegelText(type, diagnostic, activity, SUGGESTIONS.hegel[rule.type]);
  if (rule.type === 'repeated_command' || rule.type === 'repeated_file_edit') {
    const isCommand = rule.type === 'repeated_command';
    const match = matcher(isCommand ? rule.pattern : rule.path_pattern);
    const end = anchor.startTime + rule.window * 1000;
    const counted = activityBetween(h, -1, i).filter(
      (a) =>
        a.kind === (isCommand ? 'command' : 'edit') &&
        a.time >= anchor.startTime &&
        a.time <= end &&
        match(a.text),
    );
    const n = counted.length;
    if (n < rule.threshold) return null;
    return isCommand
      ? text(
          'Repeated Command',
          `Command executed ${n} times in last ${rule.window}s`,
          recent(counted).map((a) => `${clock(a.time)}: ${a.text}`),
        )
      : text(
          'Repeated File Edit',
          `Files edited ${n} times in last ${rule.window}s`,
          recent(counted).map((a) => `${clock(a.time)}: ${a.text} (${a.tool})`),
        );
  }
  const q = history.findIndex((p) => p.node === node);
  const first = history[q];
  if (!first) return null;
  switch (rule.type) {
    case 'phase_timeout': {
      const ms = (history[q + 1]?.startTime ?? now) - first.startTime;
      // hegel compares whole seconds: chrono's num_seconds() truncates
      const s = Math.trunc(ms / 1000);
      if (s <= rule.max_duration) return null;
      return text(
        'Phase Timeout',
        `${node} phase running for ${s}s (limit: ${rule.max_duration}s)`,
        [
          `Phase start: ${clock(first.startTime)}`,
          `Duration: ${Math.floor(s / 60)}m ${s % 60}s`,
          `Limit: ${Math.floor(rule.max_duration / 60)}m`,
        ],
      );
    }
    case 'token_budget': {
      const tokens = phaseTokensByTime(h, history, q, i);
      const input = sum(tokens, (a) => a.input);
      const output = sum(tokens, (a) => a.output);
      const total = input + output;
      if (total <= rule.max_tokens) return null;
      return text(
        'Token Budget',
        `${node} phase used ${total} tokens (limit: ${rule.max_tokens})`,
        [
          `Input tokens: ${input}`,
          `Output tokens: ${output}`,
          `Total: ${total} (limit: ${rule.max_tokens})`,
          `Turns: ${tokens.length}`,
        ],
      );
    }
    case 'require_commits': {
      for (let k = Math.max(0, q - rule.lookback_phases + 1); k <= q; k++)
        if (phaseActivity(h, history, k, i).some((a) => a.kind === 'commit')) return null;
      return text('Require Commits', `No commits found in last ${rule.lookback_phases} phases`, []);
    }
  }
}
