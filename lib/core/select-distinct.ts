import { bestFirst, indicesBestFirst } from './best-first.js';
import { kthSmallest } from './kth-value.js';
import { SeenHashes } from './seen-hashes.js';

/** Reused between calls (one thread runs one search at a time). */
const seen = new SeenHashes();
let top = new Int32Array(1024);

/**
 * Beam selection shared by both games' searches: the best `width` candidates by value, each
 * distinct position (by hash) once, ties broken by candidate order so the result is
 * deterministic. Returns candidate indices, best first.
 */
export function selectDistinctBest(value: Float64Array, hash: Float64Array, count: number, width: number): Int32Array {
  // Most candidates are far from the top: a selection (not a sort) of the values finds a cutoff,
  // and only the candidates at or above it (a prefix of the full order) are sorted by index
  // too. When duplicates leave that prefix short of `width`, the full order decides.
  const prefix = Math.min(count, 2 * width + 16);
  if (prefix < count) {
    const cutoff = kthSmallest(value, count, count - prefix);
    // Ties at the cutoff may put more than `prefix` at or above it.
    if (top.length < count) top = new Int32Array(2 * count);
    let n = 0;
    for (let i = 0; i < count; i++) if (value[i] >= cutoff) top[n++] = i;
    const kept = keepDistinct(top.subarray(0, n).sort(bestFirst(value)), hash, width);
    if (kept.length === width) return kept;
  }
  const order = indicesBestFirst(value, count);
  return keepDistinct(order, hash, width);
}

/** The first `width` entries of `order` whose hashes have not been seen yet. */
export function keepDistinct(order: Int32Array, hash: Float64Array, width: number): Int32Array {
  const kept = new Int32Array(Math.min(width, order.length));
  seen.clear(kept.length);
  let n = 0;
  for (let r = 0; r < order.length && n < kept.length; r++) {
    const c = order[r];
    if (seen.add(hash[c])) kept[n++] = c;
  }
  return kept.subarray(0, n);
}
