import { bestFirst } from '../../core/best-first.js';

/**
 * A ranked list with a fair share for every group, without sorting every candidate: the order a
 * beam level gives its rollouts in. The candidates ranked best first by value (ties by index),
 * then reordered so that each group's `perGroup` best come first (the first part, in rank order)
 * and all the others after them. A level holds tens of thousands of children and only about
 * `perGroup` per position get a rollout, so only the first part is sorted, unless a caller wants
 * more than it holds (`wanted`): then the others are sorted too. Otherwise they follow in index
 * order, which a caller taking at most `wanted` entries never reads. Sorting every candidate with
 * a comparator showed up in a whole search's time.
 */
export function fairShareOrder(
  value: Float64Array,
  groupOf: Int32Array,
  count: number,
  groups: number,
  perGroup: number,
  wanted: number,
): Int32Array {
  // Each group's best, kept best first in a slot of `perGroup` entries. Candidates come in
  // index order, so a later one displaces an entry only with a strictly greater value.
  const best = new Int32Array(groups * perGroup);
  const size = new Int32Array(groups);
  for (let i = 0; i < count; i++) {
    const slot = groupOf[i] * perGroup;
    const v = value[i];
    let n = size[groupOf[i]];
    if (n === perGroup) {
      if (!(v > value[best[slot + n - 1]])) continue;
      n--;
    } else size[groupOf[i]] = n + 1;
    let j = slot + n;
    for (; j > slot && v > value[best[j - 1]]; j--) best[j] = best[j - 1];
    best[j] = i;
  }
  const order = new Int32Array(count);
  const first = new Uint8Array(count);
  let firstLength = 0;
  for (let g = 0; g < groups; g++) {
    for (let j = g * perGroup, end = j + size[g]; j < end; j++) {
      order[firstLength++] = best[j];
      first[best[j]] = 1;
    }
  }
  const byRank = bestFirst(value);
  order.subarray(0, firstLength).sort(byRank);
  let r = firstLength;
  for (let i = 0; i < count; i++) if (first[i] === 0) order[r++] = i;
  if (wanted > firstLength) order.subarray(firstLength).sort(byRank);
  return order;
}
