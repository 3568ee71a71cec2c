/**
 * The calls of a scripted trace that the dedupe window will merge (`tool-rules.md` §4 step 2): a
 * call with the same tool and arguments as one executed less than the window before it is not run
 * and not counted. Steps without `after:` happen at the same instant, so a second identical call
 * written under the first is merged. Said where the author writes (the trace editor's warnings),
 * with the two ways to keep the call: a longer `after:`, or different arguments. Static: an earlier
 * call the rules block is not executed, so whether the merge happens depends on the run; the
 * warning says "if it ran".
 */
import { dedupeKey } from '../engine/tools/dedupeKey.ts';
import type { OutlinedStep } from './scriptedOutline.ts';
import { scriptedDuration } from './toScripted.ts';

/** One step the window merges: where it is, which step it repeats, and what to write instead. */
export interface DedupeWarning {
  line: number;
  column: number;
  message: string;
}

/** `5 min`, `30 s`, `250 ms`: a window for people. */
function windowWords(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000}-minute`;
  if (ms % 1000 === 0) return `${ms / 1000}-second`;
  return `${ms} ms`;
}

/**
 * Which of `count` identical calls `every` ms apart from `time` the window merges, given the time
 * the last identical call ran (undefined: none did): how many are merged, whether the first is,
 * and when the last that ran ran (undefined: none ran). Jumps over each merged run of repeats, so
 * it costs one iteration per call that runs, not per repeat.
 */
function mergedCalls(time: number, count: number, every: number, windowMs: number, ran: number | undefined): { merged: number; first: boolean; last: number | undefined } {
  let merged = 0;
  let first = false;
  let last = ran;
  let i = 0;
  while (i < count) {
    const t = time + i * every;
    if (last === undefined || t - last >= windowMs) {
      last = t;
      i++;
      continue;
    }
    if (i === 0) first = true;
    // every repeat before the first one a whole window after the last call that ran is merged
    const next = every > 0 ? Math.min(count, Math.max(i + 1, Math.ceil((last + windowMs - time) / every))) : count;
    merged += next - i;
    i = next;
  }
  return { merged, first, last: last === ran ? undefined : last };
}

/**
 * The steps of `steps` (in time order, as a scripted trace's are) whose call, or whose repeats,
 * the dedupe window of `windowMs` (0: off) merges into an identical earlier call, assuming every
 * call not merged ran (a call the rules block is not counted by the window).
 */
export function scriptedDedupeWarnings(steps: readonly OutlinedStep[], windowMs: number): DedupeWarning[] {
  if (windowMs <= 0) return [];
  const window = windowWords(windowMs);
  /** Per dedupe key, the last call that ran (assumed run unless merged) and its step. */
  const recorded = new Map<string, { time: number; step: OutlinedStep }>();
  /** Per dedupe key, the last step that called it (merged or not) and when its last call came. */
  const nearest = new Map<string, { time: number; step: OutlinedStep }>();
  const out: DedupeWarning[] = [];
  for (const s of steps) {
    const e = s.event;
    if (e.type !== 'tool_call') continue;
    const key = dedupeKey(e.tool, e.args);
    const before = recorded.get(key);
    const above = nearest.get(key);
    const { merged, first, last } = mergedCalls(e.time, s.count, s.every, windowMs, before?.time);
    if (last !== undefined) recorded.set(key, { time: last, step: s });
    nearest.set(key, { time: e.time + s.every * (s.count - 1), step: s });
    if (first && above) {
      // named by the nearest identical step above: whichever of them ran, this call is within the
      // window of it (or of one before it), and moving it a window past the nearest keeps it
      const gap = e.time - above.time;
      const when = gap === 0 ? 'at the same instant (a step without `after:` happens when the one before it does)' : `${scriptedDuration(gap)} after it`;
      const fix = s.after === 0 ? `add \`after: ${scriptedDuration(windowMs - gap)}\`` : `make it \`after: ${scriptedDuration(s.after + windowMs - gap)}\``;
      out.push({
        line: s.line,
        column: s.column,
        message:
          `merged as a duplicate: the same tool and args as step ${above.step.number} (line ${above.step.line}) ${when}, inside the ${window} dedupe window, so if that call ran this one is not run and not counted. ` +
          `To replay it as a call of its own, ${fix} or longer, or give it different args.`,
      });
    } else if (merged > 0) {
      out.push({
        line: s.line,
        column: s.column,
        message:
          `${merged === 1 ? '1 repeat' : `${merged} repeats`} merged as duplicates: they come every ${scriptedDuration(s.every)}, inside the ${window} dedupe window, so ${merged === 1 ? 'it is' : 'they are'} not run and not counted. ` +
          `To replay each one, set \`every: ${scriptedDuration(windowMs)}\` or longer, or write the calls as steps with different args.`,
      });
    }
  }
  return out;
}
