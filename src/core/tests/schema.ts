/**
 * The rule-set test file (`*.test.yaml`, documented in `docs/rule-tests.md`) as a zod schema: the
 * rule files a suite runs, its settings (the engine's own settings schema), and its tests, each a
 * trace (a file, or a scripted trace written inline) with expectations per step and for the whole
 * run. The JSON Schema for editor completion is derived from the same schema, with the inline trace
 * described by the scripted-trace schema.
 */
import { z } from 'zod';
import { DECISION_KINDS } from '../simulator/summary.ts';
import { Profile, ReplaySettings } from '../engine/settings.ts';
import { ScriptedTrace } from '../schema/scriptedTrace.ts';
import type { JsonSchema } from '../schema/workflowFile.ts';
import { parseRuleNumber } from '../model/ruleNumber.ts';

/** A rule as the studio numbers it: `"#3"` (or `3`), 1-based in source order. */
export const RuleNumberRef = z
  .union([z.number().int().min(1), z.string().regex(/^#?\d+$/)], {
    error: (issue) => (issue.input === null || issue.input === undefined ? 'write the rule number in quotes, "#3" (an unquoted # starts a YAML comment)' : 'a rule number is written "#N", N from 1'),
  })
  .refine((v) => parseRuleNumber(v) !== undefined, { message: 'a rule number is written #N, N from 1' })
  .describe('A rule by the studio’s numbering: "#3" is the third rule in source order of its agent (tool rules) or of its node (workflow rules).');
export type RuleNumberRef = z.infer<typeof RuleNumberRef>;

// (the union's own error would be "Invalid input": say what to write instead)
const toolRuleRefError = (issue: { input?: unknown }) =>
  issue.input === null || issue.input === undefined ? 'write the rule number in quotes, "#3" (an unquoted # starts a YAML comment)' : 'a rule is written "#N" (N from 1), or { number: "#N", tool, type, conditions }';

/**
 * A tool rule by number, or by number and identity (`ruleRef.ts`): a test compares by the identity,
 * so a rule renumbered by an edit elsewhere still matches.
 */
export const ToolRuleRef = z
  .union(
    [
    RuleNumberRef,
    z.strictObject({
      number: RuleNumberRef,
      tool: z.string().min(1).describe('The tool the rule is on (`*` for every tool).'),
      type: z.string().min(1).describe('The rule type, e.g. MaxCalls.'),
      conditions: z.array(z.string()).optional().describe('The rule’s conditions (tools), when it has some.'),
    }),
    ],
    { error: (issue) => toolRuleRefError(issue) },
  )
  .describe('A tool rule: "#5", or { number: "#5", tool, type, conditions }: the rule is found by what it is, the number says where it was.');

/** Decision kinds an expectation may name, plus `none` (the step made no decision). */
export const EXPECTED_KINDS = [...DECISION_KINDS, 'none'] as const;

const InterruptExpectation = z
  .strictObject({
    node: z.string().min(1).optional().describe('The node whose rule fired.'),
    rule: RuleNumberRef.optional(),
    ruleType: z.string().min(1).optional().describe('The rule type, e.g. repeated_command.'),
    text: z.string().optional().describe('Text the interrupt’s prompt contains.'),
  })
  .describe('The step gives an interrupt matching all of these.');

/** What one step of the trace must decide: one of the step's decisions matches every field given. */
export const StepExpectation = z
  .strictObject({
    step: z.number().int().min(1).describe('The step, 1-based, as the simulator counts them: one trace item (a scripted step without repeat is one step).'),
    decision: z.enum(EXPECTED_KINDS).optional().describe('The decision kind (allowed, blocked, auto, exit, interrupt, …), or none: the step decides nothing.'),
    tool: z.string().min(1).optional().describe('The tool the decision is about.'),
    code: z.string().min(1).optional().describe('The failure code, e.g. PrerequisitesNotMet.'),
    to: z.string().min(1).optional().describe('The node a transition lands on.'),
    rule: ToolRuleRef.optional(),
    message: z.string().optional().describe('Text the decision’s message contains.'),
    interrupt: InterruptExpectation.optional(),
  })
  .refine((e) => e.interrupt === undefined || e.decision === undefined || e.decision === 'interrupt', {
    message: "'interrupt' expects an interrupt decision; leave 'decision' out or write decision: interrupt",
    path: ['decision'],
  })
  .refine((e) => e.decision !== 'none' || Object.keys(e).every((k) => k === 'step' || k === 'decision'), {
    message: "decision: none takes no other field",
    path: ['decision'],
  })
  .describe('What one step must decide.');
export type StepExpectation = z.infer<typeof StepExpectation>;

/** A workflow rule as `fires` names it. */
const WorkflowRuleRef = z.strictObject({ node: z.string().min(1).describe('The node.'), rule: RuleNumberRef }).describe('A workflow rule: its node and number.');

/** Expectations about the whole run. */
export const RunExpectation = z
  .strictObject({
    counts: z
      .partialRecord(z.enum(DECISION_KINDS), z.number().int().nonnegative())
      .optional()
      .describe('Exact number of decisions of each kind named (kinds left out are not checked).'),
    exitsCleanly: z
      .boolean()
      .optional()
      .describe('true: the agent loop exits (an exit decision), no exit was blocked, and no trace line was unusable; for a workflow without an agent, the workflow reaches done.'),
    noViolations: z.boolean().optional().describe('true: no blocked, denied, timeout, not_found, deduplicated, exit_blocked, interrupt or error decision; false: at least one.'),
    fires: z
      .array(z.union([ToolRuleRef, WorkflowRuleRef]))
      .optional()
      .describe('Rules that must fire at least once: "#3" (or { number, tool, type, conditions }) for a tool rule, { node, rule } for a workflow rule.'),
  })
  .describe('What the whole run must show.');
export type RunExpectation = z.infer<typeof RunExpectation>;

/** Settings of a suite or a test: the engine's settings, unknown keys refused. */
export const TestSettings = z.strictObject(ReplaySettings.shape).partial().extend({ profile: Profile.optional() }).describe('Replay settings (profile, dedupeWindowMs, …), as in the simulator.');
export type TestSettings = z.infer<typeof TestSettings>;

const RuleFiles = z
  .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
  .describe('The rule files, relative to this file (in the studio: the project’s document names).');

const selection = {
  rules: RuleFiles.optional(),
  agent: z.string().min(1).optional().describe('Which agent runs (default: the first).'),
  workflow: z.string().min(1).optional().describe('Which workflow runs (default: the first).'),
  settings: TestSettings.optional(),
};

/** Builds the schemas with a given form for inline traces (loose for reading, described for completion). */
function buildSchemas<T extends z.ZodType>(inlineTrace: T) {
  const Trace = z
    .union([z.string().min(1).describe('A trace file, relative to this file (in the studio: a project trace name).'), inlineTrace])
    .describe('The trace: a file, or a scripted trace written here (start and steps, or a list of steps).');
  const TestCase = z
    .strictObject({
      name: z.string().min(1).describe('What the test checks; unique within the file.'),
      ...selection,
      trace: Trace,
      expect: z.array(StepExpectation).optional().describe('Expectations per step.'),
      run: RunExpectation.optional(),
    })
    .describe('One test: a trace and what it must give.');
  const TestFile = z
    .strictObject({
      ...selection,
      tests: z.array(TestCase).min(1).describe('The tests of this file.'),
    })
    .describe('A rule-set test file: rule files, settings and tests.');
  return { TestCase, TestFile };
}

/** Inline traces as read: any mapping or list (the scripted-trace reader judges them, with lines). */
const LooseTrace = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]);

const reading = buildSchemas(LooseTrace);

/** One test as read. */
export const TestCase = reading.TestCase;
export type TestCase = z.infer<typeof TestCase>;
/** A test file as read. */
export const TestFile = reading.TestFile;
export type TestFile = z.infer<typeof TestFile>;

let cached: JsonSchema | undefined;

/** The JSON Schema of test files (draft 7) for YAML completion; inline traces use the scripted-trace schema. */
export function testFileJsonSchema(): JsonSchema {
  if (!cached) {
    const { TestFile: described } = buildSchemas(ScriptedTrace);
    const { $schema: _ignored, ...rest } = z.toJSONSchema(described, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cached = rest;
  }
  return JSON.parse(JSON.stringify(cached)) as JsonSchema;
}
