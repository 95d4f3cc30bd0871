/**
 * Most placements make no match: the three jewels just sit on their stack. Such a "quiet" drop
 * changes the evaluation's features and the field's hash in a few cells only, so its value can be
 * had from the parent's summary without copying the field. A drop that matches (or a magic column)
 * is played on a real kernel instead. A property test checks this path against a full evaluation.
 */
import { zobristValue } from '../../core/zobrist-keys.js';
import { JEWEL_COLORS } from '../engine/field.js';
import { type Evaluator, FieldSummary, stackDanger, summarizeField } from './evaluation.js';
import type { Kernel } from './kernel.js';
import type { Zobrist } from './zobrist.js';

/** Evaluates quiet drops onto one parent field at a time. */
export class QuietDrops {
  private parent!: Kernel;
  private readonly summary = new FieldSummary();
  private dominant = 0;
  private parentHigh = 0;
  private parentLow = 0;
  /** The child's jewels bottom to top, for counting the pairs they add. */
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
    const colors = this.evaluator.colors;
    for (let i = 0; i < colors.length; i++)
      if (this.summary.counts[colors[i]] > this.dominant) this.dominant = this.summary.counts[colors[i]];
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
    if (k.pieceMatches(x, a, b, c)) return NaN;

    const s = this.summary;
    const counts = s.counts;
    // Color counts only grow, so the most frequent color is a max with the three new counts.
    counts[a]++;
    counts[b]++;
    counts[c]++;
    const dominant = Math.max(this.dominant, counts[a], counts[b], counts[c]);
    const exposed = s.exposed;
    const oldTop = top > 0 ? cells[k.columnBase(x) + top - 1] : -1;
    if (oldTop >= 0) exposed[oldTop]--;
    exposed[c]++;
    let target = 0;
    const colors = this.evaluator.colors;
    for (let i = 0; i < colors.length; i++) {
      const color = colors[i];
      if (exposed[color] > 0 && counts[color] > target) target = counts[color];
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
    const cell = (k.columnBase(x) + top) * JEWEL_COLORS;
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

  /** Neighboring equal pairs the three new jewels add (each pair once, as the full scan counts). */
  private newPairs(x: number, top: number): number {
    const { cells, stride } = this.parent;
    const base = this.parent.columnBase(x) + top;
    const d = this.dropped;
    let pairs = 0;
    if (cells[base - 1] === d[0]) pairs++;
    if (d[0] === d[1]) pairs++;
    if (d[1] === d[2]) pairs++;
    // The side stacks' cells one row below to one above each new jewel (empty off the field).
    for (let i = 0; i < 3; i++) {
      for (let dy = -1; dy <= 1; dy++) {
        if (cells[base + i - stride + dy] === d[i]) pairs++;
        if (cells[base + i + stride + dy] === d[i]) pairs++;
      }
    }
    return pairs;
  }
}
