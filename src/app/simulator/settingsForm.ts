/**
 * The replay settings form (`traces.md` §5) as plain values, to and from {@link ReplaySettings}.
 * Numbers are kept as the text typed so a half-typed value is never lost; reading the form
 * checks them and says which field is wrong.
 */
import { resolveSettings, type ChosenSettings, type Profile, type ReplaySettings } from '../../core/engine/settings.ts';
import { RUN_STEP_BUDGET } from '../../worker/budget.ts';

export type ConsentChoice = 'approve_once' | 'approve_scope' | 'deny' | 'timeout' | 'approve_for';

/** Claude Code's permission mode, or `file`: the settings' own `defaultMode`. */
export type ClaudeModeChoice = NonNullable<ReplaySettings['permissionMode']> | 'file';

/** `file`: no profile chosen, the rule file's own decides (Claude Code settings: claude; a Letta agent: letta; else spec). */
export type ProfileChoice = Profile | 'file';

export interface SettingsForm {
  profile: ProfileChoice;
  requirePermissions: boolean;
  orderingScope: ReplaySettings['orderingScope'];
  startConstraints: ReplaySettings['startConstraints'];
  exitRequirements: ReplaySettings['exitRequirements'];
  evaluateOn: ReplaySettings['evaluateOn'];
  dedupeWindowMs: string;
  consentDefault: ConsentChoice;
  /** Seconds for `approve_for`. */
  approveForSeconds: string;
  executionTimeoutMs: string;
  /** Profile `letta`: refuse the call when the rules leave no tool (else every tool is offered). */
  errorOnEmpty: boolean;
  /** Profile `letta`: which agent loop (v3 registers each call twice). */
  lettaLoop: ReplaySettings['lettaLoop'];
  /** Stop a run after this many steps; empty: only the worker's own budget ({@link RUN_STEP_BUDGET}). */
  maxSteps: string;
  /** Claude Code: the permission mode the session ran in. */
  claudeMode: ClaudeModeChoice;
  /** Claude Code: the session's working directory; empty: the project's folder. */
  claudeCwd: string;
  /** Claude Code: the home directory `~/` means; empty: `/home/user`. */
  claudeHome: string;
}

let defaults: { settings: ChosenSettings; form: SettingsForm } | undefined;
/** Every setting at its documented default, and the form showing them (read on first use: reading them builds the settings schema). */
function defaultsOnce(): { settings: ChosenSettings; form: SettingsForm } {
  if (!defaults) {
    const { profile: _profile, ...settings } = resolveSettings({});
    defaults = { settings, form: settingsToForm(settings) };
  }
  return defaults;
}

/** Every setting at its documented default; no profile, so the rule file's own decides. */
export const defaultSettings = (): ChosenSettings => defaultsOnce().settings;

/** The form showing `s`. */
export function settingsToForm(s: ChosenSettings = defaultSettings()): SettingsForm {
  const consent = s.consentDefault;
  return {
    profile: s.profile ?? 'file',
    requirePermissions: s.requirePermissions,
    orderingScope: s.orderingScope,
    startConstraints: s.startConstraints,
    exitRequirements: s.exitRequirements,
    evaluateOn: s.evaluateOn,
    dedupeWindowMs: String(s.dedupeWindowMs),
    consentDefault: typeof consent === 'string' ? consent : 'approve_for',
    approveForSeconds: typeof consent === 'string' ? '60' : String(consent.approve_for),
    executionTimeoutMs: String(s.executionTimeoutMs),
    errorOnEmpty: s.errorOnEmpty,
    lettaLoop: s.lettaLoop,
    maxSteps: '',
    claudeMode: s.permissionMode ?? 'file',
    claudeCwd: s.cwd ?? '',
    claudeHome: s.home ?? '',
  };
}

/** The form at every default. */
export const defaultForm = (): SettingsForm => defaultsOnce().form;

export type FormReading = { ok: true; settings: ChosenSettings; maxSteps?: number } | { ok: false; errors: Partial<Record<keyof SettingsForm, string>> };

