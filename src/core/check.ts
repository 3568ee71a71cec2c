/** What Gemini's loader reports of policy files (G0xx at line:col) and the checks of the rules it keeps. */
function geminiDiagnostics(files: NonNullable<Agent['geminiPolicies']>): Diagnostic[] {
  const load = loadGeminiPolicies(files);
  return [...load.diagnostics, ...checkGeminiPolicy(load.rules).filter((d) => files.some((f) => f.path === d.file))];
}

/**
 * `check`: every diagnostic for a set of loaded files — what reading found plus what the
 * validator finds in each agent and workflow — sorted by file and position.
 */
import { checkCodexPolicy, loadCodexRules } from './permissions/codex/index.ts';
import { checkGeminiPolicy, loadGeminiPolicies } from './permissions/gemini/index.ts';
import type { Diagnostic } from './diagnostics/types.ts';
import { sortDiagnostics } from './diagnostics/make.ts';
import type { LoadedFile } from './codecs/types.ts';
import type { Agent } from './model/toolRules.ts';
import { validateAgent, validateLetta, validateWorkflow } from './validate/index.ts';
import { workflowProfileOf, type Profile } from './engine/settings.ts';
import { append } from './model/append.ts';
import { checkPolicy, mergeSettings } from './permissions/claude/index.ts';
import { defaultCwd } from './permissions/claude/replayContext.ts';

export type { Profile } from './engine/settings.ts';

/** Replay settings that change what a check means. */
export interface CheckOptions {
  /**
   * Letta's `error_on_empty`: when true, a step the rules leave empty is refused, so L004 is an
   * error; by default (Letta's v2 and v3 agent loops) every tool is offered, and L004 is a warning.
   */
  errorOnEmpty?: boolean;
  /**
   * Only the errors, for a caller that shows nothing else (`simulate`): the validators make no
   * warning or info, so none is located in the source (the first place asked for scans the text).
   */
  errorsOnly?: boolean;
}

/** All diagnostics of one loaded file. */
export function checkLoadedFile(f: LoadedFile, profile: Profile = 'spec', opts: CheckOptions = {}): Diagnostic[] {
  const errorsOnly = opts.errorsOnly === true;
  const out: Diagnostic[] = errorsOnly ? f.diagnostics.filter(isError) : [...f.diagnostics];
  f.agents.forEach((agent, agentIndex) =>
    append(
      out,
      agent.family === 'claude'
        ? claudeDiagnostics(agent.claudeSettings ?? [])
        : agent.family === 'codex'
        ? codexDiagnostics(agent.codexRules ?? [])
        : agent.family === 'gemini'
        ? geminiDiagnostics(agent.geminiPolicies ?? [])
        : agent.family === 'letta'
        ? validateLetta(agent, { file: f.file, spans: f.spans, agentIndex, errorOnEmpty: opts.errorOnEmpty === true, errorsOnly })
        : validateAgent(agent, { file: f.file, spans: f.spans, agentIndex, errorsOnly }),
    ),
  );
  f.workflows.forEach((wf, workflowIndex) =>
    append(out, validateWorkflow(wf, { file: f.file, spans: f.spans, workflowIndex, profile: workflowProfileOf(profile), errorsOnly })),
  );
  return errorsOnly ? out.filter(isError) : out;
}

/** Reading and check diagnostics of Claude Code settings files, merged by scope as Claude Code merges them. */
function claudeDiagnostics(settings: NonNullable<Agent['claudeSettings']>): Diagnostic[] {
  const policy = mergeSettings(settings, defaultCwd(settings));
  return [...policy.diagnostics, ...checkPolicy(policy)];
}

/** Codex's load errors of `.rules` files (K0xx at line:col) and, when Codex loads them, the checks. */
function codexDiagnostics(files: NonNullable<Agent['codexRules']>): Diagnostic[] {
  const load = loadCodexRules(files);
  return load.refused ? load.diagnostics : [...load.diagnostics, ...checkCodexPolicy(load.policy)];
}

/**
 * All diagnostics of several files, sorted by file, line, column and code. Claude Code settings
 * files given together are checked as one merged policy (a rule shadowed by another scope's, the
 * same rule in two scopes), and Gemini policy files as one engine over their tiers, each diagnostic once.
 */
export function checkFiles(files: readonly LoadedFile[], profile: Profile = 'spec', opts: CheckOptions = {}): Diagnostic[] {
  const all = files.flatMap((f) => checkLoadedFile(f, profile, opts));
  append(all, togetherDiagnostics(files.flatMap((f) => f.agents), all));
  return sortDiagnostics(opts.errorsOnly === true ? all.filter(isError) : all);
}

const isError = (d: Diagnostic): boolean => d.severity === 'error';

/**
 * What only shows when permission files are checked together, beyond `own` (their checks one by
 * one): Claude Code settings files of several scopes merged as Claude Code merges them (a rule
 * another scope's shadows, the same rule in two scopes), and Gemini CLI policy files of several
 * tiers read as one engine (a user rule an admin rule shadows, G101). Each at its own file.
 */
export function togetherDiagnostics(agents: readonly Agent[], own: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set(own.map(diagnosticKey));
  const claude = agents.filter((a) => a.family === 'claude');
  if (claude.length > 1) for (const d of claudeDiagnostics(claude.flatMap((a) => a.claudeSettings ?? []))) if (!seen.has(diagnosticKey(d))) out.push(d);
  const gemini = agents.filter((a) => a.family === 'gemini');
  if (gemini.length > 1) for (const d of geminiDiagnostics(gemini.flatMap((a) => a.geminiPolicies ?? []))) if (!seen.has(diagnosticKey(d))) out.push(d);
  return out;
}

const diagnosticKey = (d: Diagnostic) => `${d.code}\u0000${d.file}\u0000${d.range.start.line}:${d.range.start.column}\u0000${d.message}`;

/** True when any diagnostic is an error. */
export const hasErrors = (list: readonly Diagnostic[]): boolean => list.some((d) => d.severity === 'error');
