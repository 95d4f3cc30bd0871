/**
 * The Columns contest clock, shared by `columns solve` and the single-file submission: the 4 s
 * limit counts from the process start, so a budget in seconds becomes what is left of it now.
 */

/** Seconds from the process start a solve may take by default (the limit is 4 s). */
export const DEFAULT_COLUMNS_SECONDS = 3.5;

// Writing the output and exiting take a little after the solver returns, and a shared machine
// adds its noise: smaller margins let solves end past the limit, or too close to it (the search
// log).
export const EXIT_MARGIN_MS = 200;

/** The search time left of `seconds` counted from the process start, in milliseconds (at least 1). */
export const timeLeftFromProcessStartMs = (seconds: number): number =>
  Math.max(1, seconds * 1000 - performance.now() - EXIT_MARGIN_MS);
