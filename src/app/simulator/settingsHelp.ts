/**
 * What each replay setting does, in a sentence, with its default: the help text under each label
 * of the Setup tab's settings form (`docs/reference/rules.md` § Settings says the same).
 */
import { RUN_STEP_BUDGET } from '../../worker/budget.ts';
import { defaultForm, type SettingsForm } from './settingsForm.ts';

type Helped = Exclude<keyof SettingsForm, 'approveForSeconds'> | 'approveForSeconds';

const SAYS: Record<Helped, string> = {
  profile: 'Whose behaviour to replay: the spec, or a runtime with its documented differences.',
  requirePermissions: 'Tools marked as needing approval ask for consent before they run.',
  orderingScope: 'Where “already called” is remembered for ordering rules and the start gate: each batch, or the whole process.',
  startConstraints: 'auto: the engine calls the start tools itself. gate: other tools wait until the start tools are called.',
  exitRequirements: 'auto: the engine calls the tools required before exit itself. block: the exit waits until they are called.',
  evaluateOn: 'Workflows: check the rules at the next transition, or after every event.',
  consentDefault: 'The answer to a consent prompt when the trace records none.',
  approveForSeconds: 'How long a standing grant lasts.',
  dedupeWindowMs: 'An identical call within this window is merged, not run again; 0 turns it off.',
  executionTimeoutMs: 'A call that runs longer fails as timed out.',
  maxSteps: `Stop the run after this many steps. Empty: up to ${RUN_STEP_BUDGET.toLocaleString('en-US')}.`,
  errorOnEmpty: 'Refuse the call when the rules leave no tool; otherwise Letta offers every tool.',
  lettaLoop: 'v3 counts each call twice toward max_count_per_step; v2 counts it once.',
  claudeMode: 'The mode the session ran in (--permission-mode): what a call no rule decides gets, e.g. dontAsk denies what would prompt.',
  claudeCwd: 'The folder Claude Code ran in: relative Read(…) and Edit(…) rules and the working directories are judged from it.',
  claudeHome: 'The home directory that ~/ in a rule means.',
};

const UNITS: Partial<Record<Helped, string>> = { dedupeWindowMs: ' ms', executionTimeoutMs: ' ms', approveForSeconds: ' s' };

const shown = (v: string | boolean): string => (typeof v === 'boolean' ? (v ? 'on' : 'off') : v);

/** The help text of a setting, ending with its default (`Default: batch.`) where it has one to show. */
export function settingHelp(name: Helped): string {
  const d = defaultForm()[name];
  if (name === 'profile') return `${SAYS[name]} Default: the rule file's own (letta for a Letta agent), else spec.`;
  if (name === 'claudeMode') return `${SAYS[name]} Default: the settings' defaultMode, else default.`;
  if (name === 'claudeCwd') return `${SAYS[name]} Default: the folder holding the project settings' .claude/, else /.`;
  if (name === 'claudeHome') return `${SAYS[name]} Default: /home/user.`;
  return name === 'maxSteps' ? SAYS[name] : `${SAYS[name]} Default: ${shown(d)}${UNITS[name] ?? ''}.`;
}
