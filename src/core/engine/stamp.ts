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
  private ms = Number.NaN;
  private iso = '';

  /** Sets the event index and time for the decisions that follow. */
  at(event: number, timeMs: number): void {
    this.event = event;
    if (timeMs !== this.ms) {
      this.ms = timeMs;
      this.iso = '';
    }
  }

  /** The current event's time, ISO 8601 in UTC with milliseconds. */
  get time(): string {
    if (this.iso === '') this.iso = formatIso(this.ms);
    return this.iso;
  }
}
