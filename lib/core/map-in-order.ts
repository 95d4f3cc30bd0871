/** Work on many items, a few at once, with the results in item order whatever order they finish in. */

/** Runs `work` on every item, at most `jobs` at once; resolves to the results in item order. */
export async function mapInOrder<T, R>(
  items: readonly T[],
  jobs: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const runner = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i], i);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, runner));
  return results;
}
