import type { Profile, ReplaySettingsInput } from '../../core/engine/settings.ts';
import { wholeNumberProblem } from '../args.ts';
import type { OptionDef, ParsedArgs } from '../registry.ts';
import { PROFILE_OPTION } from './sharedOptions.ts';

/** Longest accepted duration option: what a 32-bit timer holds (≈ 24.8 days), far past any real window. */
const MAX_MS = 2 ** 31 - 1;
/** Longest `approve_for:N` grant, in seconds (≈ 24.8 days). */
const MAX_GRANT_S = MAX_MS / 1000;

const CONSENT_WORDS = ['approve_once', 'approve_scope', 'deny', 'timeout'] as const;

function consentProblem(raw: string): string | undefined {
  if ((CONSENT_WORDS as readonly string[]).includes(raw)) return undefined;
  const m = /^approve_for:(\d{1,12}(?:\.\d{1,6})?)$/.exec(raw);
  if (!m) return 'must be approve_once, approve_scope, deny, timeout or approve_for:N (N seconds)';
  if (Number(m[1]) > MAX_GRANT_S) return `approve_for takes at most ${Math.floor(MAX_GRANT_S)} seconds`;
  return undefined;
}

/** The replay options of `simulate` (`traces.md` §5), defaults as `src/core/engine/settings.ts` fills them. */
export const SIMULATE_SETTING_OPTIONS: readonly OptionDef[] = [
  PROFILE_OPTION,
  {
    kind: 'value',
    name: 'require-permissions',
    choices: ['true', 'false'],
    default: 'true',
    description: 'check RequiresConsent rules (false: consent is never asked)',
    example: '--require-permissions false',
  },
  {
    kind: 'value',
    name: 'ordering-scope',
    choices: ['batch', 'process'],
    default: 'batch',
    description: 'what RequiresPrecedingTools/Following count: calls of the current batch, or of the whole process',
    example: '--ordering-scope process',
  },
  {
    kind: 'value',
    name: 'start',
    choices: ['auto', 'gate'],
    default: 'auto',
    description: 'StartConstraint tools: run automatically at the start, or block other calls until called',
    example: '--start gate',
  },
  {
    kind: 'value',
    name: 'exit',
    choices: ['auto', 'block'],
    default: 'auto',
    description: 'RequiredBeforeExit tools: run automatically at exit, or block the exit until called',
    example: '--exit block',
  },
  {
    kind: 'value',
    name: 'evaluate-on',
    choices: ['next', 'every_event'],
    default: 'next',
    description: 'when workflow rules are judged: on each `next` transition, or on every event',
    example: '--evaluate-on every_event',
  },
  {
    kind: 'value',
    name: 'dedupe-window',
    placeholder: '<ms>',
    default: '300000 (5 minutes)',
    check: (raw) => wholeNumberProblem(raw, 'milliseconds', MAX_MS),
    description: 'identical calls within this window are deduplicated (0: off)',
    example: '--dedupe-window 60000',
  },
  {
    kind: 'value',
    name: 'consent-default',
    placeholder: '<answer>',
    default: 'approve_once',
    check: consentProblem,
    description: 'answer for consent requests the trace does not record: approve_once, approve_scope, deny, timeout, approve_for:N',
    example: '--consent-default approve_for:30',
  },
  {
    kind: 'value',
    name: 'timeout',
    placeholder: '<ms>',
    default: '120000 (2 minutes)',
    check: (raw) => wholeNumberProblem(raw, 'milliseconds', MAX_MS),
    description: 'execution timeout: a call whose consent answer comes later than this times out',
    example: '--timeout 1500',
  },
  {
    kind: 'value',
    name: 'error-on-empty',
    choices: ['true', 'false'],
    default: 'false',
    description: "profile letta: when the rules leave no tool, refuse the call (true, Letta's error_on_empty) or offer every tool (false, Letta's v2 and v3 agent loops)",
    example: '--profile letta --error-on-empty true',
  },
  {
    kind: 'value',
    name: 'letta-loop',
    choices: ['v3', 'v2'],
    default: 'v3',
    description:
      "profile letta: which Letta agent loop. v3 (letta_agent_v3, Letta 0.16's loop) registers each executed call twice, so max_count_per_step N removes its tool after ⌈N/2⌉ calls; v2 registers once",
    example: '--profile letta --letta-loop v2',
  },
  {
    kind: 'value',
    name: 'cwd',
    placeholder: '<dir>',
    default: "the project root of the first project settings file (the folder holding its .claude/), else /",
    check: (raw) => (raw.startsWith('/') ? undefined : 'an absolute path (starting with /)'),
    description: 'profile claude: the working directory the session ran in (relative Read/Edit rules and the working directories are judged from it)',
    example: '--cwd /home/me/project',
  },
  {
    kind: 'value',
    name: 'home',
    placeholder: '<dir>',
    default: '/home/user',
    check: (raw) => (raw.startsWith('/') ? undefined : 'an absolute path (starting with /)'),
    description: 'profile claude: the home directory ~/ rules mean',
    example: '--home /home/me',
  },
  {
    kind: 'value',
    name: 'permission-mode',
    choices: ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'],
    default: "the settings' defaultMode, else default",
    description: "profile claude: the permission mode the session ran in (Claude Code's --permission-mode)",
    example: '--permission-mode acceptEdits',
  },
  {
    kind: 'value',
    name: 'agent',
    placeholder: '<name>',
    default: 'the first agent in the files',
    description: 'which agent to run when the rule files hold several',
    example: '--agent etl-pipeline',
  },
];

/** Maps `simulate` options (already checked by the parser) to replay settings; absent ones keep their defaults. */
export function settingsFromArgs(args: ParsedArgs): ReplaySettingsInput {
  const s: ReplaySettingsInput = {};
  const v = (name: string) => args.value(name);
  const profile = v('profile');
  if (profile) s.profile = profile as Profile;
  const perms = v('require-permissions');
  if (perms) s.requirePermissions = perms === 'true';
  const scope = v('ordering-scope');
  if (scope) s.orderingScope = scope as 'batch' | 'process';
  const start = v('start');
  if (start) s.startConstraints = start as 'auto' | 'gate';
  const exit = v('exit');
  if (exit) s.exitRequirements = exit as 'auto' | 'block';
  const evaluateOn = v('evaluate-on');
  if (evaluateOn) s.evaluateOn = evaluateOn as 'next' | 'every_event';
  const onEmpty = v('error-on-empty');
  if (onEmpty) s.errorOnEmpty = onEmpty === 'true';
  const loop = v('letta-loop');
  if (loop) s.lettaLoop = loop as 'v3' | 'v2';
  const cwd = v('cwd');
  if (cwd) s.cwd = cwd;
  const home = v('home');
  if (home) s.home = home;
  const mode = v('permission-mode');
  if (mode) s.permissionMode = mode as NonNullable<ReplaySettingsInput['permissionMode']>;
  const dedupe = v('dedupe-window');
  if (dedupe !== undefined) s.dedupeWindowMs = Number(dedupe);
  const timeout = v('timeout');
  if (timeout !== undefined) s.executionTimeoutMs = Number(timeout);
  const consent = v('consent-default');
  if (consent !== undefined)
    s.consentDefault = consent.startsWith('approve_for:')
      ? { approve_for: Number(consent.slice('approve_for:'.length)) }
      : (consent as (typeof CONSENT_WORDS)[number]);
  const agent = v('agent');
  if (agent !== undefined) s.agent = agent;
  return s;
}
