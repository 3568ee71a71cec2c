/**
 * The explorer's default bound, on its own so the CLI's `verify` definition can show it in help
 * without loading the explorer.
 */

/** Distinct states a `verify` search explores before it stops (then it reports as bounded). */
export const DEFAULT_MAX_STATES = 200_000;

/** Moves a search tries between two polls of its `cancelled` hook (a deadline holds within one state's moves). */
export const MOVES_PER_POLL = 64;
