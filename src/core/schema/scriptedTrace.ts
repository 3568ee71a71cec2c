/**
 * The scripted trace YAML of `traces.md` §2 as a zod schema, accepting exactly what the reader
 * (`src/core/traces/scripted.ts`, `scriptedSteps.ts`) accepts: `start` and `steps` (or a bare list
 * of steps), each step a mapping with ONE action key plus the modifiers that action takes
 * ({@link STEP_MODIFIERS}). The trace editor feeds its JSON Schema to the YAML language service
 * for completion, hover and schema markers; the reader stays the judge of what replays.
 */
import { z } from 'zod';
import { ConsentAnswer } from '../traces/events.ts';
import { parseDuration } from '../traces/scriptedDuration.ts';
import { MAX_REPEAT } from '../traces/scriptedSteps.ts';
import { parseTime } from '../time.ts';
import type { JsonSchema } from './workflowFile.ts';

/** A duration as the reader parses it: `500ms`, `5s`, `2m`, `1h`, `1m30s`, or milliseconds. */
const duration = (description: string) =>
  z
    .union([z.number().int().nonnegative(), z.string().regex(/^\s*(?:\d+(?:\.\d+)?|(?:\d+(?:\.\d+)?\s*(?:ms|s|m|h)\s*)+)\s*$/)])
    .refine((value) => parseDuration(value).ok, { message: 'not a whole, non-negative duration (500ms, 5s, 2m, 1h, or milliseconds)' })
    .describe(description);

const after = duration('Advance the virtual clock by this much before the step (500ms, 5s, 2m, 1h, 1m30s, or a number of milliseconds).');

/** `true` (or an empty value): the flag actions. */
const flag = (description: string) => z.union([z.literal(true), z.null()]).describe(description);

/** Token usage (`{ input, output }`, optional cache counts); other fields are ignored. */
const tokenUsage = (description: string) =>
  z
    .object({
      input: z.number().nonnegative().describe('Input tokens.'),
      output: z.number().nonnegative().describe('Output tokens.'),
      cache_read: z.number().nonnegative().optional().describe('Cache-read tokens (never counted against token budgets).'),
      cache_creation: z.number().nonnegative().optional().describe('Cache-creation tokens (never counted against token budgets).'),
    })
    .describe(description);

const callStep = z
  .strictObject({
    call: z.string().min(1).describe('A tool_call event: the name of the tool called.'),
    after: after.optional(),
    args: z.record(z.string(), z.unknown()).optional().describe('The call’s arguments (default {}), e.g. { operation: patch, path: a.txt }.'),
    outcome: z.enum(['ok', 'error']).optional().describe('How the call ended (default ok).'),
    output: z.string().optional().describe("What the tool returned: Letta's conditional rules pick the next tool by it (profile letta)."),
    consent: ConsentAnswer.optional().describe('The consent answer: approve_once, approve_scope, deny, timeout or { approve_for: seconds }.'),
    duration: duration('How long the call took (500ms, 5s, …); never together with duration_ms.').optional(),
    duration_ms: z.number().nonnegative().optional().describe('How long the call took, in milliseconds; never together with duration.'),
    tokens: tokenUsage('Tokens the call carried: { input, output }.').optional(),
    id: z.string().optional().describe('The call id, as a recorded log would give it.'),
    repeat: z.number().int().min(1).max(MAX_REPEAT).optional().describe('Make this many identical calls (1 to 100000).'),
    every: duration('Spacing between repeated calls (needs repeat).').optional(),
  })
  .refine((s) => s.every === undefined || s.repeat !== undefined, { message: "'every' needs 'repeat' (the number of calls)", path: ['every'] })
  .refine((s) => s.duration === undefined || s.duration_ms === undefined, { message: "use either 'duration' or 'duration_ms', not both", path: ['duration'] })
  .describe('call: a tool_call event.');

const bashStep = z
  .strictObject({
    bash: z.string().describe('A command event: the shell command run.'),
    after: after.optional(),
    tool: z.string().optional().describe('The tool that ran the command (default Bash).'),
  })
  .describe('bash: a command event.');

