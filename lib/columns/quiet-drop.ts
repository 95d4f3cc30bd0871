/**
 * Most placements make no match: the three jewels just sit on their stack. Such a "quiet" drop
 * changes the evaluation's features and the field's hash in a few cells only, so its value can be
 * had from the parent's summary without copying the field. A drop that matches (or a magic column)
 * is played on a real kernel instead. A property test checks this path against a full evaluation.
 */
import { zobristValue } from '../core/zobrist-keys.js';
import { type Evaluator, FieldSummary, stackDanger, summarizeField } from './evaluation.js';
import { JEWEL_COLORS } from './field.js';
import type { Kernel } from './kernel.js';
import type { Zobrist } from './zobrist.js';

/** Evaluates quiet drops onto one parent field at a time. */
export class QuietDrops {
  private parent!: Kernel;
  private readonly summary = new FieldSummary();
  private dominant = 0;
  private parentHigh = 0;
  private parentLow = 0;
  /** The child's jewels bottom to top, for the match check. */
  private readonly dropped = new Int8Array(3);
  /** The hash of the last child {@link value} accepted. */
  hash = 0;

  constructor(
    private readonly evaluator: Evaluator,
    private readonly zobrist: Zobrist,
  ) {}

  /** Takes `parent` as the field the next drops land on (one full scan). */
  setParent(parent: Kernel): void {
    this.parent = parent;
    summarizeField(parent, this.summary);
    this.dominant = 0;
    const colours = this.evaluator.colours;
    for (let i = 0; i < colours.length; i++)
      if (this.summary.counts[colours[i]] > this.dominant) this.dominant = this.summary.counts[colours[i]];
    this.zobrist.hash(parent);
    this.parentHigh = this.zobrist.high;
    this.parentLow = this.zobrist.low;
  }

  /**
   * The value of dropping jewels `a, b, c` (bottom to top, shifts applied) at column `x`, or NaN
   * when the drop makes a match or sticks out (play it on a kernel then). Sets {@link hash}.
   */
  value(x: number, a: number, b: number, c: number, magicAhead: boolean): number {
    const k = this.parent;
    const { width, height, heights, cells } = k;
    const top = heights[x];
    if (top + 3 > height) return NaN;
    const dropped = this.dropped;
    dropped[0] = a;
    dropped[1] = b;
    dropped[2] = c;
    if (this.dropMatches(x, top)) return NaN;

    const s = this.summary;
    const counts = s.counts;
    // Colour counts only grow, so the most frequent colour is a max with the three new counts.
    counts[a]++;
    counts[b]++;
    counts[c]++;
    const dominant = Math.max(this.dominant, counts[a], counts[b], counts[c]);
    const exposed = s.exposed;
    const oldTop = top > 0 ? cells[x * height + top - 1] : -1;
    if (oldTop >= 0) exposed[oldTop]--;
    exposed[c]++;
    let target = 0;
    const colours = this.evaluator.colours;
    for (let i = 0; i < colours.length; i++) {
      const colour = colours[i];
      if (exposed[colour] > 0 && counts[colour] > target) target = counts[colour];
    }
    exposed[c]--;
    if (oldTop >= 0) exposed[oldTop]++;
    counts[a]--;
    counts[b]--;
    counts[c]--;

    const newTop = top + 3;
    const danger = s.danger - stackDanger(top, height) + stackDanger(newTop, height);
    let bumpiness = s.bumpiness;
    if (x > 0) bumpiness += Math.abs(newTop - heights[x - 1]) - Math.abs(top - heights[x - 1]);
    if (x + 1 < width) bumpiness += Math.abs(newTop - heights[x + 1]) - Math.abs(top - heights[x + 1]);
    const pairs = s.pairs + this.newPairs(x, top);

    const keys = this.zobrist.keys;
    const cell = (x * height + top) * JEWEL_COLORS;
    const k0 = cell + a;
    const k1 = cell + JEWEL_COLORS + b;
    const k2 = cell + 2 * JEWEL_COLORS + c;
    this.hash = zobristValue(
      this.parentHigh ^ keys.high[k0] ^ keys.high[k1] ^ keys.high[k2],
      this.parentLow ^ keys.low[k0] ^ keys.low[k1] ^ keys.low[k2],
    );
    return this.evaluator.combine(
      k.score,
      s.jewels + 3,
      target,
      dominant,
      Math.max(s.maxHeight, newTop),
      danger,
      bumpiness,
      pairs,
      magicAhead,
    );
  }

  /** The parent's jewel at (x, y) in a column other than the drop's, or -1 when empty or off the field. */
  private side(x: number, y: number): number {
    const k = this.parent;
    return x >= 0 && x < k.width && y >= 0 && y < k.heights[x] ? k.cells[x * k.height + y] : -1;
  }

  /**
   * True when the three jewels dropped on stack `x` (from row `top`) complete a window of three:
   * the vertical windows holding a new jewel, then for each new jewel the horizontal and both
   * diagonal windows through it (two cells on either side), written out because this runs for
   * every child. {@link UNROLLED_READINGS} in `kernel.ts` guards the readings it assumes.
   */
  private dropMatches(x: number, top: number): boolean {
    const d = this.dropped;
    const { cells, height } = this.parent;
    const base = x * height;
    if (d[0] === d[1] && (d[1] === d[2] || (top >= 1 && cells[base + top - 1] === d[0]))) return true;
    if (top >= 2 && cells[base + top - 1] === d[0] && cells[base + top - 2] === d[0]) return true;
    for (let i = 0; i < 3; i++) {
      const j = d[i];
      const y = top + i;
      if (this.throughSide(x, y, j, 0) || this.throughSide(x, y, j, 1) || this.throughSide(x, y, j, -1)) return true;
    }
    return false;
  }

  /** True when jewel `j` at (x, y) completes a window stepping (±1, ±dy) with the side stacks' jewels. */
  private throughSide(x: number, y: number, j: number, dy: number): boolean {
    if (this.side(x + 1, y + dy) === j) {
      if (this.side(x - 1, y - dy) === j || this.side(x + 2, y + 2 * dy) === j) return true;
    } else if (this.side(x - 1, y - dy) === j && this.side(x - 2, y - 2 * dy) === j) return true;
    return false;
  }

  /** Neighbouring equal pairs the three new jewels add (each pair once, as the full scan counts). */
  private newPairs(x: number, top: number): number {
    const { cells, heights, height, width } = this.parent;
    const d = this.dropped;
    let pairs = 0;
    if (top > 0 && cells[x * height + top - 1] === d[0]) pairs++;
    if (d[0] === d[1]) pairs++;
    if (d[1] === d[2]) pairs++;
    for (let side = x - 1; side <= x + 1; side += 2) {
      if (side < 0 || side >= width) continue;
      const sideTop = heights[side];
      for (let i = 0; i < 3; i++) {
        const y = top + i;
        for (let yy = y - 1; yy <= y + 1; yy++)
          if (yy >= 0 && yy < sideTop && cells[side * height + yy] === d[i]) pairs++;
      }
    }
    return pairs;
  }
}
