/**
 * What one run in the worker may hold. Every trace item, decision and saved state of a run stays
 * in the worker (for step-through, explanations, diffs), so a long enough trace would grow the
 * worker's heap until the tab dies: a dedicated worker shares the page's renderer process, and a
 * worker's `performance.memory` is undefined in Chromium, so the heap cannot be read from inside.
 * The worker therefore keeps an estimate of what its runs hold (measured figures per item and per
 * decision, checkpoints by their own estimate) and a step budget, and a run past either stops
 * with a message instead of crashing. The figures below were measured in V8 (Node 20,
 * `process.memoryUsage().heapUsed` after GC): 550–680 bytes per replayed item with its decision,
 * checkpoints included.
 */

/** Steps (trace items) one run replays at most unless the request asks for fewer. */
export const RUN_STEP_BUDGET = 2_000_000;

/** Estimated bytes the worker's kept runs may hold together (the run being built included). */
export const RUN_MEMORY_BUDGET = 1024 * 1024 * 1024;

/** Estimated heap bytes of one kept trace item (the event object, its arguments, its step entry). */
export const ITEM_BYTES = 320;

/** Estimated heap bytes of one kept decision (the object, its message, its step index). */
export const DECISION_BYTES = 280;

/** The estimate of a run holding `items` items, `decisions` decisions and checkpoints of `checkpointBytes`. */
export const estimateRunBytes = (items: number, decisions: number, checkpointBytes: number): number =>
  items * ITEM_BYTES + decisions * DECISION_BYTES + checkpointBytes;

const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${fmt(Math.round(bytes / (1024 * 1024)))} MB`;

/** Why a run stopped early, said for the user (what happened, what is kept, what to do). */
export function stoppedMessage(reason: { kind: 'steps'; limit: number; requested: boolean } | { kind: 'memory'; bytes: number; budget: number }, steps: number): string {
  const kept = `The ${fmt(steps)} steps replayed so far can be stepped through.`;
  if (reason.kind === 'steps')
    return reason.requested
      ? `Stopped after ${fmt(steps)} steps: the run's step limit (Setup → Stop after) was reached. ${kept}`
      : `Stopped after ${fmt(steps)} steps: a run in the studio replays at most ${fmt(reason.limit)} steps. ${kept} Replay the whole trace with \`rule-studio simulate\`, or split it.`;
  return `Stopped after ${fmt(steps)} steps: the run would hold more than ${mb(reason.budget)} in the simulation worker (about ${mb(reason.bytes)} so far), past which the tab could crash. ${kept} Replay the whole trace with \`rule-studio simulate\`, or split it.`;
}
