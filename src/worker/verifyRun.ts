/** Verifying the project's agents in the worker (`docs/verify.md`), with the core explorer. */
import { loadRuleFile } from '../core/codecs/load.ts';
import { checkFiles, hasErrors } from '../core/check.ts';
import { verifyFiles } from '../core/verify/explore.ts';
import { VerifyRequest, type VerifyProgress, type VerifyReply } from './protocol.ts';

/** The state budget of a verification in the studio (the CLI's default is larger). */
export const STUDIO_MAX_STATES = 50_000;

/**
 * Verifies every agent of the request's rule files under its settings, reporting progress as the
 * search goes. Files with errors are not verified (their errors are already in Problems).
 */
export function runVerification(raw: VerifyRequest, onProgress: (p: VerifyProgress) => void): VerifyReply {
  const parsed = VerifyRequest.safeParse(raw);
  if (!parsed.success) return { status: 'invalid', message: `Malformed verify request: ${parsed.error.issues[0]?.message ?? 'invalid'}`, diagnostics: [], agents: [] };
  const { ruleFiles, settings, maxStates } = parsed.data;
  const files = ruleFiles.map((f) => loadRuleFile(f.name, f.text)).filter((f) => f.agents.length > 0 && !hasErrors(checkFiles([f], settings.profile ?? 'spec')));
  const result = verifyFiles(files, settings, {
    maxStates: maxStates ?? STUDIO_MAX_STATES,
    onProgress: (p) => onProgress({ states: p.states, depth: p.depth }),
  });
  return {
    status: 'done',
    diagnostics: result.diagnostics,
    agents: result.agents.map((a) => ({ agent: a.agent, file: a.file, stats: a.stats })),
  };
}
