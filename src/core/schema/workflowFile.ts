/**
 * The hegel workflow FILE form (`workflow-rules.md` §1–2) as a zod schema, with descriptions taken
 * from the spec. Unlike the model (`src/core/model/workflow.ts`), nodes are a map keyed by name and
 * rules are internally tagged, exactly as hegel loads them. The Source pane feeds its JSON Schema
 * to the YAML language service for completion, hover and schema markers.
 */
import { z } from 'zod';
import { discriminatedJsonSchema, replaceUnion } from './discriminated.ts';

/** A whole number ≥ 0: negative or fractional values are errors (zero is accepted by hegel). */
const whole = (description: string) => z.number().int().nonnegative().describe(description);

const repeatedCommand = z
  .object({
    type: z.literal('repeated_command').describe('Fires when matching commands in the window reach the threshold.'),
    pattern: z
      .string()
      .optional()
      .describe('Regular expression (Rust regex syntax) a command must match. Without it each distinct command counts separately (spec profile) or every command counts (hegel).'),
    threshold: whole('How many matching commands within the window make the rule fire.'),
    window: whole('The window in seconds.'),
  })
  .describe('repeated_command: fires when matching commands in the window ≥ threshold.');

const repeatedFileEdit = z
  .object({
    type: z.literal('repeated_file_edit').describe('Fires when matching file edits in the window reach the threshold.'),
    path_pattern: z
      .string()
      .optional()
      .describe('Regular expression (Rust regex syntax) an edited path must match. Without it each distinct path counts separately (spec profile) or every edit counts (hegel).'),
    threshold: whole('How many matching edits within the window make the rule fire.'),
    window: whole('The window in seconds.'),
  })
  .describe('repeated_file_edit: fires when matching edits in the window ≥ threshold.');

const phaseTimeout = z
  .object({
    type: z.literal('phase_timeout').describe('Fires when the phase has run longer than max_duration.'),
    max_duration: whole('Longest phase duration in seconds; the rule fires when the duration is greater.'),
  })
  .describe('phase_timeout: fires when the phase duration > max_duration (seconds).');

const tokenBudget = z
  .object({
    type: z.literal('token_budget').describe('Fires when the phase has used more than max_tokens.'),
    max_tokens: whole('Token budget of the phase: input + output tokens (cache tokens excluded); fires when exceeded.'),
  })
  .describe('token_budget: fires when phase input + output tokens > max_tokens.');

const requireCommits = z
  .object({
    type: z.literal('require_commits').describe('Fires when there was no commit in the last lookback_phases phases.'),
    lookback_phases: whole('How many phases (the current one and those before it) must contain a commit (≥ 1).'),
  })
  .describe('require_commits: fires when no commit was made in the last k phases (hegel’s addition).');

/** A workflow rule in hegel's internally tagged form (`- type: repeated_command`). */
const WORKFLOW_RULE_DESCRIPTION = 'A guard rule evaluated at `next`; the first violation interrupts with its text.';
export const WorkflowFileRule = z
  .discriminatedUnion('type', [repeatedCommand, repeatedFileEdit, phaseTimeout, tokenBudget, requireCommits])
  .describe(WORKFLOW_RULE_DESCRIPTION);

export const WorkflowFileTransition = z
  .object({
    when: z.string().describe('The claim that takes this transition (e.g. `spec_complete`); the first matching transition in file order wins.'),
    to: z.string().describe('The target node; `done` is the implicit final node.'),
  })
  .describe('A transition `{ when, to }`.');

export const WorkflowFileNode = z
  .object({
    summary: z.string().optional().describe('A one-line summary of the phase.'),
    prompt: z.string().optional().describe('The prompt shown when the phase is entered (never together with prompt_hbs).'),
    prompt_hbs: z.string().optional().describe('A Handlebars prompt template (never together with prompt).'),
    transitions: z.array(WorkflowFileTransition).describe('Ordered transitions out of this phase; may be empty (`[]`).'),
    rules: z.array(WorkflowFileRule).optional().describe('Ordered guard rules of this phase; the first violation wins.'),
  })
  .describe('A phase of the workflow.');

/** The whole workflow file: `mode`, `start_node`, `nodes`. */
export const WorkflowFile = z
  .object({
    mode: z.string().describe('The workflow mode (e.g. `discovery`, `execution`).'),
    start_node: z.string().describe('The node `workflow_start` enters (and `restart_cycle` returns to).'),
    nodes: z
      .record(z.string(), WorkflowFileNode)
      .describe('The phases by name. `done` is implicit: never write it here (hegel rejects it).'),
  })
  .describe('A hegel workflow: phases, their transitions and guard rules.');
export type WorkflowFile = z.infer<typeof WorkflowFile>;

/** A JSON Schema document (draft-07, what the YAML language service understands). */
export type JsonSchema = Record<string, unknown>;

let cached: JsonSchema | undefined;

/**
 * The JSON Schema (draft-07) of the hegel workflow file, derived from {@link WorkflowFile}.
 * The `$schema` URL is left out so no language service is tempted to fetch it. Callers get a
 * fresh deep copy they may modify.
 */
export function workflowJsonSchema(): JsonSchema {
  if (!cached) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(WorkflowFile, { target: 'draft-7', io: 'input' }) as JsonSchema;
    cached = replaceUnion(rest, WORKFLOW_RULE_DESCRIPTION, discriminatedJsonSchema(WorkflowFileRule, 'The rule type.')) as JsonSchema;
  }
  return JSON.parse(JSON.stringify(cached)) as JsonSchema;
}
