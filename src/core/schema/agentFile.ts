/**
 * Pattern's agent config as written (`tool-rules.md` §2.1–2.3) as a zod schema, for editors: the
 * main config (`[[agents]]` with `[[agents.tool_rules]]`) and the agent file (top-level `name`,
 * `tools`, `[[tool_rules]]`), with `rule_type` adjacently tagged as Pattern loads it. Other keys of
 * an agent (Pattern's `model`, `system_prompt`, …) are allowed. Older forms the importer also reads
 * (bare strings, design-era names) are not offered here: the schema teaches the form to write.
 */
import { z } from 'zod';
import type { JsonSchema } from './workflowFile.ts';
import { discriminatedJsonSchema, replaceUnion } from './discriminated.ts';

const seconds = z.number().int().nonnegative();
const unit = (type: string, what: string) => z.object({ type: z.literal(type).describe(what) }).describe(`${type}: ${what}`);

const RULE_TYPE_DESCRIPTION = 'The rule type, adjacently tagged: `{ type = "MaxCalls", value = 3 }`.';

const RuleType = z
  .discriminatedUnion('type', [
    unit('ContinueLoop', 'the call does not end the loop: the agent continues without a heartbeat'),
    unit('ExitLoop', 'the loop ends after the tool ran successfully'),
    unit('RequiresPrecedingTools', 'the tool may run only after every tool in `conditions` ran'),
    unit('RequiresFollowingTools', 'the tools in `conditions` may run only after this tool'),
    z.object({ type: z.literal('ExclusiveGroups'), value: z.array(z.array(z.string())).describe('groups of tools of which only one may run') }).describe('ExclusiveGroups: at most one tool of each group runs'),
    unit('StartConstraint', 'the tool runs first (automatically, or as a gate)'),
    unit('RequiredBeforeExit', 'the tool must run before the loop may end'),
    unit('RequiredBeforeExitIf', 'the tool must run before exit once any tool in `conditions` ran'),
    z.object({ type: z.literal('MaxCalls'), value: z.number().int().min(0).max(4294967295).describe('most calls in the scope') }).describe('MaxCalls: a limit on calls'),
    z.object({ type: z.literal('Cooldown'), value: seconds.describe('seconds between calls') }).describe('Cooldown: least time between calls'),
    z.object({ type: z.literal('Periodic'), value: seconds.describe('period in seconds') }).describe('Periodic: the tool falls due every period'),
    z
      .object({ type: z.literal('RequiresConsent'), value: z.object({ scope: z.string().optional().describe('what the consent is asked for') }) })
      .describe('RequiresConsent: the user must approve the call'),
    z
      .object({ type: z.literal('AllowedOperations'), value: z.array(z.string()).min(1).describe("the operations allowed (the tool's operation field)") })
      .describe('AllowedOperations: only these operations of a multi-operation tool'),
    unit('Needed', 'documents that the tool is needed (no effect on calls)'),
  ])
  .describe(RULE_TYPE_DESCRIPTION);

const ToolRule = z
  .looseObject({
    tool_name: z.string().describe('The tool the rule is about; "*" for every tool.'),
    rule_type: RuleType,
    conditions: z.array(z.string()).optional().describe('Tool names; their meaning depends on the rule type.'),
    priority: z.number().int().min(0).max(255).optional().describe('0–255, higher is checked first (default 5).'),
    metadata: z.unknown().optional().describe('Free data, kept and never read by the engine.'),
  })
  .describe('One tool rule.');

const ToolSpec = z
  .looseObject({
    operations: z.array(z.string()).optional().describe('Operations of a multi-operation tool.'),
    operation_field: z.string().optional().describe('Argument field naming the operation (default `operation`).'),
    schema: z.unknown().optional().describe("JSON Schema of the tool's arguments."),
  })
  .describe('Details of a declared tool.');

const agentFields = {
  name: z.string().describe('The agent name.'),
  tools: z.array(z.string()).optional().describe('The tools the agent declares.'),
  tool_rules: z.array(ToolRule).optional().describe('The rules, in order.'),
  tool_specs: z.record(z.string(), ToolSpec).optional().describe('Operations and argument schemas of declared tools.'),
};

const AgentConfig = z.looseObject(agentFields).describe('One agent.');

/** Either form: `agents = [...]` (main config) or one agent's fields at the top level (agent file). */
export const AgentFile = z
  .looseObject({
    agents: z.array(AgentConfig).optional().describe("Pattern's main config: the agents with their tool rules."),
    name: agentFields.name.optional(),
    tools: agentFields.tools,
    tool_rules: agentFields.tool_rules,
    tool_specs: agentFields.tool_specs,
  })
  .describe("Pattern agent tool rules (TOML): the main config's [[agents]] or one agent file.");

/** `RequiresPrecedingTools` → `requires_preceding_tools` (the spelling the reader also takes, F010). */
const snake = (name: string) => name.replace(/[A-Z]/g, (c, i: number) => (i > 0 ? '_' : '') + c.toLowerCase());

/** The JSON Schema (draft-07) of the agent file, derived from {@link AgentFile}. */
export function agentFileJsonSchema(): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(AgentFile, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // Both spellings the reader takes: PascalCase, as export writes, and snake_case (`max_calls`, F010 info).
  const ruleType = discriminatedJsonSchema(RuleType, 'The rule type: PascalCase (as export writes it) or snake_case.', (n) => [n, snake(n)]);
  return replaceUnion(rest, RULE_TYPE_DESCRIPTION, ruleType) as JsonSchema;
}
