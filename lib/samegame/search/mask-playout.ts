/**
 * TabuColor playouts on color-column bitmasks: the policy of `randomPlayout`'s cell loop (each
 * region of two cells or more equally likely; the tabu color only when nothing else is left) in
 * less time (docs/samegame-search-log.md). On the kernel's cell array a draw lands on a random
 * cell and floods from it, and most draws miss (above a stack, a lone cell, a refused region,
 * the tabu color). Here each column keeps one bitmask per color, so the cells that have a
 * same-colored neighbor (the cells of the regions one may play) are a few bit operations per
 * column, a draw picks among them directly, and a flood, a removal and gravity are bit
 * operations on a few words.
 *
 * Only for boards at most {@link MAX_MASK_HEIGHT} rows high (a column is one 32-bit word) and
 * for TabuColor playouts (a tabu color given); `randomPlayout` keeps the cell loop for uniform
 * playouts and taller boards.
 */
import { bitCount } from '../../core/bit-count.js';
import { EMPTY } from '../engine/board.js';
import { CLEAR_BONUS } from '../engine/rules.js';
import type { Kernel } from './kernel.js';
import { CONTEST_CANDIDATES } from './rollout-contest.js';
import { NEVER } from './tabu-rule.js';
import { xorshift } from './xorshift.js';

/** The tallest board whose columns fit one mask word each (bit 31 stays clear for the sign). */
export const MAX_MASK_HEIGHT = 31;

/** Bits of `mask` in the runs (maximal vertical stretches) that hold a bit of `seeds`. */
function runsThrough(mask: number, seeds: number): number {
  let runs = seeds;
  for (;;) {
    const grown = runs | (((runs << 1) | (runs >>> 1)) & mask);
    if (grown === runs) return runs;
    runs = grown;
  }
}

/** `word` with the bits at the positions set in `removed` taken out and the bits above them moved down. */
function squeeze(word: number, removed: number): number {
  let w = word;
  let r = removed;
  // Highest removed bit first, so the lower positions still name the same bits.
  while (r !== 0) {
    const bit = 31 - Math.clz32(r);
    const below = (1 << bit) - 1;
    w = (w & below) | ((w >>> 1) & ~below);
    r &= below;
  }
  return w;
}

/** The color of the cell at bit `bit` of column `x` (which must be filled). */
function maskColorAt(masks: Int32Array, colors: number, x: number, bit: number): number {
  let c = 0;
  while ((masks[x * colors + c] & bit) === 0) c++;
  return c;
}

/**
 * The same-color contacts that removing a region makes as cells fall, counted as
 * `fallContacts` (rollout-contest.ts) counts them on the kernel: in each column the region cuts,
 * the lowest kept cell above the cut lands on the cell below the cut (counted when the cut is one
 * run) and beside the cells of the neighboring columns the region does not cut. `masks` and
 * `heights` hold the position (column-major, `colors` words a column), `region` the cut per
 * column (zero outside `from` to `to`), `columns` the columns with cells.
 */
export function maskFallContacts(
  masks: Int32Array,
  colors: number,
  heights: Int32Array,
  region: Int32Array,
  from: number,
  to: number,
  columns: number,
): number {
  let contacts = 0;
  for (let x = from; x <= to; x++) {
    const cut = region[x];
    if (cut === 0) continue;
    const above = 32 - Math.clz32(cut);
    if (above >= heights[x]) continue;
    const c = maskColorAt(masks, colors, x, 1 << above);
    const k = bitCount(cut);
    const landing = above - k;
    const oneRun = k === above - (31 - Math.clz32(cut & -cut));
    if (oneRun && landing > 0 && ((masks[x * colors + c] >>> (landing - 1)) & 1) !== 0) contacts++;
    if (x > 0 && region[x - 1] === 0 && ((masks[(x - 1) * colors + c] >>> landing) & 1) !== 0) contacts++;
    if (x < columns - 1 && region[x + 1] === 0 && ((masks[(x + 1) * colors + c] >>> landing) & 1) !== 0) contacts++;
  }
  return contacts;
}

/**
 * The playout's position as bitmasks, reusable across playouts on boards of one shape (a search
 * thread keeps one). `masks[x * colors + c]` has bit y set when cell (x, y) has color c.
 */