const editStep = z
  .strictObject({
    edit: z.string().describe('A file_edit event: the path of the edited file.'),
    after: after.optional(),
    tool: z.string().optional().describe('The tool that edited the file (default Edit).'),
  })
  .describe('edit: a file_edit event.');

const tokensStep = z
  .strictObject({ tokens: tokenUsage('A tokens event: { input, output } (optional cache_read, cache_creation).'), after: after.optional() })
  .describe('tokens: a tokens event.');

const nextStep = z
  .strictObject({
    next: z
      .union([z.array(z.string()), z.string(), z.null()])
      .describe('A next event: the claims (a list, one claim, or empty for none), e.g. [code_complete].'),
    after: after.optional(),
    force: z.union([z.literal(true), z.array(z.string())]).optional().describe('Skip the guard rules: true for all, or a list of rule types.'),
    to: z.string().optional().describe('A recorded landing: rules are evaluated, but the workflow lands on this node whatever they say.'),
  })
  .describe('next: a next event (a phase transition claim).');

const flagStep = (action: string, description: string) =>
  z.strictObject({ [action]: flag(description), after: after.optional() }).describe(`${action}: ${description}`);

const endStep = z
  .strictObject({
    end: flag('A model_end event: the model finished its answer.'),
    after: after.optional(),
    tokens: tokenUsage('Tokens of the answer: { input, output }.').optional(),
  })
  .describe('end: a model_end event.');

const workflowStartStep = z
  .strictObject({
    workflow_start: z.union([z.literal(true), z.null(), z.string()]).describe('A workflow_start event: true, or the node to start at.'),
    after: after.optional(),
  })
  .describe('workflow_start: a workflow_start event.');

const commitStep = z
  .strictObject({
    commit: z.union([z.string().min(1), z.number()]).describe('A commit event: the commit hash.'),
    after: after.optional(),
    message: z.string().optional().describe('The commit message.'),
  })
  .describe('commit: a commit event.');

/** One step: exactly one action key and the modifiers of that action. */
export const ScriptedStep = z
  .union([
    callStep,
    bashStep,
    editStep,
    tokensStep,
    nextStep,
    flagStep('continue', 'A continue event (true).'),
    flagStep('repeat', 'A repeat event (true).'),
    flagStep('heartbeat', 'A process_start event (true).'),
    flagStep('batch', 'A batch_start event (true).'),
    endStep,
    workflowStartStep,
    commitStep,
  ])
  .describe('A step: one action key (call, bash, edit, tokens, next, continue, repeat, heartbeat, batch, end, workflow_start, commit) and its modifiers.');

const steps = z.union([z.array(ScriptedStep), z.null()]).describe('The steps, in order; the clock moves only by after and every.');

/** The whole scripted trace: `{ start, steps }`, or a bare list of steps. */
export const ScriptedTrace = z
  .union([
    z
      .strictObject({
        start: z
          .string()
          .refine((t) => parseTime(t).ok, { message: 'an RFC 3339 time with an offset, e.g. 2025-01-01T10:00:00Z' })
          .optional()
          .describe('When the trace starts: an RFC 3339 time with an offset (default 1970-01-01T00:00:00Z).'),
        steps: steps.optional(),
      })
      .describe('A scripted trace: start and steps.'),
    z.array(ScriptedStep).describe('A bare list of steps (starting at 1970-01-01T00:00:00Z).'),
    z.null(),
  ])
  .describe('A scripted trace (traces.md §2), compiled to canonical events on a virtual clock.');
export type ScriptedTrace = z.infer<typeof ScriptedTrace>;

let cached: JsonSchema | undefined;

/**
 * The JSON Schema (draft-07) of the scripted trace, derived from {@link ScriptedTrace}, without
 * a `$schema` URL. Callers get a fresh deep copy they may modify.
 */
export function scriptedTraceJsonSchema(): JsonSchema {
  if (!cached) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(ScriptedTrace, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cached = rest;
  }
  return JSON.parse(JSON.stringify(cached)) as JsonSchema;
}
