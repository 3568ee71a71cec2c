/**
 * Verifying the project's agents and workflows in the worker (`docs/verify.md`), with the core
 * explorer driven in slices: progress streams to the page between slices, and a cancel is seen
 * between two slices (a slice is ≈ 50 ms of search), after which the search is dropped and the
 * reply says how many states it had explored. Free of worker globals, so Vitest drives it as the
 * page does.
 */
import { loadRuleFile } from '../core/codecs/load.ts';
import { checkFiles, hasErrors } from '../core/check.ts';
import { verifyFilesSteps, type FilesVerification } from '../core/verify/explore.ts';
import { VerifyRequest, type VerifyProgress, type VerifyReply } from './protocol.ts';
import { CLI_FURTHER, STUDIO_MAX_STATES } from '../core/verify/limits.ts';
import type { VerifyDiagnostic } from '../core/verify/explore.ts';

/** V006 in the studio's words: its Problems list offers to verify again with a higher limit (the CLI keeps its flags). */
function studioWords(d: VerifyDiagnostic): VerifyDiagnostic {
  return d.code === 'V006' ? { ...d, message: d.message.replace(CLI_FURTHER, 'to go further, verify again with a higher limit') } : d;
}

export { STUDIO_MAX_STATES };

/** Search between two progress messages (and chances to see a cancel). */
const SLICE_MS = 50;

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Verifies every agent and workflow of the request's rule files under its settings, reporting
 * progress as the search goes. Files with errors are not verified (their errors are already in
 * Problems). `isCancelled` is polled between slices; `now` is the clock slices are measured by.
 */
export async function runVerification(
  raw: VerifyRequest,
  onProgress: (p: VerifyProgress) => void | Promise<void>,
  isCancelled: () => boolean = () => false,
  now: () => number = () => performance.now(),
): Promise<VerifyReply> {
  const parsed = VerifyRequest.safeParse(raw);
  if (!parsed.success)
    return { status: 'invalid', message: `Malformed verify request: ${parsed.error.issues[0]?.message ?? 'invalid'}`, diagnostics: [], agents: [], workflows: [] };
  const { ruleFiles, settings, maxStates } = parsed.data;
  const files = ruleFiles
    .map((f) => loadRuleFile(f.name, f.text))
    .filter((f) => (f.agents.length > 0 || f.workflows.length > 0) && !hasErrors(checkFiles([f], settings.profile ?? 'spec')));
  const steps = verifyFilesSteps(files, settings, { maxStates: maxStates ?? STUDIO_MAX_STATES });
  let progress: VerifyProgress = { states: 0, depth: 0 };
  let sliceStart = now();
  let result: FilesVerification;
  for (;;) {
    const next = steps.next();
    if (next.done) {
      result = next.value;
      break;
    }
    progress = next.value;
    if (now() - sliceStart < SLICE_MS) continue;
    await onProgress(progress);
    await yieldToEvents();
    if (isCancelled()) {
      steps.return(undefined as never);
      return { status: 'cancelled', states: progress.states, diagnostics: [], agents: [], workflows: [] };
    }
    sliceStart = now();
  }
  const total = [...result.agents, ...result.workflows].reduce((n, x) => n + x.stats.states, 0);
  await onProgress({ states: total, depth: progress.depth });
  return {
    status: 'done',
    diagnostics: result.diagnostics.map(studioWords),
    agents: result.agents.map((a) => ({ agent: a.agent, file: a.file, stats: a.stats })),
    workflows: result.workflows.map((w) => ({ workflow: w.workflow, file: w.file, stats: w.stats })),
  };
}
