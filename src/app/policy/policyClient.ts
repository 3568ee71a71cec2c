/**
 * The page's side of the policy worker (see `worker/policyService.ts`): one worker, made on first
 * use; where there is no Worker (Vitest) the service runs in place, loaded when first asked.
 */
import { wrap, type Remote } from 'comlink';
import type {
  LearnAnswer,
  PolicyAnswer,
  PolicyApi,
  PolicyJob,
  WhatIfAnswer,
  WhatIfJob,
} from '../../worker/policyService.ts';
import type { CodexPolicyReport } from '../../core/permissions/codex/policyReport.ts';
import type { RulesFileInput } from '../../core/permissions/codex/policy.ts';
import type { GeminiDecisionChange, GeminiPolicyReport } from '../../core/permissions/gemini/policyReport.ts';
import type { GeminiFileInput } from '../../core/permissions/gemini/policy.ts';
import type { CodexJob, DialectWhatIf, DialectWhatIfJob, GeminiJob, PinJob, SessionsJob, TranslateAnswer, TranslateJob } from '../../worker/dialectPolicyService.ts';
import type { PinnedPolicyTest } from '../../core/permissions/policyTestPin.ts';

let api: Remote<PolicyApi> | undefined;
/** The text the service holds for each session name (sent once, then named only). */
const held = new Map<string, string>();

/** The job with the texts the service already holds left out. */
function lean<J extends SessionsJob>(job: J): J {
  const sessions = job.sessions.map((s) => {
    if (s.text === undefined || held.get(s.name) === s.text) return { name: s.name };
    held.set(s.name, s.text);
    return s;
  });
  // The service forgets the sessions a job leaves out; so does this map.
  const names = new Set(job.sessions.map((s) => s.name));
  for (const name of held.keys()) if (!names.has(name)) held.delete(name);
  return { ...job, sessions };
}
let inPlace: Promise<PolicyApi> | undefined;

/** Calls the service: in the worker, or in place where there is none. */
function call<T>(ask: (s: PolicyApi | Remote<PolicyApi>) => Promise<T>): Promise<T> {
  if (typeof Worker === 'undefined')
    return (inPlace ??= import('../../worker/policyService.ts').then((m) =>
      m.createPolicyService(),
    )).then(ask);
  api ??= wrap<PolicyApi>(
    new Worker(new URL('../../worker/policy.worker.ts', import.meta.url), {
      type: 'module',
      name: 'policy',
    }),
  );
  return ask(api);
}

/** Decides the sessions' calls under the settings, off the main thread. */
export function runPolicy(job: PolicyJob): Promise<PolicyAnswer> {
  return call((s) => s.policyOf(lean(job)));
}

/** The decisions an edit of the settings changes, off the main thread. */
export function runWhatIf(job: WhatIfJob): Promise<WhatIfAnswer> {
  return call((s) => s.whatIfOf(lean(job)));
}

/** The allow list the sessions' prompted calls suggest, and the settings text with it, off the main thread. */
export function runLearn(job: PolicyJob): Promise<LearnAnswer> {
  return call((s) => s.learnOf(lean(job)));
}

/** The Codex Policy view's report of the sessions under the `.rules` files, off the main thread. */
export function runCodexReport(job: CodexJob): Promise<CodexPolicyReport> {
  return call((s) => s.codexReportOf(lean(job)));
}

/** The decisions an edit of a `.rules` file changes, off the main thread. */
export function runCodexWhatIf(job: DialectWhatIfJob<RulesFileInput>): Promise<DialectWhatIf> {
  return call((s) => s.codexWhatIfOf(lean(job)));
}

/** The Gemini CLI Policy view's report of the sessions under the policy files, off the main thread. */
export function runGeminiReport(job: GeminiJob): Promise<GeminiPolicyReport> {
  return call((s) => s.geminiReportOf(lean(job)));
}

/** The decisions an edit of a Gemini policy file changes, off the main thread. */
export function runGeminiWhatIf(job: DialectWhatIfJob<GeminiFileInput>): Promise<DialectWhatIf<GeminiDecisionChange>> {
  return call((s) => s.geminiWhatIfOf(lean(job)));
}

/** A translation and its what-if diff on the sessions' shell commands, off the main thread. */
export function runTranslate(job: TranslateJob): Promise<TranslateAnswer> {
  return call((s) => s.translateOf(lean(job)));
}

/** One session's calls pinned as a Codex / Gemini test file ("Save as test"), off the main thread. */
export function runPin(job: PinJob): Promise<PinnedPolicyTest> {
  return call((s) => s.pinOf(lean(job)));
}
