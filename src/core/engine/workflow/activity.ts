/**
 * What one trace event contributes to workflow metrics (`workflow-rules.md` §1, §5): a command,
 * an edit, token usage, a commit.
 */
import type { TraceEvent } from '../../traces/events.ts';

export type WorkflowProfile = 'spec' | 'hegel';

/** A command ran or a file was edited: `text` is the command line or the path. */
export interface Action {
  text: string;
  tool: string;
}

export interface Activity {
  command?: Action;
  edit?: Action;
  /** Input and output tokens (cache tokens are never counted). */
  tokens?: { input: number; output: number };
  commit: boolean;
}

/** Tool calls that count as edits, per profile (hegel reads only Edit and Write). */
const EDIT_TOOLS: Record<WorkflowProfile, ReadonlySet<string>> = {
  spec: new Set(['Edit', 'Write', 'MultiEdit']),
  hegel: new Set(['Edit', 'Write']),
};

/**
 * Reads the workflow-relevant part of an event. Tokens always count; commands and edits that
 * come from tool calls count only when the call was executed (`executed`) and is not marked
 * `activity_recorded`; `command` events always count, and so do `file_edit` events, except under
 * `hegel` when their tool is not Edit or Write (hegel's hook metrics record only those two:
 * `src/metrics/hooks.rs`, so a MultiEdit or NotebookEdit never counts toward `repeated_file_edit`).
 */
export function readActivity(event: TraceEvent, executed: boolean, profile: WorkflowProfile): Activity {
  switch (event.type) {
    case 'command':
      return { command: { text: event.command, tool: event.tool }, commit: false };
    case 'file_edit':
      if (profile === 'hegel' && !EDIT_TOOLS.hegel.has(event.tool)) return { commit: false };
      return { edit: { text: event.path, tool: event.tool }, commit: false };
    case 'tokens':
      return { tokens: { input: event.input, output: event.output }, commit: false };
    case 'commit':
      return { commit: true };
    case 'model_end':
      return event.tokens ? { tokens: pick(event.tokens), commit: false } : { commit: false };
    case 'tool_call': {
      const out: Activity = { commit: false };
      if (event.tokens) out.tokens = pick(event.tokens);
      // A recorded log also holds the call's command or edit as its own event: count that one only.
      if (!executed || event.activity_recorded) return out;
      const command = event.args['command'];
      if (event.tool === 'Bash' && typeof command === 'string') out.command = { text: command, tool: event.tool };
      const path = event.args['file_path'];
      if (EDIT_TOOLS[profile].has(event.tool) && typeof path === 'string') out.edit = { text: path, tool: event.tool };
      return out;
    }
    default:
      return { commit: false };
  }
}

function pick(t: { input: number; output: number }): { input: number; output: number } {
  return { input: t.input, output: t.output };
}
