/**
 * Letta's tool rules (`letta-ai/letta`, `letta/schemas/tool_rule.py` at commit
 * `56ba9c25552605eec89de8ed3dc6394b625c1993`, the last before the repository was archived): the
 * third rule family beside Pattern's tool rules and hegel's workflows.
 *
 * The shapes keep Letta's own field names (`tool_name`, `type`, `children`, …) so a rule reads
 * and writes back exactly as Letta's API and `.af` agent files hold it. Keys Letta has but the
 * model does not read (`id`, future fields) are kept in `extra`, in file order, and written back.
 */
import { z } from 'zod';
import { ExtraKeys, Json } from './json.ts';
import { lazySchema } from './lazySchema.ts';

/** The nine Letta rule types, in the order of Letta's `ToolRule` union. */
export const LETTA_RULE_TYPES = [
  'constrain_child_tools',
  'run_first',
  'exit_loop',
  'conditional',
  'continue_loop',
  'required_before_exit',
  'max_count_per_step',
  'parent_last_tool',
  'requires_approval',
] as const;
export type LettaRuleTypeName = (typeof LETTA_RULE_TYPES)[number];

/** Arguments prefilled into a tool's call (`InitToolRule.args`, `ToolCallNode.args`). */
const PrefilledArgs = lazySchema(() => z.record(z.string(), Json));

/** A child of a `constrain_child_tools` rule with arguments prefilled when it is chosen next. */
export const LettaToolCallNode = lazySchema(() =>
  z.object({
    name: z.string(),
    args: PrefilledArgs.nullable().optional(),
  }),
);
export type LettaToolCallNode = z.infer<typeof LettaToolCallNode>;

const base = () => ({
  /** The tool the rule is about. */
  tool_name: z.string(),
  /** Kept and written back; Letta ignores it when rendering (its built-in text is used). */
  prompt_template: z.string().nullable().optional(),
  /** Keys of the rule the model does not read (Letta's `id`, …), kept in file order. */
  extra: ExtraKeys.optional(),
});

/** One Letta tool rule, discriminated by Letta's `type`. */
export const LettaToolRule = lazySchema(() =>
  z.discriminatedUnion('type', [
    /** After `tool_name`, only one of `children` may be called. */
    z.object({
      ...base(),
      type: z.literal('constrain_child_tools'),
      children: z.array(z.string()),
      child_arg_nodes: z.array(LettaToolCallNode).nullable().optional(),
    }),
    /** The first call of a step must be one of the `run_first` tools. */
    z.object({ ...base(), type: z.literal('run_first'), args: PrefilledArgs.nullable().optional() }),
    /** Calling `tool_name` ends the agent loop. */
    z.object({ ...base(), type: z.literal('exit_loop') }),
    /** After `tool_name`, its output (`message`) picks the next tool. */
    z.object({
      ...base(),
      type: z.literal('conditional'),
      default_child: z.string().nullable().optional(),
      /** Output value → tool. JSON keys are strings; Letta compares booleans and numbers by value. */
      child_output_mapping: z.record(z.string(), z.string()),
      require_output_mapping: z.boolean().optional(),
    }),
    /** Calling `tool_name` continues the agent loop. */
    z.object({ ...base(), type: z.literal('continue_loop') }),
    /** `tool_name` must have been called before the loop may end. */
    z.object({ ...base(), type: z.literal('required_before_exit') }),
    /** `tool_name` may run at most `max_count_limit` times in one step. */
    z.object({ ...base(), type: z.literal('max_count_per_step'), max_count_limit: z.number().int() }),
    /** `children` may only be called straight after `tool_name`. */
    z.object({ ...base(), type: z.literal('parent_last_tool'), children: z.array(z.string()) }),
    /** Calling `tool_name` needs a human's approval. */
    z.object({ ...base(), type: z.literal('requires_approval') }),
  ]),
);
export type LettaToolRule = z.infer<typeof LettaToolRule>;

/** The rule of one Letta type. */
export type LettaRuleOf<T extends LettaRuleTypeName> = Extract<LettaToolRule, { type: T }>;
