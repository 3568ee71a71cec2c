/**
 * The profiles the simulator's Setup offers for the agent a run replays. No choice (`file`) is the
 * file's own profile (`profileFor`): Claude Code settings are offered nothing else, since Claude Code's
 * rules are decided as Claude Code decides them under every profile; a Letta agent is offered the
 * others beside its own; other files `spec` (the default), `hegel` and `pattern`, and `letta` when the
 * project has a Letta agent (or it is already chosen).
 */
import { familyProfile, type Profile } from '../../core/engine/settings.ts';
import type { ProfileChoice } from './settingsForm.ts';

export interface ProfileOption {
  value: ProfileChoice;
  label: string;
}

const OWN_LABEL: Record<'claude' | 'letta', string> = { claude: "Claude Code (the file's own)", letta: "letta (the file's own)" };

/** `family`: the family of the agent the run replays (none for a workflow alone or a Pattern agent). */
export function profileChoices(family: string | undefined, hasLettaAgent: boolean, current: ProfileChoice): ProfileOption[] {
  const own = familyProfile(family);
  if (own === 'claude') return [{ value: 'file', label: OWN_LABEL.claude }];
  const others: Profile[] = own === 'letta' ? ['spec', 'hegel', 'pattern'] : ['hegel', 'pattern'];
  if (own !== 'letta' && (hasLettaAgent || current === 'letta')) others.push('letta');
  if (current !== 'file' && !others.includes(current)) others.unshift(current);
  return [{ value: 'file', label: own === 'letta' ? OWN_LABEL.letta : 'spec' }, ...others.map((p) => ({ value: p, label: p }))];
}

