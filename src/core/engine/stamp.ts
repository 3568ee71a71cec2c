/**
 * What every decision carries besides its body (`traces.md` §4): its sequence number, the index
 * of the event that caused it, and that event's time. The time is kept as a number and formatted
 * for each decision that reads it: the text is not kept in the stamp, since storing a fresh string
 * into this long-lived object runs V8's write barrier on every event (measured as costly as the
 * formatting itself on the engine bench), and an event mostly has one decision.
 */
import { formatIso } from '../time.ts';

/** `000Z` … `999Z`. */
const MILLIS_Z = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(3, '0')}Z`);
/** The epoch ms the second {@link isoOfClock} last formatted starts at, and its `YYYY-MM-DDTHH:MM:SS.`. */
const secondStart = new Float64Array([Number.NaN]);
let secondPrefix = '';

/**
 * `formatIso` of `clock[0]`, with the text up to the second kept for the next call: an event's
 * time is then one string concatenation, without a division, and the number is read from the
 * array, never passed as an argument (a number passed to a function V8 does not inline is boxed,
 * an allocation a call).
 */
function isoOfClock(clock: Float64Array): string {
  const ms = clock[0] as number;
  // Whole ms in the kept second (trace times are whole ms; a fraction's text is formatIso's own).
  const milli = ms - (secondStart[0] as number);
  if (milli >= 0 && milli < 1000 && (milli | 0) === milli) return secondPrefix + (MILLIS_Z[milli] as string);
  return newSecond(ms);
}

function newSecond(ms: number): string {
  const iso = formatIso(ms);
  if (Math.floor(ms) === ms) {
    secondStart[0] = Math.floor(ms / 1000) * 1000;
    secondPrefix = iso.slice(0, iso.length - 4);
  }
  return iso;
}

export class DecisionStamp {
  /** Sequence number of the next decision. */
  seq = 0;
  /** Index of the event being processed. */
  event = 0;
  /**
   * The current event's time in epoch ms (a typed array: storing or passing it on boxes nothing).
   * Current once a decision has read {@link time} or {@link timeMs}: a consumer of an
   * {@link MsOnlyStamp}'s decisions reads their time here before the next event is stamped.
   */
  readonly clock = new Float64Array([Number.NaN]);
  /** The event whose time is to be read when first needed ({@link atEvent}), if any. */
  private source: { readonly time: number } | undefined = undefined;

  /** Sets the event index and time for the decisions that follow. */
  at(event: number, timeMs: number): void {
    this.event = event;
    this.source = undefined;
    this.clock[0] = timeMs;
  }

  /**
   * As {@link at}, with the time read from `source` only when a decision first needs it: most
   * events of a long trace decide nothing, and reading the time of events of many types at one
   * place is a megamorphic read (which allocates a number per event).
   */
  atEvent(event: number, source: { readonly time: number }): void {
    this.event = event;
    this.source = source;
  }

  /** The current event's time in epoch ms. */
  get timeMs(): number {
    this.syncClock();
    return this.clock[0] as number;
  }

  /** Reads the kept event's time into {@link clock}, if an event is kept. */
  protected syncClock(): void {
    const source = this.source;
    if (source !== undefined) {
      this.source = undefined;
      this.clock[0] = source.time;
    }
  }

  /**
   * The epoch ms of `time` when it is this stamp's current time text (the decision stream's writer
   * then writes the digits of the number instead of reading the text's characters), else
   * undefined. This formats the time to compare: the writer asks it only of a replay with
   * `timesAsMs`, whose stamp ({@link MsOnlyStamp}) answers without.
   */
  msOf(time: string): number | undefined {
    const ms = this.timeMs;
    return time.length > 0 && time === formatIso(ms) ? ms : undefined;
  }

  /** The current event's time, ISO 8601 in UTC with milliseconds (formatted at each read). */
  get time(): string {
    this.syncClock();
    return isoOfClock(this.clock);
  }
}

/**
 * A stamp that leaves decisions' `time` unformatted (`''`): for a consumer that takes every
 * decision's time from {@link DecisionStamp.clock} (or {@link DecisionStamp.msOf}) before the next
 * event is stamped (the decision stream's writer writes the digits from the number), so no ISO
 * text is built per event.
 */
export class MsOnlyStamp extends DecisionStamp {
  override msOf(time: string): number | undefined {
    return time === '' ? this.timeMs : undefined;
  }

  override get time(): string {
    // The time is read into the clock now, while the decision is made, though not formatted. Not
    // through the `timeMs` getter: a number returned by a call V8 does not inline is boxed.
    this.syncClock();
    return '';
  }
}
