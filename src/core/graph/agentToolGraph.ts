/**
 * The tool graph of any agent: Claude Code settings by {@link claudeGraph}, Codex rules by
 * {@link codexGraph}, Gemini CLI policies by {@link geminiGraph}, the others by
 * {@link toolGraph}. Apart from `toolGraph.ts` because Claude Code's projection reads the settings'
 * JSON: the page loads it with the rule codecs, not in its first load.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { toolGraph, type ToolGraph } from './toolGraph.ts';
import { claudeGraph } from './claudeGraph.ts';
import { codexGraph } from './codexGraph.ts';
import { geminiGraph } from './geminiGraph.ts';

/** Projects an agent of any family and its diagnostics onto the tool graph. */
export function agentToolGraph(agent: Agent, diagnostics: readonly Diagnostic[] = []): ToolGraph {
  if (agent.family === 'codex') return codexGraph(agent, diagnostics);
  if (agent.family === 'gemini') return geminiGraph(agent, diagnostics);
  return agent.family === 'claude' ? claudeGraph(agent, diagnostics) : toolGraph(agent, diagnostics);
}
