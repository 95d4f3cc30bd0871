/**
 * Random playouts on the kernel: the building block of rollouts, baselines and the benchmark.
 */
import type { Random } from '../../core/random.js';
import type { Kernel } from './kernel.js';
import { MaskPlayout } from './mask-playout.js';
import { CONTEST_CANDIDATES, fallContacts } from './rollout-contest.js';
import { NEVER } from './tabu-rule.js';
import { xorshift, xorshiftSeed } from './xorshift.js';

/** How a playout draws its moves, and where it records them. Every field may be omitted. */
export interface PlayoutOptions {
  /** Receives the cell index of each move played (its count goes to `played.length`). */
  readonly moves?: Int32Array;
  readonly played?: { length: number };
  /** The TabuColor policy: moves of this color are avoided while others exist (-1: none). */
  readonly tabuColor?: number;
  /** A tabu region of at least this many cells may still be taken (default {@link NEVER}). */
  readonly tabuMinRegion?: number;
  /**
   * The first this many moves are contests (`rollout-contest.ts`): each plays the region with
   * the most fall contacts among {@link CONTEST_CANDIDATES} drawn by the usual rule (default 0).
   */
  readonly contestMoves?: number;
}

/**
 * Plays uniformly random legal moves until the position is terminal; returns the points earned
 * and leaves the final position in `kernel`. Every region of two cells or more is equally likely
 * (a drawn cell's region of n cells is accepted with chance 2/n). With a `tabuColor`, moves of that
 * color are avoided while others exist (the TabuColor playout policy), which keeps it gathering
 * for one big final move; with `tabuMinRegion`, a tabu region that large may still be taken. With
 * `contestMoves`, each of the first moves is the best of a few such draws by the contacts its
 * removal makes (see `rollout-contest.ts`).
 *
 * With a tabu color on a board at most 31 rows high (every rollout of the search), the game is
 * played on color-column bitmasks (`mask-playout.ts`, which is faster); otherwise on the
 * kernel's cells ({@link cellPlayout}). The draws come from a xorshift32 stream seeded by one
 * draw of `random`: the hot loop needs no call into the generator library, and the game still
 * depends only on the seed.
 */
export function randomPlayout(kernel: Kernel, random: Random, options: PlayoutOptions = {}): number {
  const { tabuColor = -1, tabuMinRegion = NEVER, contestMoves = 0 } = options;
  // TabuColor playouts on a board whose columns fit a word: on bitmasks (mask-playout.ts), the
  // same policy in less time. Uniform playouts (no tabu color) stay on the cells, where few
  // draws miss: there the masks' bookkeeping costs more than it saves.
  if (tabuColor < 0 || !MaskPlayout.fits(kernel.height)) return cellPlayout(kernel, random, options);
  const { moves, played: out } = options;
  const { played, points } = masksFor(kernel).play(
    kernel,
    tabuColor,
    xorshiftSeed(random),
    moves,
    contestMoves,
    tabuMinRegion,
  );
  if (out) out.length = played;
  return points;
}

// The mask playout of the last board shape played in this thread (its buffers are reused).
let masks: MaskPlayout | undefined;

function masksFor(kernel: Kernel): MaskPlayout {
  if (masks === undefined || masks.width !== kernel.width || masks.colors !== kernel.colors)
    masks = new MaskPlayout(kernel.width, kernel.colors);
  return masks;
}

/**
 * The playout drawn from the kernel's cells, as `randomPlayout` played every game before the
 * bitmasks: for uniform playouts, for boards taller than a mask word, and as the benchmark's
 * gauge of the machine's speed (comparable across versions). Draws are by rejection: a random
 * cell of the board's bounding box, refused when it is empty or alone, its region then accepted
 * with chance 2/n. A tabu region is taken after a run of `filled` misses in a row, which nearly
 * always means that nothing else is left.
 */
