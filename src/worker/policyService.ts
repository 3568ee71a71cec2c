/**
 * The Policy view's replay (issue 23, item 6), off the main thread: the loaded sessions' tool
 * calls decided under the merged Claude Code settings with the core's `policyReport` (the same
 * `decide` the `claude` profile and `rule-studio simulate` use), grouped by the rule that decided
 * each. The policy worker exposes it; where there is no Worker (Vitest) the page runs it in place.
 */
import {
  mergeSettings,
  policyReport,
  whatIf,
  type DecisionChange,
  type PolicyReport,
} from '../core/permissions/claude/index.ts';
import { learnAllowList, type Learned } from '../core/permissions/claude/learn.ts';
import { addAllowRules, learnTarget } from '../core/permissions/claude/settingsEdit.ts';
import { DEFAULT_HOME, replayCwd } from '../core/permissions/claude/replayContext.ts';
import type { SettingsInput, ToolCallInput } from '../core/permissions/claude/types.ts';
import { readTrace } from '../core/traces/index.ts';
import type { CodexPolicyReport } from '../core/permissions/codex/policyReport.ts';
import type { RulesFileInput } from '../core/permissions/codex/policy.ts';
import type { GeminiDecisionChange, GeminiPolicyReport } from '../core/permissions/gemini/policyReport.ts';
import type { GeminiFileInput } from '../core/permissions/gemini/policy.ts';
import type { PinnedPolicyTest } from '../core/permissions/policyTestPin.ts';
import {
  codexReportOf,
  codexWhatIfOf,
  geminiReportOf,
  geminiWhatIfOf,
  pinOf,
  sessionTexts,
  translateOf,
  type CodexJob,
  type DialectWhatIf,
  type DialectWhatIfJob,
  type GeminiJob,
  type PinJob,
  type TranslateAnswer,
  type TranslateJob,
} from './dialectPolicyService.ts';

