/**
 * The Policy view's replay (issue 23, item 6), off the main thread: the loaded sessions' tool
 * calls decided under the merged Claude Code settings with the core's `policyReport` (the same
 * `decide` the `claude` profile and `rule-studio simulate` use), grouped by the rule that decided
 * each. The policy worker exposes it; where there is no Worker (Vitest) the page runs it in place.
 */
import {
  mergeSettings,
  policyReport,
  type PolicyReport,
} from '../core/permissions/claude/index.ts';
import { DEFAULT_HOME, defaultCwd } from '../core/permissions/claude/replayContext.ts';
import type { SettingsInput, ToolCallInput } from '../core/permissions/claude/types.ts';
import { readTrace } from '../core/traces/index.ts';

export interface PolicyJob {
  settings: SettingsInput[];
  sessions: { name: string; text: string }[];
}

/** One call of the loaded sessions: where it was made and what it asked for. */
export interface PolicyCall {
  session: string;
  /** The call's position in its session (0-based, among its tool calls). */
  index: number;
  call: ToolCallInput;
}

export interface PolicyAnswer {
  report: PolicyReport;
  calls: PolicyCall[];
  cwd: string;
  /** Sessions (or lines of them) that could not be read, with the first problem's line. */
  skipped: { name: string; reason: string }[];
}

/** Reads the sessions' tool calls and decides each under the merged settings. */
export function policyOf(job: PolicyJob): PolicyAnswer {
  const cwd = defaultCwd(job.settings);
  const policy = mergeSettings(job.settings, cwd);
  const calls: PolicyCall[] = [];
  const skipped: PolicyAnswer['skipped'] = [];
  for (const s of job.sessions) {
    try {
      let index = 0;
      const errors: string[] = [];
      for (const item of readTrace(s.name, s.text).items)
        if (item.kind === 'error') errors.push(item.message);
        else if (item.kind === 'event' && item.event.type === 'tool_call')
          calls.push({
            session: s.name,
            index: index++,
            call: { name: item.event.tool, input: item.event.args },
          });
      if (errors.length > 0)
        skipped.push({
          name: s.name,
          reason:
            errors.length === 1
              ? (errors[0] ?? '')
              : `${errors[0] ?? ''} (and ${errors.length - 1} more)`,
        });
    } catch (e) {
      skipped.push({ name: s.name, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  const report = policyReport(
    policy,
    calls.map((c) => c.call),
    { cwd, home: DEFAULT_HOME },
  );
  return { report, calls, cwd, skipped };
}

export interface PolicyApi {
  policyOf(job: PolicyJob): Promise<PolicyAnswer>;
}

export function createPolicyService(): PolicyApi {
  return { policyOf: (job) => Promise.resolve(policyOf(job)) };
}
