/** Building tool rules by hand in tests and benchmarks. */
import type { ToolRule } from '../../src/core/model/toolRules.ts';

/** A tool rule with the defaults of the model (no conditions, priority 5). */
export const rule = (tool_name: string, rule_type: ToolRule['rule_type'], conditions: string[] = [], priority = 5): ToolRule => ({
  tool_name,
  rule_type,
  conditions,
  priority,
});
