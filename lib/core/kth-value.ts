/**
 * The k-th smallest of a prefix of values, without sorting them all: the beams only need the
 * cutoff of their best few hundredths (quickselect, expected linear time).
 */

/** Scratch space reused between calls (grown as needed; one thread runs one search at a time). */
let scratch = new Float64Array(1024);

/**
 * The value that `values.slice(0, count).sort()[k]` would give (0 <= k < count); `values` is
 * not changed.
 */
export function kthSmallest(values: Float64Array, count: number, k: number): number {
  if (scratch.length < count) scratch = new Float64Array(2 * count);
  const a = scratch;
  a.set(values.subarray(0, count));
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    // Median of three as the pivot keeps sorted or constant runs from going quadratic.
    const mid = (lo + hi) >>> 1;
    const pivot = medianOfThree(a[lo], a[mid], a[hi]);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}
