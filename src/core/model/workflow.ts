/**
 * The workflow model (`workflow-rules.md` §1).
 */
import { z } from 'zod';
import { Json } from './toolRules.ts';
import { lazySchema } from './lazySchema.ts';

/** The five workflow rule types. */
export const WORKFLOW_RULE_TYPES = [
  'repeated_command',
  'repeated_file_edit',
  'phase_timeout',
  'token_budget',
  'require_commits',
] as const;
export type WorkflowRuleTypeName = (typeof WORKFLOW_RULE_TYPES)[number];

/**
 * Numbers are whole numbers; values ≤ 0 are representable so the validator can report them
 * (W006) and the `hegel` profile can run them.
 */
const count = lazySchema(() => z.number().int());

/** Unknown keys found on import, kept in order so nothing the user wrote is lost. */
export const Extra = lazySchema(() => z.record(z.string(), Json));
export type Extra = z.infer<typeof Extra>;

export const WorkflowRule = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('repeated_command'),
      pattern: z.string().optional(),
      threshold: count,
      /** Seconds. */
      window: count,
      extra: Extra.optional(),
    }),
    z.object({
      type: z.literal('repeated_file_edit'),
      path_pattern: z.string().optional(),
      threshold: count,
      window: count,
      extra: Extra.optional(),
    }),
    z.object({ type: z.literal('phase_timeout'), max_duration: count, extra: Extra.optional() }),
    z.object({ type: z.literal('token_budget'), max_tokens: count, extra: Extra.optional() }),
    z.object({ type: z.literal('require_commits'), lookback_phases: count, extra: Extra.optional() }),
  ]),
);
export type WorkflowRule = z.infer<typeof WorkflowRule>;

export const Transition = lazySchema(() => z.object({ when: z.string(), to: z.string() }));
export type Transition = z.infer<typeof Transition>;

/** A phase. Nodes are held in an array so their order is the file's order. */
export const WorkflowNode = lazySchema(() =>
  z.object({
    name: z.string(),
    summary: z.string().optional(),
    prompt: z.string().optional(),
    prompt_hbs: z.string().optional(),
    transitions: z.array(Transition).default([]),
    rules: z.array(WorkflowRule).default([]),
    extra: Extra.optional(),
  }),
);
export type WorkflowNode = z.infer<typeof WorkflowNode>;

/** The implicit final node. */
export const DONE_NODE = 'done';

/** A workflow: `name` comes from the file (hegel names workflows by file). */
export const Workflow = lazySchema(() =>
  z.object({
    name: z.string(),
    mode: z.string(),
    start_node: z.string(),
    nodes: z.array(WorkflowNode),
    extra: Extra.optional(),
  }),
);
export type Workflow = z.infer<typeof Workflow>;
