/**
 * Stepping and scrubbing in a finished 1,000,000-event run, as the Web Worker does it: the run
 * replays once saving checkpoints (told the run's length, as the worker tells them), the stepper takes its replay over, then the state at a step is
 * read (`at(k).snapshot`). As in the worker, a finished run readies the step back from its end
 * (`prepareBack`, counted in the run's time). CPU time of each read: the first step back from
 * the end, the 50 steps back after it, random scrubs.
 */
import type { Decision } from '../src/core/engine/decisions.ts';
import { createReplay } from '../src/core/engine/replay.ts';
import type { TraceItem } from '../src/core/traces/events.ts';
import { createCheckpoints } from '../src/core/simulator/checkpoints.ts';
import { createStepper } from '../src/core/simulator/stepper.ts';
import { agent200, toolCalls } from './engine.bench.ts';
import { cpuMs } from './measure.ts';
import { prng } from './random.ts';

export interface ScrubFigures {
  events: number;
  runMs: number;
  checkpoints: number;
  every: number;
  checkpointMb: number;
  stepBackMs: number;
  prepareMs: number;
  /** The 50 steps back after the first: median and max. */
  backMedianMs: number;
  backMaxMs: number;
  scrubMedianMs: number;
  scrubMaxMs: number;
}

export function benchScrub(n = 1_000_000): ScrubFigures {
  const items: TraceItem[] = [...toolCalls(n)];
  const config = { agent: agent200(), settings: { dedupeWindowMs: 300_000 } };
  const checkpoints = createCheckpoints();
  const replay = createReplay(config);
  const decisions: Decision[] = [];
  const steps: number[] = [];
  const run = cpuMs(() => {
    // as the worker does: it tells the checkpoints how many items the run will have
    checkpoints.expect(items.length);
    checkpoints.passed(0, replay);
    const out: Decision[] = [];
    for (let i = 0; i < items.length; i++) {
      replay.pushInto(items[i] as TraceItem, out);
      for (const d of out) {
        decisions.push(d);
        steps.push(i);
      }
      out.length = 0;
      checkpoints.passed(i + 1, replay);
    }
  });
  const stepper = createStepper(items, config, { checkpoints, front: { replay, pos: items.length, decisions, steps } });
  const prepare = cpuMs(() => stepper.prepareBack());
  const last = items.length - 1;
  const back = cpuMs(() => stepper.at(last - 1).snapshot);
  const backs: number[] = [];
  for (let k = 2; k <= 51; k++) backs.push(cpuMs(() => stepper.at(last - k).snapshot).ms);
  backs.sort((a, b) => a - b);
  const rnd = prng(3);
  const scrubs: number[] = [];
  for (let k = 0; k < 21; k++) {
    const step = Math.floor(rnd() * items.length);
    scrubs.push(cpuMs(() => stepper.at(step).snapshot).ms);
  }
  scrubs.sort((a, b) => a - b);
  return {
    events: n,
    runMs: run.ms + prepare.ms,
    checkpoints: checkpoints.count,
    every: checkpoints.every,
    checkpointMb: checkpoints.bytes / 1048576,
    stepBackMs: back.ms,
    prepareMs: prepare.ms,
    backMedianMs: backs[25] as number,
    backMaxMs: backs[backs.length - 1] as number,
    scrubMedianMs: scrubs[10] as number,
    scrubMaxMs: scrubs[scrubs.length - 1] as number,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchScrub(Number(process.argv[2] ?? 1_000_000)));
