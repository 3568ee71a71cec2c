import type { ValueOption } from '../registry.ts';

/** `--profile`, shared by check and simulate (`traces.md` §5). */
export const PROFILE_OPTION: ValueOption = {
  kind: 'value',
  name: 'profile',
  choices: ['spec', 'hegel'],
  default: 'spec',
  description: "which reading of workflow rules: the spec's, or hegel-cli's (see docs/semantics.md)",
  example: '--profile hegel',
};
