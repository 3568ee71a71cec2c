/**
 * Minimising in the worker: the run's own trace items and replay config (kept in its session), the
 * core minimiser driven slice by slice so progress streams to the page and a cancel is seen
 * between two slices (a slice is a few tests, ≈ 50 ms). A cancel returns the shortest trace found
 * so far. Free of worker globals, so Vitest drives it as the page does.
 */
import type { TraceEvent } from '../core/traces/events.ts';
import { groupThousands } from '../core/engine/workflow/texts.ts';
import { scriptedTraceText } from '../core/traces/toScripted.ts';
import { minimiseTrace, type MinimiseOutcome } from '../core/verify/minimise.ts';
import { minimiseNote, minimiseSummary } from '../core/verify/minimiseNote.ts';
import { minimisedClaimOf } from './minimiseClaim.ts';
import { propertyCheck } from '../core/verify/minimiseProperty.ts';
import { createReplay } from '../core/engine/replay.ts';
import { describeTarget, targetOf } from '../core/verify/minimiseTarget.ts';
import { MinimiseRequest, type MinimiseProgress, type MinimiseReply } from './protocol.ts';
import type { RunSession } from './sessions.ts';

/** Work between two progress messages (and chances to see a cancel). */
const SLICE_MS = 50;

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Minimises the trace of the run the request names (`sessionOf` finds it) towards one of its decisions. `isCancelled` is polled
 * between slices; `now` is the clock used for slices and the note's time.
 */
export async function minimiseRun(
  sessionOf: (runId: string) => RunSession | undefined,
  raw: MinimiseRequest,
  onProgress: (p: MinimiseProgress) => void | Promise<void>,
  isCancelled: () => boolean,
  now: () => number = () => performance.now(),
): Promise<MinimiseReply> {
  const parsed = MinimiseRequest.safeParse(raw);
  if (!parsed.success) return { status: 'invalid', message: `Malformed minimise request: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  const req = parsed.data;
  const session = sessionOf(req.runId);
  if (!session) return { status: 'invalid', message: 'That run is no longer kept: run the trace again, then minimise.' };
  const decision = session.decisions[req.seq];
  if (!decision) return { status: 'invalid', message: `The run has no decision #${req.seq}.` };
  const target = targetOf(decision);
  if (!target) return { status: 'invalid', message: 'An unusable trace line is not something the rules decided: there is nothing to minimise towards.' };
  const itemStep = session.steps[req.seq] as number;
  const events: TraceEvent[] = [];
  for (let i = 0; i <= itemStep; i++) {
    const item = session.items[i];
    if (item?.kind === 'event') events.push(item.event);
  }

  let cancelled = false;
  const started = now();
  const settings = createReplay(session.config).settings;
  const property = req.finding === undefined ? undefined : propertyCheck(req.finding, session.config.agent, settings);
  let gen = minimiseTrace({ config: session.config, events, step: decision.event, target, shouldStop: () => cancelled, property });
  /** The finding the selected step cannot keep (it comes before the state the finding is about). */
  let lost: string | undefined;
  let outcome: MinimiseOutcome | undefined;
  let sliceStart = now();
  while (!outcome) {
    const next = gen.next();
    if (next.done) {
      if (!next.value.ok && next.value.lost === 'property' && property) {
        lost = property.code;
        gen = minimiseTrace({ config: session.config, events, step: decision.event, target, shouldStop: () => cancelled });
        continue;
      }
      outcome = next.value;
      break;
    }
    if (now() - sliceStart < SLICE_MS) continue;
    await onProgress({ ...next.value });
    await yieldToEvents();
    if (isCancelled()) cancelled = true;
    sliceStart = now();
  }
  const ms = now() - started;
  if (!outcome.ok) return { status: 'invalid', message: `Cannot minimise: ${outcome.problem}.` };
  const r = outcome.result;
  const words = describeTarget(target);
  const comment = [
    `Minimised from ${req.traceName} (step ${groupThousands(itemStep + 1)}): ${words}.`,
    `Kept events ${r.origin.map((e) => groupThousands(e)).join(', ')} of the original (numbered from 0).`,
  ].join('\n');
  return {
    status: r.complete ? 'done' : 'cancelled',
    scripted: scriptedTraceText(r.events, comment),
    note: minimiseNote(r, ms),
    summary: minimiseSummary(r, lost),
    ...(r.property !== undefined && session.config.agent ? { claim: minimisedClaimOf(r, session.config.agent, settings) } : {}),
    events: r.events.length,
    original: r.original,
    target: words,
    kind: target.kind,
  };
}
