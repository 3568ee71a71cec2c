/**
 * What one trace event contributes to workflow metrics (`workflow-rules.md` §1, §5): a command,
 * an edit, token usage, a commit. Read straight into the evaluator ({@link ActivitySink}): an
 * event allocates nothing on its way to the metrics.
 */
import type { TraceEvent } from '../../traces/events.ts';
import type { RepeatedKind } from './rules/repeated.ts';

export type WorkflowProfile = 'spec' | 'hegel';

/** Where {@link readActivity} delivers an event's contribution. */
export interface ActivitySink {
  /** The event's time, given before its contributions. */
  at(time: number): void;
  /** Input and output tokens at `time` (cache tokens are never counted). */
  addTokens(input: number, output: number, time: number): void;
  addCommit(): void;
  /**
   * A command ran or a file was edited: `text` is the command line or the path; `offset` the
   * minutes east of UTC the event's time was written with.
   */
  addAction(kind: RepeatedKind, text: string, tool: string, time: number, offset: number): void;
}

/** Whether a tool call of `tool` counts as an edit: hegel reads only Edit and Write. */
function isEditTool(tool: string, profile: WorkflowProfile): boolean {
  return tool === 'Edit' || tool === 'Write' || (profile === 'spec' && tool === 'MultiEdit');
}

/**
 * Reads the workflow-relevant part of an event into `sink`: its time, then what it contributes.
 * Tokens always count; commands and edits that come from tool calls count only when the call was
 * executed (`executed`) and is not marked `activity_recorded`; `command` events always count, and
 * so do `file_edit` events, except under `hegel` when their tool is not Edit or Write (hegel's hook
 * metrics record only those two: `src/metrics/hooks.rs`, so a MultiEdit or NotebookEdit never
 * counts toward `repeated_file_edit`).
 *
 * Each case reads the event's fields itself, its time included: a property read that sees one
 * event type stays monomorphic, where one shared by every type is megamorphic (and a megamorphic
 * read of a time allocates a number).
 */
export function readActivity(event: TraceEvent, executed: boolean, profile: WorkflowProfile, sink: ActivitySink): void {
  switch (event.type) {
    case 'command': {
      const time = event.time;
      sink.at(time);
      sink.addAction('command', event.command, event.tool, time, event.utcOffset ?? 0);
      return;
    }
    case 'file_edit': {
      const time = event.time;
      sink.at(time);
      if (profile === 'hegel' && !isEditTool(event.tool, profile)) return;
      sink.addAction('edit', event.path, event.tool, time, event.utcOffset ?? 0);
      return;
    }
    case 'tokens': {
      const time = event.time;
      sink.at(time);
      sink.addTokens(event.input, event.output, time);
      return;
    }
    case 'commit':
      sink.at(event.time);
      sink.addCommit();
      return;
    case 'model_end': {
      const time = event.time;
      sink.at(time);
      if (event.tokens) sink.addTokens(event.tokens.input, event.tokens.output, time);
      return;
    }
    case 'tool_call': {
      const time = event.time;
      sink.at(time);
      if (event.tokens) sink.addTokens(event.tokens.input, event.tokens.output, time);
      // A recorded log also holds the call's command or edit as its own event: count that one only.
      if (!executed || event.activity_recorded) return;
      const offset = event.utcOffset ?? 0;
      const command = event.args['command'];
      if (event.tool === 'Bash' && typeof command === 'string') sink.addAction('command', command, event.tool, time, offset);
      const path = event.args['file_path'];
      if (isEditTool(event.tool, profile) && typeof path === 'string') sink.addAction('edit', path, event.tool, time, offset);
      return;
    }
    case 'batch_start':
      sink.at(event.time);
      return;
    case 'process_start':
      sink.at(event.time);
      return;
    default:
      // The workflow's own events (workflow_start, next, continue, repeat): the evaluator reads them.
      sink.at(event.time);
  }
}
