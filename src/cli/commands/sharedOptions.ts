import { LETTA_FAMILY } from '../../core/model/lettaFamily.ts';
import type { FlagOption, ListOption, ValueOption } from '../registry.ts';

/** `--profile`, shared by check and simulate (`traces.md` §5). */
export const PROFILE_OPTION: ValueOption = {
  kind: 'value',
  name: 'profile',
  choices: ['spec', 'hegel', 'pattern', 'letta', 'claude'],
  default: 'spec',
  description:
    `whose semantics: the spec's; hegel-cli's for workflow rules; Pattern's released ToolRuleEngine for tool rules (docs/pattern-profile.md); for Letta agents, the ToolRulesSolver and agent loop of ${LETTA_FAMILY} (docs/letta-profile.md); or Claude Code's permission rules (docs/claude-permissions.md; chosen by itself for Claude Code settings files; Letta Code has no tool rules: it uses Claude Code-style permissions, read the same way)`,
  example: '--profile hegel',
};

/** `--trace <files…>`, shared by simulate and minimise. */
export const TRACE_OPTION: ListOption = {
  kind: 'list',
  name: 'trace',
  placeholder: '<trace files…>',
  required: true,
  description: 'traces to replay (canonical .jsonl, scripted .yaml, or recorded logs), merged by time',
  example: '--trace session.jsonl hooks.jsonl',
};

/** `--port`, shared by serve and `follow --studio`. */
export const PORT_OPTION: ValueOption = {
  kind: 'value',
  name: 'port',
  placeholder: '<port>',
  default: 'a free port',
  description: 'the port to listen on (127.0.0.1 only)',
  example: '--port 7070',
  check: (raw) => (/^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535 ? undefined : 'takes a port number from 1 to 65535'),
};

/** `--no-open`, shared by serve and `follow --studio`. */
export const NO_OPEN_OPTION: FlagOption = { kind: 'flag', name: 'no-open', description: 'print the address, do not open a browser', example: '--no-open' };

/** `--resolve-host-executables`, shared by simulate and follow (Codex `.rules` files). */
export const RESOLVE_HOST_OPTION: FlagOption = {
  kind: 'flag',
  name: 'resolve-host-executables',
  description: 'Codex .rules files: let /abs/path/git fall back to the rules for git, as `codex execpolicy check --resolve-host-executables` does',
  example: '--resolve-host-executables',
};
