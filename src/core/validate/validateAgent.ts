/**
 * Every tool-rule check of `diagnostics.md` (T001–T015) for one agent.
 */
import { sortDiagnostics, type Diagnostic, type SpanIndex } from '../diagnostics/index.ts';
import type { Agent } from '../model/index.ts';
import { gatherAgentFacts } from './agentFacts.ts';
import { findRequiredCycles } from './cycles.ts';
import { findDeadTools } from './deadTools.ts';
import { reportDuplicates } from './duplicates.ts';
import { agentEmitter } from './emit.ts';
import { findExclusiveNeeds } from './exclusiveNeeds.ts';
import { reportExitConflicts, reportRequiredInOneGroup, reportStartNeedsNonStart } from './flowConflicts.ts';
import { stronglyConnectedComponents } from './graph.ts';
import { reportNeverCalled } from './neverCalled.ts';
import { findPrecedeConflicts, reportPrecedeConflicts } from './precedeConflicts.ts';
import { buildRequiredOrder } from './requiredOrder.ts';
import { reportRuleShape } from './ruleShape.ts';

export interface AgentContext {
  file: string;
  spans: SpanIndex;
  /** Index of the agent in its file, for span keys. */
  agentIndex: number;
  /** Only the errors: warnings and infos are neither made nor located in the source. */
  errorsOnly?: boolean;
}

/**
 * Validates one agent's tool rules: every T check of `diagnostics.md`, sorted by position then
 * code. Runs in time linear in the rules (plus tools × `"*"` RequiresPrecedingTools rules).
 */
export function validateAgent(agent: Agent, ctx: AgentContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const emit = agentEmitter(out, agent.name, ctx);
  const facts = gatherAgentFacts(agent);
  const graph = buildRequiredOrder(facts);
  const condensation = stronglyConnectedComponents(graph);
  const cycles = findRequiredCycles(graph, condensation);
  const conflicts = findPrecedeConflicts(facts, graph);
  const exclusive = findExclusiveNeeds(facts, graph);
  const dead = findDeadTools(facts, graph, condensation, cycles, conflicts, exclusive);
  reportNeverCalled(facts, graph, cycles, dead, emit);
  reportPrecedeConflicts(facts, conflicts, emit);
  reportExitConflicts(facts, emit);
  reportRequiredInOneGroup(facts, emit);
  reportStartNeedsNonStart(facts, emit);
  reportDuplicates(facts, emit);
  reportRuleShape(facts, emit);
  return sortDiagnostics(out);
}