export class MaskPlayout {
  readonly width: number;
  readonly colors: number;
  private readonly masks: Int32Array;
  private readonly heights: Int32Array;
  /** Cells with a same-colored neighbor, per column: of the colors other than the tabu... */
  private readonly free: Int32Array;
  /** ...and of the tabu color. */
  private readonly tabu: Int32Array;
  private readonly freeCount: Int32Array;
  private readonly tabuCount: Int32Array;
  /** Per column x: the cells with the same color as the cell beside them in column x + 1. */
  private readonly sameRight: Int32Array;
  /** The region being drawn, per column. */
  private readonly region: Int32Array;
  /** Refused regions of the current position (their cells' bits) and each refused cell's region size. */
  private readonly refused: Int32Array;
  private readonly refusedSize: Int32Array;
  private columns = 0;
  /** The columns {@link region} may have bits in. */
  private regionFrom = 0;
  private regionTo = 0;
  private readonly stack: Int32Array;

  constructor(width: number, colors: number) {
    this.width = width;
    this.colors = colors;
    // One column more than the board, never filled: every column has a right neighbor's words
    // to read (zero past the last column with cells, which `compact` clears as it frees them).
    this.masks = new Int32Array((width + 1) * colors);
    this.heights = new Int32Array(width);
    this.free = new Int32Array(width);
    this.tabu = new Int32Array(width);
    this.freeCount = new Int32Array(width);
    this.tabuCount = new Int32Array(width);
    this.sameRight = new Int32Array(width);
    this.region = new Int32Array(width);
    // A flood pushes two columns per column that grows, and a column grows at most once per cell.
    this.stack = new Int32Array(2 + 2 * width * 32);
    this.refused = new Int32Array(width);
    this.refusedSize = new Int32Array(width * 32);
  }

  /** True when a board of this height fits the masks. */
  static fits(height: number): boolean {
    return height <= MAX_MASK_HEIGHT;
  }

