/**
 * The games of `judge`, a few at once, for a program that may not start at all: once one game
 * finds that it cannot (not found, not executable), no other is started and the run ends as a
 * bad option ends it, in one line with exit code 2, as `conform` ends.
 */
import { mapInOrder } from '../core/map-in-order.js';
import { InputFailure } from './input-error.js';

/**
 * `work` on every item, at most `jobs` at once, the reports in item order; an input failure naming
 * `--option` and the program `argv` when a report says it could not be started.
 */
export async function judgeEach<T, R extends { readonly unstartable?: string }>(
  items: readonly T[],
  jobs: number,
  program: { readonly option: string; readonly argv: readonly string[] },
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  let unstartable: string | undefined;
  const reports = await mapInOrder(items, jobs, async (item) => {
    if (unstartable !== undefined) return undefined;
    const report = await work(item);
    unstartable ??= report.unstartable;
    return report;
  });
  if (unstartable !== undefined)
    throw new InputFailure({
      message: `option --${program.option}: cannot start "${program.argv[0]}": ${unstartable}`,
    });
  return reports as R[];
}
