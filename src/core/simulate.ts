/**
 * Preparing a simulation from loaded rule files: which agent and workflow run, and whether the
 * files are good enough to run. Shared by the CLI's `simulate`, the Web Worker and the tests.
 */
import type { LoadedFile } from './codecs/types.ts';
import type { Agent } from './model/toolRules.ts';
import type { Workflow } from './model/workflow.ts';
import type { Diagnostic } from './diagnostics/types.ts';
import { FILE_START } from './diagnostics/types.ts';
import { diag } from './diagnostics/make.ts';
import { checkFiles, hasErrors, type Profile } from './check.ts';

export interface PreparedSimulation {
  agent?: Agent;
  workflow?: Workflow;
  /** Every diagnostic of the rule files (reading and validation). */
  diagnostics: Diagnostic[];
  /** False when the rule files have errors: the replay must not run. */
  runnable: boolean;
}

/**
 * Picks the agent (`agentName`, or the first agent of the first file that has one) and the first
 * workflow, and checks the files with the given profile.
 */
export function prepareSimulation(
  files: readonly LoadedFile[],
  opts: { agentName?: string; profile?: Profile } = {},
): PreparedSimulation {
  const diagnostics = checkFiles(files, opts.profile ?? 'spec');
  const agents = files.flatMap((f) => f.agents);
  const workflow = files.flatMap((f) => f.workflows)[0];
  let agent: Agent | undefined;
  if (opts.agentName !== undefined) {
    agent = agents.find((a) => a.name === opts.agentName);
    if (!agent)
      diagnostics.push(
        diag(
          'F003',
          'error',
          `No agent named '${opts.agentName}' in the rule files (agents: ${agents.map((a) => a.name).join(', ') || 'none'}), so nothing can be simulated.`,
          files[0]?.file ?? '<input>',
          FILE_START,
        ),
      );
  } else agent = agents[0];
  return {
    ...(agent ? { agent } : {}),
    ...(workflow ? { workflow } : {}),
    diagnostics,
    runnable: !hasErrors(diagnostics),
  };
}
