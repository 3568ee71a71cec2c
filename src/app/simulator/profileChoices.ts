/** The profiles the simulator offers: `letta` only when the project has a Letta agent (or it is already chosen). */
import type { Profile } from '../../core/engine/settings.ts';

const BASE: readonly Profile[] = ['spec', 'hegel', 'pattern'];

export function profileChoices(hasLettaAgent: boolean, current: Profile): Profile[] {
  return hasLettaAgent || current === 'letta' ? [...BASE, 'letta'] : [...BASE];
}
