import type { ValueOption } from '../registry.ts';

/** `--profile`, shared by check and simulate (`traces.md` §5). */
export const PROFILE_OPTION: ValueOption = {
  kind: 'value',
  name: 'profile',
  choices: ['spec', 'hegel', 'pattern', 'letta'],
  default: 'spec',
  description:
    "whose semantics: the spec's; hegel-cli's for workflow rules; Pattern's released ToolRuleEngine for tool rules (docs/pattern-profile.md); or Letta's ToolRulesSolver for Letta agents (docs/letta-profile.md)",
  example: '--profile hegel',
};
