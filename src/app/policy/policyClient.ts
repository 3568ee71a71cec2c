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

let api: Remote<PolicyApi> | undefined;
/** The text the service holds for each session name (sent once, then named only). */
const held = new Map<string, string>();

/** The job with the texts the service already holds left out. */
function lean<J extends PolicyJob>(job: J): J {
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