  /**
   * Plays `kernel` to its end by the TabuColor rule with `tabuColor` (-1: none), drawing from the
   * xorshift32 state `seed` (nonzero); leaves the final position in `kernel`, records each move's
   * drawn cell (a cell of its region, in the kernel's indexing) into `moves`, and returns the
   * number of moves played and the points earned (the clear bonus included). The first
   * `contestMoves` moves are contests (`rollout-contest.ts`). A tabu region of `tabuMinRegion`
   * cells or more may be taken while other moves exist (drawn among them by the same rule);
   * smaller ones only when nothing else is left; {@link NEVER} (the default): none early.
   */
  play(
    kernel: Kernel,
    tabuColor: number,
    seed: number,
    moves: Int32Array | undefined,
    contestMoves = 0,
    tabuMinRegion: number = NEVER,
  ): { played: number; points: number } {
    // One function for the whole game: every move's draw, removal and recount stay inline, with
    // the generator and the pair totals in locals (moved into per-move methods, or into fields,
    // they made rollouts measurably slower: docs/samegame-search-log.md).
    this.load(kernel, tabuColor);
    const { width, colors, masks, heights, free, tabu, freeCount, tabuCount, region, refused, refusedSize } = this;
    const h = kernel.height;
    let s = seed | 0;
    let filled = kernel.filled;
    let freeTotal = 0;
    let tabuTotal = 0;
    for (let x = 0; x < this.columns; x++) {
      freeTotal += freeCount[x];
      tabuTotal += tabuCount[x];
    }
    let points = 0;
    let played = 0;
    refused.fill(0);
    let anyRefused = false;
    for (;;) {
      const useFree = freeTotal > 0;
      // Large tabu regions may be taken early: the tabu color's cells are drawn too, and its
      // regions under `tabuMinRegion` refused. Not while the color's paired cells are fewer than
      // that: no region of it can qualify, and every draw of its cells would be refused.
      const mixed = useFree && tabuTotal >= tabuMinRegion && tabuMinRegion < NEVER;
      const total = useFree ? freeTotal + (mixed ? tabuTotal : 0) : tabuTotal;
      if (total === 0) break;
      const pool = useFree ? free : tabu;
      const counts = useFree ? freeCount : tabuCount;
      // Draw a cell of the pool, then accept its region with chance 2/n (every region equally likely).
      // A contest move draws CONTEST_CANDIDATES regions so and plays the one whose removal makes
      // the most fall contacts (the first on ties); a move forced onto the tabu color is no contest.
      const contest = played < contestMoves && useFree;
      let x = 0;
      let bit = 0;
      let n = 0;
      let color = 0;
      let drawn = 0;
      let bestContacts = -1;
      let bestX = 0;
      let bestBit = 0;
      let bestColor = 0;
      for (;;) {
        s = xorshift(s);
        let k = (((s >>> 0) & 0xffff) * total) >>> 16;
        x = 0;
        let word: number;
        if (mixed) {
          while (k >= freeCount[x] + tabuCount[x]) k -= freeCount[x] + tabuCount[x++];
          word = free[x] | tabu[x];
        } else {
          while (k >= counts[x]) k -= counts[x++];
          word = pool[x];
        }
        while (k-- > 0) word &= word - 1;
        bit = word & -word;
        const y = 31 - Math.clz32(bit);
        const known = (refused[x] & bit) !== 0;
        if (known) n = refusedSize[x * 32 + y];
        else {
          color = maskColorAt(masks, colors, x, bit);
          n = this.flood(color, x, bit);
        }
        let refuse = mixed && (tabu[x] & bit) !== 0 && n < tabuMinRegion;
        if (!refuse && n > 2) {
          s = xorshift(s);
          refuse = (((s >>> 0) >>> 16) * n) >>> 16 >= 2;
        }
        if (refuse) {
          if (!known) {
            this.rememberRefused(n);
            anyRefused = true;
          }
          continue;
        }
        if (known) {
          color = maskColorAt(masks, colors, x, bit);
          this.flood(color, x, bit);
        }
        if (contest) {
          const contacts = this.fallContacts();
          if (contacts > bestContacts) {
            bestContacts = contacts;
            bestX = x;
            bestBit = bit;
            bestColor = color;
          }
          if (++drawn < CONTEST_CANDIDATES) continue;
          if (bestX !== x || bestBit !== bit) {
            x = bestX;
            bit = bestBit;
            color = bestColor;
            n = this.flood(color, x, bit);
          }
        }
        break;
      }
      if (moves) moves[played] = x * h + (31 - Math.clz32(bit));
      played++;
      // Remove the region: every color's word of each touched column loses those bits.
      let minX = -1;
      let maxX = -1;
      let emptied = false;
      for (let cx = this.regionFrom; cx <= this.regionTo; cx++) {
        const cut = region[cx];
        if (cut === 0) continue;
        if (minX < 0) minX = cx;
        maxX = cx;
        const low = cut & -cut;
        const kept = low - 1;
        const run = cut >>> (31 - Math.clz32(low));
        // One run of cells (the usual case) is one shift; the bits below it stay.
        const oneRun = (run & (run + 1)) === 0;
        const length = 31 - Math.clz32(run + 1);
        for (let i = cx * colors, last = i + colors; i < last; i++) {
          const w = masks[i];
          if ((w & ~kept) === 0) continue;
          masks[i] = oneRun ? (w & kept) | ((w >>> length) & ~kept) : squeeze(w, cut);
        }
        heights[cx] -= bitCount(cut);
        if (heights[cx] === 0) emptied = true;
      }
      filled -= n;
      points += (n - 2) * (n - 2);
      if (filled === 0) points += CLEAR_BONUS;
      if (emptied) this.compact(minX);
      // The changed columns and their neighbors have new pairs; after a shift, every column
      // from the first changed one on (those past the new last column count none).
      const from = minX > 0 ? minX - 1 : 0;
      const end = emptied ? width - 1 : Math.min(maxX + 1, this.columns - 1);
      for (let cx = from; cx <= end; cx++) {
        freeTotal -= freeCount[cx];
        tabuTotal -= tabuCount[cx];
        this.pairsOf(cx, tabuColor);
        freeTotal += freeCount[cx];
        tabuTotal += tabuCount[cx];
      }
      if (anyRefused) {
        for (let cx = 0; cx < width; cx++) refused[cx] = 0;
        anyRefused = false;
      }
    }
    this.store(kernel, filled, points);
    return { played, points };
  }

  // Remembers the refused region in `region`, of `n` cells, until the next move: a later draw of
  // its cells needs no flood.
  private rememberRefused(n: number): void {
    const { region, refused, refusedSize } = this;
    for (let cx = this.regionFrom; cx <= this.regionTo; cx++) {
      let cellsHere = region[cx];
      if (cellsHere === 0) continue;
      refused[cx] |= cellsHere;
      while (cellsHere !== 0) {
        const b = cellsHere & -cellsHere;
        refusedSize[cx * 32 + 31 - Math.clz32(b)] = n;
        cellsHere ^= b;
      }
    }
  }

  // The fall contacts that removing the region in `region` makes (a contest's measure).
  private fallContacts(): number {
    const { masks, colors, heights, region } = this;
    return maskFallContacts(masks, colors, heights, region, this.regionFrom, this.regionTo, this.columns);
  }

  // The position of `kernel` into the masks, and each column's pairs.
  private load(kernel: Kernel, tabuColor: number): void {
    const { width, colors, masks, heights } = this;
    const { cells, height: h } = kernel;
    masks.fill(0);
    this.columns = kernel.columns;
    for (let x = 0; x < width; x++) {
      const top = x < kernel.columns ? kernel.heights[x] : 0;
      heights[x] = top;
      for (let y = 0; y < top; y++) masks[x * colors + cells[x * h + y]] |= 1 << y;
    }
    for (let x = 0; x < width; x++) this.pairsOf(x, tabuColor);
  }

