/** The title of a minimised counterexample: the finding it still shows, and the state it ends in. */
import { createReplay } from '../core/engine/replay.ts';
import type { ReplaySettings } from '../core/engine/settings.ts';
import type { Agent } from '../core/model/toolRules.ts';
import type { MinimiseResult } from '../core/verify/minimise.ts';
import { minimisedClaim } from '../core/verify/minimiseProperty.ts';
import type { CounterexampleClaim } from '../core/verify/counterexampleClaim.ts';

/** Replays the minimised trace and states the claim it keeps (`result.property` must be set). */
export function minimisedClaimOf(result: MinimiseResult, agent: Agent, settings: ReplaySettings): CounterexampleClaim & { code: string } {
  const code = result.property as string;
  const replay = createReplay({ agent, settings });
  const called: string[] = [];
  for (const event of result.events) for (const d of replay.push({ kind: 'event', event })) if (d.kind === 'allowed' || d.kind === 'auto') called.push(d.tool);
  const time = result.events.at(-1)?.time ?? 0;
  const claim = minimisedClaim(code, agent, settings, replay.save().tools as NonNullable<ReturnType<typeof replay.save>['tools']>, time, called, result.target.pending ?? []);
  return { ...claim, code };
}
