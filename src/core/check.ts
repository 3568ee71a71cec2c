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

/** All diagnostics of one loaded file. */
export function checkLoadedFile(f: LoadedFile, profile: Profile = 'spec'): Diagnostic[] {
  const out: Diagnostic[] = [...f.diagnostics];
  f.agents.forEach((agent, agentIndex) =>
    append(out, (agent.family === 'letta' ? validateLetta : validateAgent)(agent, { file: f.file, spans: f.spans, agentIndex })),
  );
  f.workflows.forEach((wf, workflowIndex) =>
    append(out, validateWorkflow(wf, { file: f.file, spans: f.spans, workflowIndex, profile: workflowProfileOf(profile) })),
  );
  return out;
}

/** All diagnostics of several files, sorted by file, line, column and code. */
export function checkFiles(files: readonly LoadedFile[], profile: Profile = 'spec'): Diagnostic[] {
  return sortDiagnostics(files.flatMap((f) => checkLoadedFile(f, profile)));
}

/** True when any diagnostic is an error. */
export const hasErrors = (list: readonly Diagnostic[]): boolean => list.some((d) => d.severity === 'error');