  // The final position back into `kernel`.
  private store(kernel: Kernel, filled: number, points: number): void {
    const { colors, masks, heights } = this;
    const { cells, height: h } = kernel;
    for (let x = 0; x < kernel.columns; x++) {
      const base = x * h;
      const top = x < this.columns ? heights[x] : 0;
      for (let y = 0; y < top; y++) cells[base + y] = maskColorAt(masks, colors, x, 1 << y);
      cells.fill(EMPTY, base + top, base + kernel.heights[x]);
      kernel.heights[x] = top;
    }
    kernel.columns = this.columns;
    kernel.filled = filled;
    kernel.score += points;
  }

  // Column x's cells with a same-colored neighbor, split into the tabu color and the others;
  // also the column's same-as-right word. Columns are counted left to right, so the word of the
  // column on the left is current (it is unchanged, or was counted just before).
  private pairsOf(x: number, tabuColor: number): void {
    const { colors, masks } = this;
    let free = 0;
    let tabu = 0;
    if (x < this.columns) {
      let above = 0;
      let right = 0;
      for (let i = x * colors, last = i + colors; i < last; i++) {
        const m = masks[i];
        above |= m & (m >>> 1);
        right |= m & masks[i + colors];
      }
      this.sameRight[x] = right;
      const pairs = above | (above << 1) | right | (x > 0 ? this.sameRight[x - 1] : 0);
      if (tabuColor >= 0) {
        const mine = masks[x * colors + tabuColor];
        tabu = pairs & mine;
        free = pairs & ~mine;
      } else free = pairs;
    }
    // A neighbor of the changed columns often keeps its pairs: no count then.
    if (free !== this.free[x]) {
      this.free[x] = free;
      this.freeCount[x] = bitCount(free);
    }
    if (tabu !== this.tabu[x]) {
      this.tabu[x] = tabu;
      this.tabuCount[x] = bitCount(tabu);
    }
  }

  // The region of color `color` holding bit `bit` of column `x` into `region` (columns
  // `regionFrom` to `regionTo`); returns its size. Columns are grown from a stack: a column is
  // visited again only when a neighbor's growth gave it new seeds.
  private flood(color: number, x: number, bit: number): number {
    const { colors, masks, region, stack } = this;
    const last = this.columns - 1;
    for (let cx = this.regionFrom; cx <= this.regionTo; cx++) region[cx] = 0;
    let lo = x;
    let hi = x;
    let grown = runsThrough(masks[x * colors + color], bit);
    region[x] = grown;
    let n = bitCount(grown);
    let top = 0;
    // Most regions lie in one column: a neighbor column is stacked only when it holds a cell
    // of the color beside the cells just grown.
    if (x > 0 && (masks[(x - 1) * colors + color] & grown) !== 0) stack[top++] = x - 1;
    if (x < last && (masks[(x + 1) * colors + color] & grown) !== 0) stack[top++] = x + 1;
    while (top > 0) {
      const cx = stack[--top];
      const m = masks[cx * colors + color];
      const had = region[cx];
      const seeds = m & ~had & ((cx > 0 ? region[cx - 1] : 0) | (cx < last ? region[cx + 1] : 0));
      if (seeds === 0) continue;
      grown = runsThrough(m, seeds | had);
      region[cx] = grown;
      n += bitCount(grown) - bitCount(had);
      if (cx < lo) lo = cx;
      if (cx > hi) hi = cx;
      const fresh = grown & ~had;
      if (cx > 0 && (masks[(cx - 1) * colors + color] & ~region[cx - 1] & fresh) !== 0) stack[top++] = cx - 1;
      if (cx < last && (masks[(cx + 1) * colors + color] & ~region[cx + 1] & fresh) !== 0) stack[top++] = cx + 1;
    }
    this.regionFrom = lo;
    this.regionTo = hi;
    return n;
  }

  // Drops emptied columns from `from` on, shifting every color's words and the heights left.
  private compact(from: number): void {
    const { colors, masks, heights } = this;
    let write = from;
    for (let x = from; x < this.columns; x++) {
      if (heights[x] === 0) continue;
      if (write !== x) {
        for (let c = 0; c < colors; c++) masks[write * colors + c] = masks[x * colors + c];
        heights[write] = heights[x];
      }
      write++;
    }
    for (let x = write; x < this.columns; x++) {
      for (let c = 0; c < colors; c++) masks[x * colors + c] = 0;
      heights[x] = 0;
    }
    this.columns = write;
  }
}
