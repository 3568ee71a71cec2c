/**
 * What every decision carries besides its body (`traces.md` §4): its sequence number, the index
 * of the event that caused it, and that event's time. The time is kept as a number and formatted
 * once per event, the first time a decision of that event needs it.
 */
import { formatIso } from '../time.ts';

export class DecisionStamp {
  /** Sequence number of the next decision. */
  seq = 0;
  /** Index of the event being processed. */
  event = 0;
  protected ms = Number.NaN;
  private iso = '';
  /** The event whose time is to be read when first needed ({@link atEvent}), if any. */
  private source: { readonly time: number } | undefined = undefined;

  /** Sets the event index and time for the decisions that follow. */
  at(event: number, timeMs: number): void {
    this.event = event;
    this.source = undefined;
    this.setMs(timeMs);
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

  private setMs(timeMs: number): void {
    if (timeMs !== this.ms) {
      this.ms = timeMs;
      this.iso = '';
    }
  }

  /** The current event's time in epoch ms. */
  get timeMs(): number {
    const source = this.source;
    if (source !== undefined) {
      this.source = undefined;
      this.setMs(source.time);
    }
    return this.ms;
  }

  /**
   * The epoch ms of `time` when it is this stamp's current time text (the decision stream's writer
   * then writes the digits of the number instead of reading the text's characters), else
   * undefined. A decision's `time` is the very string {@link time} gave, so the comparison is one
   * pointer check.
   */
  msOf(time: string): number | undefined {
    const ms = this.timeMs;
    return this.iso !== '' && time === this.iso ? ms : undefined;
  }

  /** The current event's time, ISO 8601 in UTC with milliseconds. */
  get time(): string {
    const ms = this.timeMs;
    if (this.iso === '') this.iso = formatIso(ms);
    return this.iso;
  }
}

/**
 * A stamp that leaves decisions' `time` unformatted (`''`): for a consumer that takes every
 * decision's time from {@link DecisionStamp.msOf} before the next event is stamped (the decision
 * stream's writer writes the digits from the number), so no ISO text is built per event.
 */
export class MsOnlyStamp extends DecisionStamp {
  override msOf(time: string): number | undefined {
    return time === '' ? this.timeMs : undefined;
  }

  override get time(): string {
    // The time is read now, while the decision is made, though not formatted.
    void this.timeMs;
    return '';
  }
}
