/**
 * The Columns evaluation: named features of a field, each with a weight (tuned by the same
 * genetic tuner as SameGame). Stored jewels are only worth something while a magic column is
 * still to come, so the storage features count only then.
 */
import { ALL_JEWELS, JEWEL_COLORS, type Jewel } from '../engine/field.js';
import type { Kernel } from './kernel.js';
import { WEIGHT_NAMES, type Weights } from './weights.js';

/**
 * What the evaluation reads from a field: per-color counts, how many stacks show each color on
 * top, and the feature sums. Kept per beam state, so a child's summary is a few updates away
 * (see `quiet-drop.ts`).
 */
export class FieldSummary {
  /** Jewels of each color (0..25). */
  readonly counts: Int32Array = new Int32Array(JEWEL_COLORS);
  /** Stacks whose top jewel has each color. */
  readonly exposed: Int32Array = new Int32Array(JEWEL_COLORS);
  jewels = 0;
  maxHeight = 0;
  danger = 0;
  bumpiness = 0;
  pairs = 0;
}

/** The height from which a stack adds to `danger`: six rows below the top. */
export const safeHeight = (fieldHeight: number): number => fieldHeight - 6;

/** A stack's share of `danger`. */
export function stackDanger(top: number, fieldHeight: number): number {
  const over = top - safeHeight(fieldHeight);
  return over > 0 ? over * over : 0;
}

/** Fills `out` from a full scan of the field. */
export function summarizeField(k: Kernel, out: FieldSummary): FieldSummary {
  const { width, height, heights, cells } = k;
  const { counts, exposed } = out;
  counts.fill(0);
  exposed.fill(0);
  let jewels = 0;
  let maxHeight = 0;
  let danger = 0;
  let bumpiness = 0;
  let pairs = 0;
  for (let x = 0; x < width; x++) {
    const top = heights[x];
    const base = k.columnBase(x);
    const right = base + k.stride;
    jewels += top;
    if (top > maxHeight) maxHeight = top;
    danger += stackDanger(top, height);
    if (x + 1 < width) bumpiness += Math.abs(top - heights[x + 1]);
    if (top > 0) exposed[cells[base + top - 1]]++;
    // Each pair of neighboring cells once: up, right, right-up, right-down (the kernel's guard
    // cells and the cells above a stack are empty, so no bounds tests).
    for (let y = 0; y < top; y++) {
      const j = cells[base + y];
      counts[j]++;
      if (cells[base + y + 1] === j) pairs++;
      if (cells[right + y] === j) pairs++;
      if (cells[right + y + 1] === j) pairs++;
      if (cells[right + y - 1] === j) pairs++;
    }
  }
  out.jewels = jewels;
  out.maxHeight = maxHeight;
  out.danger = danger;
  out.bumpiness = bumpiness;
  out.pairs = pairs;
  return out;
}

/** Scores fields with one weight vector, reusing scratch space. */
export class Evaluator {
  /**
   * The colors the fields can hold (an instance's, in practice 3 to 8): the per-color maxima
   * loop over these rather than all 26 letters.
   */
  readonly colors: Int8Array;
  private readonly w: Float64Array;
  private readonly summary = new FieldSummary();

  constructor(weights: Weights, colors: readonly Jewel[] = ALL_JEWELS) {
    this.w = Float64Array.from(WEIGHT_NAMES, (f) => weights[f]);
    this.colors = Int8Array.from(colors);
  }

  /** Score so far plus the weighted features; `magicAhead` says whether a magic column is still to come. */
  value(k: Kernel, magicAhead: boolean): number {
    const s = summarizeField(k, this.summary);
    let dominant = 0;
    let target = 0;
    const colors = this.colors;
    for (let i = 0; i < colors.length; i++) {
      const c = colors[i];
      if (s.counts[c] > dominant) dominant = s.counts[c];
      if (s.exposed[c] > 0 && s.counts[c] > target) target = s.counts[c];
    }
    return this.combine(k.score, s.jewels, target, dominant, s.maxHeight, s.danger, s.bumpiness, s.pairs, magicAhead);
  }

  /**
   * The weighted sum of feature values, in one fixed order: the incremental path calls it too,
   * so both give the same number to the last bit.
   */
  combine(
    score: number,
    jewels: number,
    target: number,
    dominant: number,
    maxHeight: number,
    danger: number,
    bumpiness: number,
    pairs: number,
    magicAhead: boolean,
  ): number {
    const w = this.w;
    let v = score + w[3] * maxHeight + w[4] * danger + w[5] * bumpiness + w[6] * pairs;
    if (magicAhead) v += w[0] * jewels + w[1] * target + w[2] * dominant;
    return v;
  }
}
