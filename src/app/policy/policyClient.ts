/**
 * The page's side of the policy worker (see `worker/policyService.ts`): one worker, made on first
 * use; where there is no Worker (Vitest) the service runs in place, loaded when first asked.
 */
import { wrap, type Remote } from 'comlink';
import type { PolicyAnswer, PolicyApi, PolicyJob } from '../../worker/policyService.ts';

let api: Remote<PolicyApi> | undefined;
let inPlace: Promise<PolicyApi> | undefined;

/** Decides the sessions' calls under the settings, off the main thread. */
export function runPolicy(job: PolicyJob): Promise<PolicyAnswer> {
  if (typeof Worker === 'undefined')
    return (inPlace ??= import('../../worker/policyService.ts').then((m) =>
      m.createPolicyService(),
    )).then((s) => s.policyOf(job));
  api ??= wrap<PolicyApi>(
    new Worker(new URL('../../worker/policy.worker.ts', import.meta.url), {
      type: 'module',
      name: 'policy',
    }),
  );
  return api.policyOf(job);
}
