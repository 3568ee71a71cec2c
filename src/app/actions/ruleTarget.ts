/** Which tool a new rule or a keyboard connection is for: the selected tool, or the tool of the selected rule. */
import { activeDoc, type StudioState } from '../state/store.ts';
import { ruleToolOf } from '../../core/graph/lettaEdits.ts';

export function ruleTargetOf(s: StudioState): string | undefined {
  const d = activeDoc(s);
  // Claude Code's rules are written in its settings file, not added on the graph.
  if (d?.kind !== 'agent' || d.agent.family === 'claude' || d.agent.family === 'codex' || d.agent.family === 'gemini') return undefined;
  if (s.selection.kind === 'tool') return s.selection.tool;
  if (s.selection.kind === 'rule') return ruleToolOf(d.agent, s.selection.index);
  return undefined;
}
