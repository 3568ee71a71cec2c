/** What-if: the same trace replayed under two configurations, and what changed. */
import type { Decision } from '../engine/decisions.ts';
import { replayItems, type ReplayConfig } from '../engine/replay.ts';
import type { TraceItem } from '../traces/events.ts';
import { diffDecisions, type DecisionDiff } from './diff.ts';

export interface WhatIfResult {
  before: Decision[];
  after: Decision[];
  diff: DecisionDiff;
}

/** Replays `items` under `configA` and under `configB` (each from scratch) and diffs the streams. */
export function whatIf(items: readonly TraceItem[], configA: ReplayConfig, configB: ReplayConfig): WhatIfResult {
  const before = replayItems(items, configA);
  const after = replayItems(items, configB);
  return { before, after, diff: diffDecisions(before, after) };
}