export function cellPlayout(kernel: Kernel, random: Random, options: PlayoutOptions = {}): number {
  // One function for the whole game, the draw loop inline: split into per-move steps, contest
  // and TabuColor playouts ran measurably slower (docs/samegame-search-log.md).
  const { moves, played: out, tabuColor = -1, tabuMinRegion = NEVER, contestMoves = 0 } = options;
  const h = kernel.height;
  const { heights, cells } = kernel;
  let s = xorshiftSeed(random);
  let points = 0;
  let played = 0;
  let misses = 0;
  let maxHeight = 0;
  // The kernel's column and cell counts, kept in locals and read again after each move: the draw
  // loop runs about 25 times a move, and locals there made rollouts faster (same games).
  let columns = kernel.columns;
  let filled = kernel.filled;
  const neverTabu = tabuMinRegion >= NEVER;
  for (let x = 0; x < columns; x++) if (heights[x] > maxHeight) maxHeight = heights[x];
  // Every region refused in this position is remembered (its cells marked, its size kept):
  // drawing one of its cells again needs no flood fill unless the draw is then accepted (regions
  // change only when a move is played). The draws, and so the game, are the same as without
  // these marks. They pay in TabuColor rollouts, where draws often land on a refused region
  // again; accepted regions are not marked, which would cost uniform playouts more than it saves.
  const { marks, markSizes } = kernel;
  let era = kernel.nextMarkEra();
  // A contest's best candidate so far in this position (-1: none), its contacts, and how many
  // candidates it has drawn.
  let best = -1;
  let bestContacts = -1;
  let drawn = 0;
  while (columns > 0) {
    // After many misses in a row, check whether any move is left at all (a contest with a
    // candidate in hand plays it instead).
    if (misses > 2 * filled + 8) {
      if (best < 0) {
        if (kernel.isTerminal()) break;
        misses = 0;
        continue;
      }
      kernel.regionAt(best);
    } else {
      s = xorshift(s);
      const r = s >>> 0;
      // Low bits pick the column, high bits the row: two draws from one 32-bit value, scaled by a
      // multiply and shift (faster than a modulo).
      const x = ((r & 0xffff) * columns) >>> 16;
      const y = ((r >>> 16) * maxHeight) >>> 16;
      const top = heights[x];
      if (y >= top) {
        misses++;
        continue;
      }
      const i = x * h + y;
      const c = cells[i];
      // Every cell below `top` is filled (boards are settled): a lone one is no move.
      if (
        (y + 1 >= top || cells[i + 1] !== c) &&
        (y === 0 || cells[i - 1] !== c) &&
        (x + 1 >= columns || cells[i + h] !== c) &&
        (x === 0 || cells[i - h] !== c)
      ) {
        misses++;
        continue;
      }
      // TabuColor: leave the tabu color for later, unless a long run of misses says only it is
      // left, or (when allowed) its region is big enough to take now.
      const tabu = c === tabuColor && misses < filled;
      if (tabu && neverTabu) {
        misses++;
        continue;
      }
      const known = marks[i] === era;
      const n = known ? markSizes[i] : kernel.regionAt(i);
      let refused = tabu && n < tabuMinRegion;
      if (!refused && n > 2) {
        s = xorshift(s);
        refused = (((s >>> 0) & 0xffff) * n) >>> 16 >= 2;
      }
      if (refused) {
        // Remembered for the next draw in this position; an accepted region needs no mark.
        if (!known) {
          const { region } = kernel;
          for (let k = 0; k < n; k++) {
            marks[region[k]] = era;
            markSizes[region[k]] = n;
          }
        }
        misses++;
        continue;
      }
      if (known) kernel.regionAt(i);
      if (played < contestMoves) {
        const contacts = fallContacts(kernel);
        if (contacts > bestContacts) {
          bestContacts = contacts;
          best = i;
        }
        // A forced tabu move (a run of `filled` misses) ends the contest at once.
        if (++drawn < CONTEST_CANDIDATES && misses < filled) continue;
        if (best !== i) kernel.regionAt(best);
      }
    }
    misses = 0;
    best = -1;
    bestContacts = -1;
    drawn = 0;
    if (moves) moves[played] = kernel.region[0];
    played++;
    points += kernel.removeRegion();
    era = kernel.nextMarkEra();
    columns = kernel.columns;
    filled = kernel.filled;
    maxHeight = 0;
    for (let col = 0; col < columns; col++) if (heights[col] > maxHeight) maxHeight = heights[col];
  }
  if (out) out.length = played;
  return points;
}

/** The color with the most cells on the board (the lowest on ties): a TabuColor rollout's tabu. */
export function mostFrequentColor(kernel: Kernel, counts: Int32Array): number {
  counts.fill(0);
  const { cells, heights, height } = kernel;
  for (let x = 0; x < kernel.columns; x++)
    for (let i = x * height, top = i + heights[x]; i < top; i++) counts[cells[i]]++;
  let best = 0;
  for (let c = 1; c < counts.length; c++) if (counts[c] > counts[best]) best = c;
  return best;
}