export interface PolicyJob {
  settings: SettingsInput[];
  /**
   * The loaded sessions. A session's `text` may be left out when the same service was last given
   * it under that name (the page sends each text once: a 15 MB corpus costs the page a long
   * frame to post).
   */
  sessions: { name: string; text?: string }[];
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

/** A session's calls as last read (by name): read again only when its text changed. */
const readCache = new Map<string, { text: string; calls: PolicyCall[]; errors: string[] }>();

/** The sessions with their texts, those left out as last sent (one store for every job kind). */
const withTexts = (sessions: PolicyJob['sessions']) => sessionTexts(sessions);

function sessionCalls(s: { name: string; text: string }): {
  calls: PolicyCall[];
  errors: string[];
} {
  const hit = readCache.get(s.name);
  if (hit && hit.text === s.text) return hit;
  let index = 0;
  const errors: string[] = [];
  const calls: PolicyCall[] = [];
  for (const item of readTrace(s.name, s.text).items)
    if (item.kind === 'error') errors.push(item.message);
    else if (item.kind === 'event' && item.event.type === 'tool_call')
      calls.push({
        session: s.name,
        index: index++,
        call: { name: item.event.tool, input: item.event.args },
      });
  const read = { text: s.text, calls, errors };
  readCache.set(s.name, read);
  return read;
}

/** Every session's calls, in order, with the sessions (or lines) that could not be read. */
function callsOf(sessions: { name: string; text: string }[]): {
  calls: PolicyCall[];
  skipped: PolicyAnswer['skipped'];
} {
  const calls: PolicyCall[] = [];
  const skipped: PolicyAnswer['skipped'] = [];
  const names = new Set(sessions.map((s) => s.name));
  for (const name of readCache.keys()) if (!names.has(name)) readCache.delete(name);
  for (const s of sessions) {
    try {
      const { calls: own, errors } = sessionCalls(s);
      for (const c of own) calls.push(c);
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
  return { calls, skipped };
}

/** The working directory the calls are judged in: as `rule-studio learn` picks it. */
const cwdOf = (settings: SettingsInput[], sessions: { text: string }[]) =>
  replayCwd(
    settings,
    sessions.map((s) => s.text),
  );

/** Reads the sessions' tool calls and decides each under the merged settings. */
export function policyOf(job: PolicyJob): PolicyAnswer {
  const sessions = withTexts(job.sessions);
  const cwd = cwdOf(job.settings, sessions);
  const policy = mergeSettings(job.settings, cwd);
  const { calls, skipped } = callsOf(sessions);
  const report = policyReport(
    policy,
    calls.map((c) => c.call),
    { cwd, home: DEFAULT_HOME },
  );
  return { report, calls, cwd, skipped };
}

/** A what-if: the same sessions under the settings as they are and as edited (`draft`). */
export interface WhatIfJob extends PolicyJob {
  /** The settings with the edit made (same files, one text changed). */
  draft: SettingsInput[];
}

export interface WhatIfAnswer {
  /** Every call whose decision, or deciding rule, changes; `index` is into the policy answer's calls. */
  changes: DecisionChange[];
  /** How many calls were decided (both ways). */
  calls: number;
}

/** Every decision an edit of the settings changes across the loaded sessions (the core's `whatIf`). */
export function whatIfOf(job: WhatIfJob): WhatIfAnswer {
  const sessions = withTexts(job.sessions);
  const cwd = cwdOf(job.settings, sessions);
  const ctx = { cwd, home: DEFAULT_HOME };
  const { calls } = callsOf(sessions);
  const inputs = calls.map((c) => c.call);
  const after = mergeSettings(job.draft, cwd);
  const changes = whatIf(mergeSettings(job.settings, cwd), after, inputs, ctx);
  return { changes, calls: calls.length };
}

export interface LearnAnswer {
  learned: Learned;
  /** The settings file the proposals go to, its text now and with the proposals added. */
  target?: { path: string; before: string; after: string };
}

/** The core's `learnAllowList` over the loaded sessions, and the settings text it proposes. */
export function learnOf(job: PolicyJob): LearnAnswer {
  const sessions = withTexts(job.sessions);
  const cwd = cwdOf(job.settings, sessions);
  const { calls } = callsOf(sessions);
  const learned = learnAllowList(
    calls.map((c) => c.call),
    job.settings,
    { cwd, home: DEFAULT_HOME },
  );
  const file = learnTarget(job.settings);
  const after = file
    ? addAllowRules(
        file.text,
        learned.proposals.map((p) => p.rule),
      )
    : undefined;
  return {
    learned,
    ...(file && after !== undefined
      ? { target: { path: file.path, before: file.text, after } }
      : {}),
  };
}

export interface PolicyApi {
  policyOf(job: PolicyJob): Promise<PolicyAnswer>;
  whatIfOf(job: WhatIfJob): Promise<WhatIfAnswer>;
  learnOf(job: PolicyJob): Promise<LearnAnswer>;
  codexReportOf(job: CodexJob): Promise<CodexPolicyReport>;
  codexWhatIfOf(job: DialectWhatIfJob<RulesFileInput>): Promise<DialectWhatIf>;
  geminiReportOf(job: GeminiJob): Promise<GeminiPolicyReport>;
  geminiWhatIfOf(job: DialectWhatIfJob<GeminiFileInput>): Promise<DialectWhatIf<GeminiDecisionChange>>;
  translateOf(job: TranslateJob): Promise<TranslateAnswer>;
  pinOf(job: PinJob): Promise<PinnedPolicyTest>;
}

export function createPolicyService(): PolicyApi {
  return {
    policyOf: (job) => Promise.resolve(policyOf(job)),
    whatIfOf: (job) => Promise.resolve(whatIfOf(job)),
    learnOf: (job) => Promise.resolve(learnOf(job)),
    codexReportOf: (job) => Promise.resolve(codexReportOf(job)),
    codexWhatIfOf: (job) => Promise.resolve(codexWhatIfOf(job)),
    geminiReportOf: (job) => Promise.resolve(geminiReportOf(job)),
    geminiWhatIfOf: (job) => Promise.resolve(geminiWhatIfOf(job)),
    translateOf: (job) => Promise.resolve(translateOf(job)),
    pinOf: (job) => Promise.resolve(pinOf(job)),
  };
}
