/**
 * The schedule of beam passes in a solve: each pass up to {@link PASS_GROWTH} times wider than
 * the one before, as wide as the budget left affords (less a margin, so that the pass is not cut
 * off half way, which would waste it) and no wider than memory allows. The pass that fits the
 * budget leaves about a tenth of what was left, which narrower passes then spend; giving that
 * rest to the polish instead measured no better (the search log, "The narrow last passes").
 */

/** The first pass's width, and the narrowest pass run. */
export const FIRST_PASS_WIDTH = 8;

/** How much wider each pass may be than the one before (the growth that measured best of those tried: the search log). */
export const PASS_GROWTH = 4;

/** The share of what the budget left affords that a pass aims at. */
export const AFFORDABLE_SHARE = 0.9;

/** What the next pass's width is decided from. Limits that are not set are `Infinity`. */
export interface PassPlan {
  /** The width of the pass just run. */
  readonly previous: number;
  /**
   * What the pass just run cost per unit of width, in nodes and in milliseconds. Without a time
   * limit the solver's `timePerWidthMs` is NaN (Infinity − Infinity milliseconds spent), and is ignored.
   */
  readonly nodesPerWidth: number;
  readonly timePerWidthMs: number;
  /** What the search's budget has left. */
  readonly nodesLeft: number;
  readonly timeLeftMs: number;
  /** The widest pass memory allows. */
  readonly maxWidth: number;
}

/** The width of the next pass. */
export function nextPassWidth(plan: PassPlan): number {
  const { previous, nodesPerWidth, timePerWidthMs, nodesLeft, timeLeftMs, maxWidth } = plan;
  // Only a limit that is set bounds the width: an unset limit's cost per width may be NaN, and
  // Infinity / NaN would make the width NaN.
  const byNodes = nodesLeft === Infinity ? Infinity : nodesLeft / Math.max(nodesPerWidth, 1e-9);
  const byTime = timeLeftMs === Infinity ? Infinity : timeLeftMs / Math.max(timePerWidthMs, 1e-9);
  const affordable = Math.floor(AFFORDABLE_SHARE * Math.min(byNodes, byTime));
  return Math.min(maxWidth, Math.max(FIRST_PASS_WIDTH, Math.min(PASS_GROWTH * previous, affordable)));
}
