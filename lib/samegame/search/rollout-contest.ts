/**
 * The rollout contest: a rollout's first moves are each the best of a few regions drawn by the
 * usual rule, judged by the same-color contacts their removal makes as cells fall. It makes
 * rollouts gather colors at the price of more draws, and the solver uses it only where that
 * paid at the contest's 20 s ({@link contestPays}): where no color stands out to be kept for
 * one big move, either because all colors have about the same number of cells (the kind of
 * standard boards 11 to 15) or because the two most frequent ones nearly tie (standard boards 1,
 * 4, 7, 8 and 10). On the other boards contests in every rollout showed no gain, but a mix of
 * both kinds of line beat either kind alone, so there every second rollout plays the contest
 * ({@link rolloutsPerContest}). The measurements are in docs/samegame-search-log.md ("Figures and
 * history once kept in code comments").
 */
import { type Board, colorCounts } from '../engine/board.js';
import type { Kernel } from './kernel.js';

/** How many of a rollout's first moves are contests (of about 45): more or fewer did no better. */
export const CONTEST_MOVES = 10;

/** Regions drawn for each contest: the best of the counts tried (the search log). */
export const CONTEST_CANDIDATES = 3;

/**
 * The widest spread of color counts, as a share of the mean count, at which a board counts as
 * even. The gain was measured on boards with exactly equal counts; 10 % is our choice of how
 * near equal is near enough (of 120 random validation boards, 1 is within it, of the standard
 * 20, boards 11 to 15).
 */
export const EVEN_SPREAD = 0.1;

/**
 * The widest gap between the two most frequent colors' counts, as a share of the mean count, at
 * which they count as tied: 2 cells on a 15 x 15 board of 5 colors (mean 45), the rule the gain
 * was measured with (of the standard 20, boards 1, 4, 7, 8 and 10 are within it; 154 of 400
 * generated random boards). A wider band gained nothing (the search log).
 */
export const TIE_SPREAD = 0.05;

/** The counts of the colors present on `board`, most frequent first, and their mean. */
function presentCounts(board: Board): { counts: number[]; mean: number } {
  const counts = colorCounts(board)
    .filter((n) => n > 0)
    .sort((a, b) => b - a);
  return { counts, mean: counts.reduce((a, b) => a + b, 0) / Math.max(counts.length, 1) };
}

/** True when the colors on `board` have counts within {@link EVEN_SPREAD} of their mean. */
export function colorsAreEven(board: Board): boolean {
  const { counts, mean } = presentCounts(board);
  return counts.length > 0 && counts[0] - counts[counts.length - 1] <= EVEN_SPREAD * mean;
}

/** True when the two most frequent colors on `board` differ by at most {@link TIE_SPREAD} of the mean count. */
export function topColorsTie(board: Board): boolean {
  const { counts, mean } = presentCounts(board);
  return counts.length >= 2 && counts[0] - counts[1] <= TIE_SPREAD * mean;
}

/** Whether a contest pays in every rollout on `board`: its colors are even, or the top two tie. */
export function contestPays(board: Board): boolean {
  return colorsAreEven(board) || topColorsTie(board);
}

/**
 * One rollout in how many plays the contest on `board` (the beam's `contestEvery`): every one
 * where it {@link contestPays}, every second one elsewhere (of each two rollouts in a row, one
 * gathers by contest and one does not).
 */
export function rolloutsPerContest(board: Board): number {
  return contestPays(board) ? 1 : 2;
}

// Per column: the lowest and highest rows the region being judged removes there and how many
// cells it loses (module scratch: one judgment at a time, boards are at most 64 wide).
const lowestRow = new Int32Array(64);
const highestRow = new Int32Array(64);
const removed = new Int32Array(64);

/**
 * The same-color contacts that removing the region last found by `kernel.regionAt` makes. In
 * each column the region touches, the lowest kept cell above its cells falls; it makes a contact
 * with each cell of its color it then touches that did not move: the cell it lands on (counted
 * when the removed cells of that column were one run) and the cells beside it in neighboring
 * columns the region does not touch. Columns that empty, and the shift of those right of them,
 * are not looked at.
 */
export function fallContacts(kernel: Kernel): number {
  const { region, regionLength: n, height: h, cells, heights, columns } = kernel;
  removed.fill(0, 0, columns);
  for (let r = 0; r < n; r++) {
    const i = region[r];
    const x = (i / h) | 0;
    const y = i - x * h;
    if (removed[x]++ === 0) {
      lowestRow[x] = y;
      highestRow[x] = y;
    } else if (y < lowestRow[x]) lowestRow[x] = y;
    else if (y > highestRow[x]) highestRow[x] = y;
  }
  let contacts = 0;
  for (let x = 0; x < columns; x++) {
    const k = removed[x];
    if (k === 0) continue;
    const above = highestRow[x] + 1;
    if (above >= heights[x]) continue;
    const color = cells[x * h + above];
    const landing = above - k;
    const oneRun = k === above - lowestRow[x];
    if (oneRun && landing > 0 && cells[x * h + landing - 1] === color) contacts++;
    const left = x - 1;
    if (left >= 0 && removed[left] === 0 && landing < heights[left] && cells[left * h + landing] === color) contacts++;
    const right = x + 1;
    if (right < columns && removed[right] === 0 && landing < heights[right] && cells[right * h + landing] === color)
      contacts++;
  }
  return contacts;
}
