import type { ReplaySettingsInput } from '../../core/engine/settings.ts';
import { oneOf, UsageError, type ParsedArgs } from '../args.ts';

/** The value options of `simulate` (`traces.md` §5). */
export const SIMULATE_VALUE_OPTIONS = [
  'profile',
  'require-permissions',
  'ordering-scope',
  'start',
  'exit',
  'evaluate-on',
  'dedupe-window',
  'consent-default',
  'timeout',
  'agent',
] as const;

function wholeMs(args: ParsedArgs, name: string): number | undefined {
  const v = args.options.get(name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} takes a whole number of milliseconds (got '${v}')`);
  return Number(v);
}

/** Maps `simulate` flags to replay settings; anything not given keeps its documented default. */
export function settingsFromArgs(args: ParsedArgs): ReplaySettingsInput {
  const s: ReplaySettingsInput = {};
  const profile = oneOf(args, 'profile', ['spec', 'hegel'] as const);
  if (profile) s.profile = profile;
  const perms = oneOf(args, 'require-permissions', ['true', 'false'] as const);
  if (perms) s.requirePermissions = perms === 'true';
  const scope = oneOf(args, 'ordering-scope', ['batch', 'process'] as const);
  if (scope) s.orderingScope = scope;
  const start = oneOf(args, 'start', ['auto', 'gate'] as const);
  if (start) s.startConstraints = start;
  const exit = oneOf(args, 'exit', ['auto', 'block'] as const);
  if (exit) s.exitRequirements = exit;
  const evaluateOn = oneOf(args, 'evaluate-on', ['next', 'every_event'] as const);
  if (evaluateOn) s.evaluateOn = evaluateOn;
  const dedupe = wholeMs(args, 'dedupe-window');
  if (dedupe !== undefined) s.dedupeWindowMs = dedupe;
  const timeout = wholeMs(args, 'timeout');
  if (timeout !== undefined) s.executionTimeoutMs = timeout;
  const consent = args.options.get('consent-default');
  if (consent !== undefined) s.consentDefault = parseConsentDefault(consent);
  const agent = args.options.get('agent');
  if (agent !== undefined) s.agent = agent;
  return s;
}

function parseConsentDefault(v: string): NonNullable<ReplaySettingsInput['consentDefault']> {
  if (v === 'approve_once' || v === 'approve_scope' || v === 'deny' || v === 'timeout') return v;
  const m = /^approve_for:(\d+(?:\.\d+)?)$/.exec(v);
  if (m) return { approve_for: Number(m[1]) };
  throw new UsageError(
    `--consent-default must be approve_once, approve_scope, deny, timeout or approve_for:N (got '${v}')`,
  );
}
