/** One command or edit held in a rule window. */
export interface WindowEntry {
  /** Epoch ms. */
  readonly time: number;
  /** The command line or the edited path. */
  readonly text: string;
  readonly tool: string;
  /** Position in the event stream (breaks ties between equal times). */
  readonly seq: number;
  /** Minutes east of UTC the time was written with (`hegel` prints it as written); absent: UTC. */
  readonly offset?: number;
}

/** At most this many events are listed in an interrupt. */
export const MAX_LISTED_EVENTS = 5;
