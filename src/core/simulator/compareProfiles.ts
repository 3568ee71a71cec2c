/**
 * Comparing profiles: one trace replayed under two profiles side by side, in step, with the
 * per-decision diff of each item (the what-if diff of `diff.ts`) and the reason each entry
 * differs (`profileReasons.ts`). Memory stays bounded: each item's decisions are diffed and
 * dropped at once, so a long trace can be streamed (`simulate --compare-profile`).
 */
import { serializeDecision, type Decision } from '../engine/decisions.ts';
import { createReplay, type ReplayConfig } from '../engine/replay.ts';
import type { Profile } from '../engine/settings.ts';
import type { TraceItem } from '../traces/events.ts';
import { diffDecisions, type DiffEntry } from './diff.ts';
import { profileReason, type ProfileCause } from './profileReasons.ts';

export interface ProfileDiffEntry extends DiffEntry {
  cause: ProfileCause;
  reason: string;
}

export interface ProfileDiffSummary {
  profiles: [Profile, Profile];
  changed: number;
  added: number;
  removed: number;
  unchanged: number;
}

export interface ProfileComparison {
  readonly profiles: [Profile, Profile];
  /** Feeds one trace item to both replays; returns where their decisions differ. */
  push(item: TraceItem): ProfileDiffEntry[];
  summary(): ProfileDiffSummary;
}

/** Starts comparing the replay `config` (its profile, default `spec`) with the same replay under `other`. */
export function createProfileComparison(config: ReplayConfig, other: Profile): ProfileComparison {
  const a = createReplay(config);
  const b = createReplay({ ...config, settings: { ...config.settings, profile: other } });
  const profiles: [Profile, Profile] = [a.settings.profile, other];
  const totals = { changed: 0, added: 0, removed: 0, unchanged: 0 };
  return {
    profiles,
    push(item) {
      const diff = diffDecisions(a.push(item), b.push(item));
      totals.changed += diff.changed;
      totals.added += diff.added;
      totals.removed += diff.removed;
      totals.unchanged += diff.unchanged;
      return diff.entries.map((e) => {
        const r = profileReason(e, profiles[0], profiles[1], config.agent);
        return { ...e, cause: r.cause, reason: r.text };
      });
    },
    summary: () => ({ profiles, ...totals }),
  };
}

/** Compares a whole trace. */
export function compareProfiles(items: Iterable<TraceItem>, config: ReplayConfig, other: Profile): { entries: ProfileDiffEntry[]; summary: ProfileDiffSummary } {
  const c = createProfileComparison(config, other);
  const entries: ProfileDiffEntry[] = [];
  for (const item of items) for (const e of c.push(item)) entries.push(e);
  return { entries, summary: c.summary() };
}

const side = (d: Decision | undefined): string => (d ? serializeDecision(d) : 'null');

/**
 * One JSONL line for an entry: `event`, `position`, `change`, `profiles`, `cause`, `reason`,
 * `why` (when the diff has one), `fields`, then the two decisions (`before` under the first
 * profile, `after` under the second; `null` for the side that has none), each in the decision
 * stream's own key order.
 */
export function serializeProfileDiffEntry(e: ProfileDiffEntry, profiles: readonly [Profile, Profile]): string {
  const head = JSON.stringify({
    event: e.event,
    position: e.position,
    change: e.change,
    profiles,
    cause: e.cause,
    reason: e.reason,
    ...(e.why ? { why: e.why } : {}),
    fields: e.fields,
  });
  return `${head.slice(0, -1)},"before":${side(e.before)},"after":${side(e.after)}}`;
}

/** The closing JSONL line: `{"summary": {profiles, changed, added, removed, unchanged}}`. */
export function serializeProfileDiffSummary(s: ProfileDiffSummary): string {
  return JSON.stringify({ summary: s });
}
