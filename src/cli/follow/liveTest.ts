/**
 * "Save as test" of the live view: the followed session so far, shrunk by the minimiser to the
 * fewest events that still give the chosen decision, as a rule-set test file pinning that decision.
 * Done where the session file is (the server), so the page need not hold the session's events.
 */
import { createReplay, type ReplayConfig } from '../../core/engine/replay.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import { resolveSettings } from '../../core/engine/settings.ts';
import { pinDecision } from '../../core/tests/pin.ts';
import { newTestFileText } from '../../core/tests/write.ts';
import type { TraceEvent } from '../../core/traces/events.ts';
import { readTrace } from '../../core/traces/index.ts';
import { scriptedTraceOf } from '../../core/traces/toScripted.ts';
import { minimise } from '../../core/verify/minimise.ts';
import { describeTarget, targetOf } from '../../core/verify/minimiseTarget.ts';

/** Candidates the minimiser may test for one "Save as test" (the follow's event loop waits meanwhile). */
export const LIVE_MINIMISE_TESTS = 20_000;

export type LiveTest = { ok: true; testName: string; base: string; text: string; kept: number; original: number } | { ok: false; message: string };

/** The settings that differ from the defaults (what a test must say to replay like the session). */
function changed(config: ReplayConfig): Record<string, unknown> {
  const given = resolveSettings(config.settings);
  const defaults = resolveSettings({}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) if (v !== undefined && JSON.stringify(v) !== JSON.stringify(defaults[k])) out[k] = v;
  return out;
}

/** The test for decision `seq` of the session whose text so far is `text`. */
export function liveTest(sessionName: string, text: string, config: ReplayConfig, ruleNames: readonly string[], seq: number): LiveTest {
  const replay = createReplay(config);
  const events: TraceEvent[] = [];
  let found: Decision | undefined;
  for (const item of readTrace(sessionName, text).items) {
    if (item.kind === 'event') events.push(item.event);
    found = replay.push(item).find((d) => d.seq === seq);
    if (found) break;
  }
  if (!found) return { ok: false, message: `decision ${seq + 1} is not in the session as it stands now (it may have started over)` };
  const target = targetOf(found);
  if (!target) return { ok: false, message: 'an unusable line of the log is not a decision of the rules: pick another decision' };
  const out = minimise({ config, events, step: events.length - 1, target, maxTests: LIVE_MINIMISE_TESTS });
  if (!out.ok) return { ok: false, message: out.problem };
  const { result } = out;
  const base = sessionName.replace(/^.*[/\\]/, '').replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'session';
  const testName = `${sessionName.replace(/^.*[/\\]/, '')}: ${describeTarget(target)} (live, minimised)`;
  const settings = changed(config);
  return {
    ok: true,
    testName,
    base: `${base}-live`,
    text: newTestFileText({
      name: testName,
      rules: ruleNames,
      trace: scriptedTraceOf(result.events),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
      expect: [pinDecision(result.decision, result.events.length - 1)],
    }),
    kept: result.events.length,
    original: result.original,
  };
}
