/**
 * The Columns beam's choice of the next level: the best distinct children, but no more than a few
 * from any one kept field while good children of other fields are left. Left to the values alone,
 * one field's siblings (the same stacks but for where the last column went) fill most of a narrow
 * beam, and the lines the others carried die; capped, the beam keeps several lines alive
 * (docs/columns-search-log.md, "Children a kept field may pass on").
 */
import { selectDistinctBest } from '../../core/select-distinct.js';

/** How a level is chosen: `width` places, at most `cap` a parent among the best `pool` x `width` distinct children. */
export interface DiversityRule {
  readonly width: number;
  /** Children of one parent kept while others' are left (the width or more, or Infinity: no cap). */
  readonly cap: number;
  /**
   * How deep, in multiples of `width` (at least 1), the capped walk looks: a parent's best child
   * is kept over another parent's second only if it ranks among the best `pool x width` distinct
   * children.
   */
  readonly pool: number;
}

/** Reused between calls (one thread runs one search at a time). */
let perParent = new Int32Array(64);
let taken = new Uint8Array(256);

/**
 * Candidate indices for the next level, best first (ties by index): the best `pool x width`
 * distinct candidates walked best first, each kept unless its parent already has `cap` kept; the
 * places left are filled with the children set aside, best first. `parent[c]` lies in
 * `0..parents - 1`. A pool under 1 counts as 1; with a cap of the width or more (Infinity) this
 * is {@link selectDistinctBest}.
 */
export function selectDiverse(
  value: Float64Array,
  hash: Float64Array,
  parent: Int32Array,
  parents: number,
  count: number,
  rule: DiversityRule,
): Int32Array {
  const { width, cap } = rule;
  // A cap of the whole width never sets a child aside.
  if (cap >= width) return selectDistinctBest(value, hash, count, width);
  // A pool under one width would leave places empty.
  const pool = selectDistinctBest(value, hash, count, Math.min(count, Math.max(width, Math.ceil(rule.pool * width))));
  if (perParent.length < parents) perParent = new Int32Array(2 * parents);
  if (taken.length < pool.length) taken = new Uint8Array(2 * pool.length);
  perParent.fill(0, 0, parents);
  taken.fill(0, 0, pool.length);
  const places = Math.min(width, pool.length);
  let n = 0;
  for (let r = 0; r < pool.length && n < places; r++) {
    const p = parent[pool[r]];
    if (perParent[p] < cap) {
      perParent[p]++;
      taken[r] = 1;
      n++;
    }
  }
  // The places left go to the children set aside, best first.
  for (let r = 0; r < pool.length && n < places; r++) {
    if (taken[r] === 0) {
      taken[r] = 1;
      n++;
    }
  }
  // The pool is best first already: the kept children in its order.
  const kept = new Int32Array(places);
  for (let r = 0, k = 0; k < places; r++) if (taken[r] === 1) kept[k++] = pool[r];
  return kept;
}
