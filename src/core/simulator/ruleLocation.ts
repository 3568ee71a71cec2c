/**
 * Where the rule behind a decision is written: its file and 1-based line and column, so a surface
 * can say "rule #4, written at etl.toml:41:1" and take the user there. Pure (no DOM): the worker,
 * the CLI and the tests use it alike.
 */
import type { LoadedFile } from '../codecs/types.ts';
import { spanKey } from '../diagnostics/spans.ts';
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import { mergeSettings } from '../permissions/claude/settings.ts';
import { defaultCwd } from '../permissions/claude/replayContext.ts';
import type { RuleRef } from './explainTypes.ts';

/** A place in a rule file: its name and the 1-based line and column where the rule starts. */
export interface SourceAt {
  file: string;
  line: number;
  column: number;
}

/** Finds where a rule is written, or undefined when its file does not record positions. */
export type RuleLocator = (ref: RuleRef) => SourceAt | undefined;

/** `etl.toml:41:1`. */
export const sourceAtText = (at: SourceAt): string => `${at.file}:${at.line}:${at.column}`;

/**
 * A locator for the rules of the replayed `agent` and `workflow`, read from the files they were
 * loaded from (their recorded spans; nothing is scanned until a rule is asked for). Claude Code
 * rules carry their own place in their settings file. Families whose files keep no positions
 * (Codex `.rules`, Gemini policies) answer undefined.
 */
export function ruleLocator(files: readonly LoadedFile[], agent?: Agent, workflow?: Workflow): RuleLocator {
  return (ref) => {
    if (ref.kind === 'workflow') {
      for (const f of files) {
        const w = workflow ? f.workflows.indexOf(workflow) : -1;
        if (w >= 0) return at(f.file, f.spans.get(spanKey.nodeRule(w, ref.node, ref.index)));
      }
      return undefined;
    }
    if (!agent) return undefined;
    if (agent.family === 'claude') {
      const settings = agent.claudeSettings ?? [];
      const s = mergeSettings(settings, defaultCwd(settings)).rules[ref.index]?.source;
      return s ? { file: s.file, line: s.line, column: s.col } : undefined;
    }
    for (const f of files) {
      const a = f.agents.indexOf(agent);
      if (a >= 0) return at(f.file, f.spans.get(spanKey.rule(a, ref.index)));
    }
    return undefined;
  };
}

function at(file: string, range: { start: { line: number; column: number } } | undefined): SourceAt | undefined {
  return range ? { file, line: range.start.line, column: range.start.column } : undefined;
}
