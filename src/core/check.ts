/**
 * `check`: every diagnostic for a set of loaded files — what reading found plus what the
 * validator finds in each agent and workflow — sorted by file and position.
 */
import type { Diagnostic } from './diagnostics/types.ts';
import { sortDiagnostics } from './diagnostics/make.ts';
import type { LoadedFile } from './codecs/types.ts';
import { validateAgent, validateLetta, validateWorkflow } from './validate/index.ts';
import { workflowProfileOf, type Profile } from './engine/settings.ts';
import { append } from './model/append.ts';

export type { Profile } from './engine/settings.ts';

/** Replay settings that change what a check means. */
export interface CheckOptions {
  /**
   * Letta's `error_on_empty`: when true, a step the rules leave empty is refused, so L004 is an
   * error; by default (Letta's v2 and v3 agent loops) every tool is offered, and L004 is a warning.
   */
  errorOnEmpty?: boolean;
}

/** All diagnostics of one loaded file. */
export function checkLoadedFile(f: LoadedFile, profile: Profile = 'spec', opts: CheckOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [...f.diagnostics];
  f.agents.forEach((agent, agentIndex) =>
    append(
      out,
      agent.family === 'letta'
        ? validateLetta(agent, { file: f.file, spans: f.spans, agentIndex, errorOnEmpty: opts.errorOnEmpty === true })
        : validateAgent(agent, { file: f.file, spans: f.spans, agentIndex }),
    ),
  );
  f.workflows.forEach((wf, workflowIndex) =>
    append(out, validateWorkflow(wf, { file: f.file, spans: f.spans, workflowIndex, profile: workflowProfileOf(profile) })),
  );
  return out;
}

/** All diagnostics of several files, sorted by file, line, column and code. */
export function checkFiles(files: readonly LoadedFile[], profile: Profile = 'spec', opts: CheckOptions = {}): Diagnostic[] {
  return sortDiagnostics(files.flatMap((f) => checkLoadedFile(f, profile, opts)));
}

/** True when any diagnostic is an error. */
export const hasErrors = (list: readonly Diagnostic[]): boolean => list.some((d) => d.severity === 'error');
