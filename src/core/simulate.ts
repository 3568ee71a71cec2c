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
import { checkFiles, type Profile } from './check.ts';
import { profileFor } from './engine/settings.ts';

export interface PreparedSimulation {
  agent?: Agent;
  workflow?: Workflow;
  /** Every diagnostic of the rule files (reading and validation); only the errors with `errorsOnly`. */
  diagnostics: Diagnostic[];
  /**
   * False only when the rule files cannot be read into what they say ({@link refusalsOf}): the
   * replay must not run. Rule sets with validation errors (a cycle, `MaxCalls(0)`, a tool that can
   * never run, a Letta step with nothing allowed…) replay, since the runtimes run them too; their
   * errors go beside the run.
   */
  runnable: boolean;
  /** The profile the replay runs under: the one asked for, else the agent's file's own ({@link profileFor}). */
  profile: Profile;
}

/** Letta refuses these rules when it loads the agent (L002, L007): no Letta run holds them. */
const LOADER_REFUSALS = new Set(['L002', 'L007']);

/**
 * The diagnostics that stop a replay: reading errors (`F…`: a file that does not parse, a rule
 * dropped for a missing or wrong field, an unknown rule type, an agent that is not there) and the
 * rules Letta's own loader refuses. A replay without the dropped rule would answer for rules the
 * file does not hold. The other errors (`T…`, `W…`, `L004`…) describe rules that read and that
 * the runtimes run: they do not stop it.
 */
export function refusalsOf(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(
    (d) => d.severity === 'error' && (d.code.startsWith('F') || LOADER_REFUSALS.has(d.code)),
  );
}

/**
 * Picks the agent (`agentName`, or the first agent of the first file that has one) and the first
 * workflow, decides the profile (the one given, else the agent's file's own: {@link profileFor})
 * and checks the files with it. `errorsOnly`: the diagnostics are the errors alone (a caller that
 * prints nothing else), so no warning is located in the source.
 */
export function prepareSimulation(
  files: readonly LoadedFile[],
  opts: { agentName?: string | undefined; profile?: Profile | undefined; errorOnEmpty?: boolean; errorsOnly?: boolean } = {},
): PreparedSimulation {
  const agents = files.flatMap((f) => f.agents);
  const named = opts.agentName !== undefined ? agents.find((a) => a.name === opts.agentName) : agents[0];
  const profile = profileFor(opts.profile, named);
  const diagnostics = checkFiles(files, profile, {
    ...(opts.errorOnEmpty === true ? { errorOnEmpty: true } : {}),
    ...(opts.errorsOnly === true ? { errorsOnly: true } : {}),
  });
  const workflow = files.flatMap((f) => f.workflows)[0];
  let agent: Agent | undefined = named;
  if (opts.agentName !== undefined && !agent)
    diagnostics.push(
      diag(
        'F003',
        'error',
        `No agent named '${opts.agentName}' in the rule files (agents: ${agents.map((a) => a.name).join(', ') || 'none'}), so nothing can be simulated.`,
        files[0]?.file ?? '<input>',
        FILE_START,
      ),
    );
  // Claude Code reads every scope's settings file together: one policy of all those given.
  if (agent?.family === 'claude') agent = { ...agent, claudeSettings: agents.flatMap((a) => (a.family === 'claude' ? (a.claudeSettings ?? []) : [])) };
  return {
    ...(agent ? { agent } : {}),
    ...(workflow ? { workflow } : {}),
    diagnostics,
    runnable: refusalsOf(diagnostics).length === 0,
    profile,
  };
}
