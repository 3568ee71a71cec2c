/**
 * The Codex and Gemini CLI Policy views' work, and Translate's, off the main thread (the policy
 * worker exposes it beside the Claude Code replay, `policyService.ts`): the loaded sessions decided
 * under the dialect's files (`codexPolicyReport`, `geminiPolicyReport`), the decisions an edit
 * changes (`codexWhatIf`, `geminiWhatIf`), and a translation with its what-if diff on the sessions'
 * shell commands. Every answer is plain data (it crosses to the page by structured clone).
 */
import { codexPolicyReport, codexWhatIf, type CodexDecisionChange, type CodexPolicyReport } from '../core/permissions/codex/policyReport.ts';
import type { Diagnostic } from '../core/diagnostics/types.ts';
import type { RulesFileInput } from '../core/permissions/codex/policy.ts';
import { geminiPolicyReport, geminiWhatIf, type GeminiDecisionChange, type GeminiPolicyReport } from '../core/permissions/gemini/policyReport.ts';
import type { GeminiFileInput } from '../core/permissions/gemini/policy.ts';
import { compareOnCommands, type Comparison } from '../core/permissions/translate/compare.ts';
import { policyOfFiles, policyOfTranslation, sessionShellCommands, translationsFrom, type PolicyFiles } from '../core/permissions/translate/registry.ts';
import type { Dialect, Translation } from '../core/permissions/translate/types.ts';
import type { PolicyJob } from './policyService.ts';
import { pinPolicySession, type PinnedPolicyTest } from '../core/permissions/policyTestPin.ts';
import type { PolicyDialect } from '../core/permissions/policyTests.ts';

/** The sessions of a job: a text left out is the one last sent under that name (see `policyClient.ts`). */
export type SessionsJob = Pick<PolicyJob, 'sessions'>;

const texts = new Map<string, string>();

/** The job's sessions with their texts; the texts of sessions it leaves out are forgotten. */
export function sessionTexts(sessions: SessionsJob['sessions']): { name: string; text: string }[] {
  const names = new Set(sessions.map((s) => s.name));
  for (const name of texts.keys()) if (!names.has(name)) texts.delete(name);
  return sessions.map((s) => {
    if (s.text !== undefined) texts.set(s.name, s.text);
    const text = texts.get(s.name);
    if (text === undefined) throw new Error(`the session ${s.name} was not sent to the policy worker`);
    return { name: s.name, text };
  });
}

export interface CodexJob extends SessionsJob {
  files: RulesFileInput[];
}

export interface GeminiJob extends SessionsJob {
  files: GeminiFileInput[];
}

/** A what-if: the same sessions under the files as they are and as edited (one file's text changed). */
export interface DialectWhatIfJob<F> extends SessionsJob {
  files: F[];
  edited: F[];
}

/** The decisions an edit changes, or that the dialect refuses the edited files (with why). */
export interface DialectWhatIf<C = CodexDecisionChange> {
  changes: C[];
  refused: boolean;
  diagnostics: Diagnostic[];
}

export function codexReportOf(job: CodexJob): CodexPolicyReport {
  return codexPolicyReport(job.files, sessionTexts(job.sessions));
}

export function codexWhatIfOf(job: DialectWhatIfJob<RulesFileInput>): DialectWhatIf {
  return codexWhatIf(job.files, job.edited, sessionTexts(job.sessions));
}

export function geminiReportOf(job: GeminiJob): GeminiPolicyReport {
  return geminiPolicyReport(job.files, sessionTexts(job.sessions));
}

export function geminiWhatIfOf(job: DialectWhatIfJob<GeminiFileInput>): DialectWhatIf<GeminiDecisionChange> {
  return geminiWhatIf(job.files, job.edited, sessionTexts(job.sessions));
}

export interface TranslateJob extends SessionsJob {
  source: PolicyFiles;
  to: Dialect;
  /** The name the translation will be added to the project as (its path, for a Claude target). */
  file: string;
}

export interface TranslateAnswer {
  translation: Translation;
  /** The sessions' shell commands decided by the source and by the translation. */
  comparison: Comparison;
}

/** Translates the source files into `to` and compares the two on the sessions' shell commands. */
export function translateOf(job: TranslateJob): TranslateAnswer {
  const direction = translationsFrom(job.source.dialect).find((d) => d.to === job.to);
  if (!direction) throw new Error(`no translation from ${job.source.dialect} to ${job.to}`);
  const from = policyOfFiles(job.source);
  const translation = direction.translate(from);
  const comparison = compareOnCommands(from, policyOfTranslation(translation, job.file), sessionShellCommands(sessionTexts(job.sessions)));
  return { translation, comparison };
}

/** "Save as test" in a Codex or Gemini CLI Policy view: one session's calls pinned as a test file. */
export interface PinJob extends SessionsJob {
  dialect: PolicyDialect;
  /** The dialect's rule files, named by their paths (a test names them so). */
  files: { path: string; text: string }[];
  /** The session to pin, by name (one of `sessions`). */
  session: string;
  /** The test's name. */
  name: string;
}

/** The test file pinning each call of the session as the Policy view decides it now (`pinPolicySession`). */
export function pinOf(job: PinJob): PinnedPolicyTest {
  const sessions = sessionTexts(job.sessions);
  const byName = new Map<string, string>([...job.files.map((f): [string, string] => [f.path, f.text]), ...sessions.map((s): [string, string] => [s.name, s.text])]);
  const host = { readFile: (path: string) => { const text = byName.get(path); return text === undefined ? { ok: false as const, message: 'not in the project' } : { ok: true as const, text }; } };
  return pinPolicySession({ dialect: job.dialect, rules: job.files.map((f) => f.path), trace: job.session, name: job.name }, host);
}
