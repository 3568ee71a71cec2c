/**
 * The explorer's default bound, on its own so the CLI's `verify` definition can show it in help
 * without loading the explorer.
 */

/** Distinct states a `verify` search explores before it stops (then it reports as bounded). */
export const DEFAULT_MAX_STATES = 200_000;

/** Moves a search tries between two polls of its `cancelled` hook (a deadline holds within one state's moves). */
export const MOVES_PER_POLL = 64;

/** The state budget of a verification in the studio (the CLI's default is larger). */
export const STUDIO_MAX_STATES = 50_000;

/**
 * How V006 says to search further, in the command line's words. The studio says it in its own
 * (its Problems list offers to verify again with a higher limit) by replacing exactly this text.
 */
export const CLI_FURTHER = 'raise --max-states or --max-seconds to go further';