const wholeMs = (text: string): number | undefined => (/^\s*\d+\s*$/.test(text) ? Number(text) : undefined);

/** Reads the form; numbers must be whole and not negative (seconds for approve_for may have decimals). */
export function formToSettings(f: SettingsForm): FormReading {
  const errors: Partial<Record<keyof SettingsForm, string>> = {};
  const dedupe = wholeMs(f.dedupeWindowMs);
  if (dedupe === undefined) errors.dedupeWindowMs = 'Dedupe window: a whole number of milliseconds (0 or more).';
  const timeout = wholeMs(f.executionTimeoutMs);
  if (timeout === undefined) errors.executionTimeoutMs = 'Execution timeout: a whole number of milliseconds (0 or more).';
  let consentDefault: ReplaySettings['consentDefault'] = f.consentDefault === 'approve_for' ? { approve_for: 0 } : f.consentDefault;
  if (f.consentDefault === 'approve_for') {
    const n = Number(f.approveForSeconds);
    if (f.approveForSeconds.trim() === '' || !Number.isFinite(n) || n < 0) errors.approveForSeconds = 'Approve for: a number of seconds (0 or more).';
    else consentDefault = { approve_for: n };
  }
  const maxSteps = f.maxSteps.trim() === '' ? undefined : wholeMs(f.maxSteps);
  if (f.maxSteps.trim() !== '' && (maxSteps === undefined || maxSteps < 1 || maxSteps > RUN_STEP_BUDGET))
    errors.maxSteps = `Stop after: a whole number of steps from 1 to ${RUN_STEP_BUDGET.toLocaleString('en-US')}, or empty for no limit of yours.`;
  const cwd = f.claudeCwd.trim();
  if (cwd !== '' && !cwd.startsWith('/')) errors.claudeCwd = 'Working directory: an absolute path (starting with /), or empty for the project’s folder.';
  const home = f.claudeHome.trim();
  if (home !== '' && !home.startsWith('/')) errors.claudeHome = 'Home: an absolute path (starting with /), or empty for /home/user.';
  if (Object.keys(errors).length > 0 || dedupe === undefined || timeout === undefined) return { ok: false, errors };
  return {
    ok: true,
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    settings: {
      ...(f.profile !== 'file' ? { profile: f.profile } : {}),
      orderingScope: f.orderingScope,
      startConstraints: f.startConstraints,
      exitRequirements: f.exitRequirements,
      evaluateOn: f.evaluateOn,
      dedupeWindowMs: dedupe,
      consentDefault,
      executionTimeoutMs: timeout,
      requirePermissions: f.requirePermissions,
      errorOnEmpty: f.errorOnEmpty,
      lettaLoop: f.lettaLoop,
      ...(f.claudeMode !== 'file' ? { permissionMode: f.claudeMode } : {}),
      ...(cwd !== '' ? { cwd } : {}),
      ...(home !== '' ? { home } : {}),
    },
  };
}

/**
 * A field's problem as its row shows it, under the field (whose label is already beside it): what
 * was typed and what is allowed, e.g. `“5m” is not allowed: a whole number of milliseconds (0 or
 * more).` `message` is the field's entry in {@link FormReading}'s errors (`Label: what is allowed`).
 */
export function fieldProblem(typed: string, message: string): string {
  const allowed = message.slice(message.indexOf(': ') + 2);
  const t = typed.trim();
  return t === '' ? `Empty: ${allowed}` : `“${t.length > 24 ? `${t.slice(0, 24)}…` : t}” is not allowed: ${allowed}`;
}

/** The settings that differ from their defaults, as `name = value` lines (what a what-if changed). */
export function changedSettings(s: ChosenSettings, base: ChosenSettings = defaultSettings()): string[] {
  const out: string[] = [];
  // The optional settings have no default to list: they are named first.
  for (const key of ['profile', 'permissionMode', 'cwd', 'home', ...Object.keys(defaultSettings())] as (keyof ChosenSettings)[]) {
    const a = JSON.stringify(s[key]);
    if (a !== JSON.stringify(base[key])) out.push(`${key} = ${a}`);
  }
  return out;
}
