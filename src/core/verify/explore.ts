/**
 * The verifier's entry points: explore an agent's tool rules (`verifyAgent`) and turn the
 * findings of every agent of some loaded files into diagnostics with counterexample traces
 * (`verifyFiles`), leaving out what the static checks already report.
 */
import type { LoadedFile } from '../codecs/types.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { profileFor, resolveSettings, type ReplaySettingsInput } from '../engine/settings.ts';
import type { Agent } from '../model/toolRules.ts';
import { agentEmitter } from '../validate/emit.ts';
import { validateAgent, validateLetta } from '../validate/index.ts';
import { toolFindings } from './exploreFindings.ts';
import { searchToolsSteps, type SearchLimits } from './exploreTools.ts';
import { counted, finish, type SearchProgress } from './steps.ts';
import type { Counterexample, Proof, SearchStats, VerifyFinding } from './findings.ts';
import { verifyFileWorkflowsSteps, type WorkflowVerification } from './verifyWorkflow.ts';
import { append } from '../model/append.ts';

export type { SearchLimits } from './exploreTools.ts';

/** The verdict on one agent. */
export interface AgentVerification {
  agent: string;
  findings: VerifyFinding[];
  stats: SearchStats;
}

/**
 * Explores an agent's tool rules under the settings (default: the spec's) and returns every
 * finding with its shortest trace. Pure and deterministic; cost grows with the abstract states
 * (bounded by `limits.maxStates`) times the moves (two per tool when a Cooldown exists).
 */
export function verifyAgent(agent: Agent, settings: ReplaySettingsInput = {}, limits: SearchLimits = {}): AgentVerification {
  return finish(verifyAgentSteps(agent, settings, limits));
}

/** {@link verifyAgent} in steps (progress yielded every few hundred states). */
export function* verifyAgentSteps(agent: Agent, settings: ReplaySettingsInput = {}, limits: SearchLimits = {}): Generator<SearchProgress, AgentVerification> {
  const search = yield* searchToolsSteps(agent, resolveSettings(settings), limits);
  return {
    agent: agent.name,
    findings: toolFindings(search),
    stats: { states: search.states, transitions: search.transitions, depth: search.completeDepth, exhaustive: search.exhaustive },
  };
}

/** A diagnostic of the verifier: where it points, plus how far it is proved and its trace. */
export interface VerifyDiagnostic extends Diagnostic {
  proof: Proof;
  trace?: Counterexample;
}

/** Static codes that already say a tool can never be called (the verifier does not repeat them). */
const STATIC_DEAD_TOOL = new Set(['T003', 'T004', 'T013']);

/** The verdict on some loaded files: every agent's diagnostics, and the search figures per agent. */
export interface FilesVerification {
  diagnostics: VerifyDiagnostic[];
  agents: (AgentVerification & { file: string })[];
  /** Every workflow's search figures (its findings are among `diagnostics`). */
  workflows: (WorkflowVerification & { file: string })[];
}

/**
 * Verifies every agent of the files. A dead tool or rule the validator already reports (T003,
 * T004, T013 on the tool; any warning or error on the rule) is left out, since the static
 * finding says it with its cause. With `agentName`, only that agent is verified. A Letta agent
 * runs under profile `letta` unless the settings name a profile. Every workflow is verified too
 * (`verifyWorkflow`), unless `agentName` picks one agent.
 */
export function verifyFiles(files: readonly LoadedFile[], settings: ReplaySettingsInput = {}, limits: SearchLimits = {}, agentName?: string): FilesVerification {
  return finish(verifyFilesSteps(files, settings, limits, agentName));
}

/**
 * {@link verifyFiles} in steps: yields the states explored so far (over every search) every few
 * hundred states, so the worker can stream progress and stop at a cancel by not resuming.
 */
export function* verifyFilesSteps(
  files: readonly LoadedFile[],
  settings: ReplaySettingsInput = {},
  limits: SearchLimits = {},
  agentName?: string,
): Generator<SearchProgress, FilesVerification> {
  const before = { states: 0 };
  const diagnostics: VerifyDiagnostic[] = [];
  const agents: FilesVerification['agents'] = [];
  const workflows: FilesVerification['workflows'] = [];
  for (const f of files) {
    if (agentName === undefined)
      append(workflows, yield* verifyFileWorkflowsSteps(f, settings, limits, before, (d, finding) => diagnostics.push(withProof(d, finding))));
    for (const [agentIndex, agent] of f.agents.entries()) {
      if (agentName !== undefined && agent.name !== agentName) continue;
      const ctx = { file: f.file, spans: f.spans, agentIndex };
      // An agent is explored as its file's runtime decides (a Letta agent as Letta), unless the settings name a profile.
      const own = { ...settings, profile: profileFor(settings.profile, agent) };
      const result = yield* counted(verifyAgentSteps(agent, own, limits), before);
      agents.push({ ...result, file: f.file });
      // The static checks only filter V004 and V005, so they run after the search and only then
      // (on 100,000 tools they take a second the deadline would not see).
      const filtered = result.findings.some((x) => x.code === 'V004' || x.code === 'V005');
      const statics = !filtered ? [] : agent.family === 'letta' ? [...validateAgent(agent, ctx), ...validateLetta(agent, ctx)] : validateAgent(agent, ctx);
      const deadStatically = new Set(statics.filter((d) => STATIC_DEAD_TOOL.has(d.code) && d.target.kind === 'agent').map((d) => (d.target.kind === 'agent' ? d.target.tool : undefined)));
      const flaggedRules = new Set(
        statics.filter((d) => d.severity !== 'info' && d.target.kind === 'agent' && d.target.rule !== undefined).map((d) => (d.target.kind === 'agent' ? d.target.rule : -1)),
      );
      const out: Diagnostic[] = [];
      const emit = agentEmitter(out, agent.name, ctx);
      for (const finding of result.findings) {
        if (finding.code === 'V004' && deadStatically.has(finding.tool)) continue;
        if (finding.code === 'V005' && (flaggedRules.has(finding.rule) || deadStatically.has(finding.tool))) continue;
        emit(finding.code, finding.severity, finding.message, {
          ...(finding.rule !== undefined ? { rule: finding.rule } : {}),
          ...(finding.tool !== undefined ? { tool: finding.tool } : {}),
        });
        diagnostics.push(withProof(out.pop() as Diagnostic, finding));
      }
    }
  }
  return { diagnostics, agents, workflows };
}

function withProof(d: Diagnostic, finding: VerifyFinding): VerifyDiagnostic {
  return { ...d, proof: finding.proof, ...(finding.trace ? { trace: finding.trace } : {}) };
}
