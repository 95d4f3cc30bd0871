/**
 * `tilefall columns bench` (`npm run bench:columns`): on a dataset of instances, the quickstart,
 * the 1-ply greedy and the solver in one run, as ratios to the quickstart, with the solver's wall
 * time per instance measured as the contest measures it: a fresh process, start-up included.
 * With `--submission FILE` the solver timed is that single-file program (the `build:columns`
 * output, input on stdin, as a judge runs it) instead of the CLI; `--against FILE` runs a second
 * program beside it on each instance and prints the paired comparison. The bench itself is
 * lib/columns/node/bench.ts; this reads the dataset, hands it the judge, and prints.
 */
import { readInstances } from '../../columns/engine/text.js';
import { type BenchFailure, benchInstances } from '../../columns/node/bench.js';
import { judgeColumnsProgram } from '../../judge/columns.js';
import { packagePath } from '../../node/package-root.js';
import { loadPlotPackages } from '../../node/vega.js';
import { columnsBenchPlot } from '../bench-plots.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { OPTIONS, outputOption, positiveOption, textOption } from '../options.js';
import { comparisonLine } from '../paired-comparison.js';
import { readInputText } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';

/** The committed benchmark set: the statement's sample, then 30 generated instances. */
export const COLUMNS_BENCH_DATASET: string = packagePath('datasets/columns/bench.txt');

export const benchCommand = defineCommand({
  name: 'bench',
  describe: 'compare quickstart, greedy and the solver on a dataset, timing the solver as the contest does',
  options: {
    dataset: textOption({ default: COLUMNS_BENCH_DATASET, describe: 'instances separated by "---" lines' }),
    time: positiveOption(600, { default: '3.5', describe: "the solver's --time (wall seconds from process start)" }),
    weights: OPTIONS.weights,
    submission: textOption({ describe: 'time this single-file program (input on stdin) instead of the CLI' }),
    against: textOption({
      describe: 'also run this single-file program on each instance, the order alternating, and compare the two paired',
    }),
    plot: outputOption('file', {
      describe: "write an SVG chart of each instance's score in multiples of the quickstart",
    }),
  },
  checks: [
    {
      option: 'weights',
      message: 'cannot be given to a --submission (it plays the default weights)',
      fails: (o) => o.submission !== undefined && o.weights !== undefined,
    },
  ],
  examples: [
    ['$0 columns bench', 'the committed benchmark set'],
    ['$0 columns bench --submission new.cjs --against old.cjs', 'two submissions side by side, paired'],
  ],
  run: async (options) => {
    // A missing optional package is reported now, not after the benchmark.
    if (options.plot !== undefined) await loadPlotPackages();
    const parsed = readInstances(readInputText(options.dataset));
    if (!parsed.ok) {
      throw new InputFailure({ file: options.dataset, line: parsed.error.line, message: parsed.error.message });
    }
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const against = options.against !== undefined;
    const widths = [3, 6, 6, 10, 9, 9, 8, 8, ...(against ? [9] : [])];
    const row = (values: readonly (string | number)[]) => tableRow(widths, values);
    out(
      row(['#', 'field', 'k', 'quickstart', 'greedy', 'solver', 'x quick', 'seconds', ...(against ? ['against'] : [])]),
    );
    const instances = parsed.value;
    const solver = {
      seconds: options.time,
      weightsFile: options.weights,
      submission: options.submission,
      against: options.against,
    };
    const bench = await benchInstances(instances, solver, judgeColumnsProgram, (r, i) => {
      const ratio = r.quickstart > 0 ? (r.solver / r.quickstart).toFixed(1) : '-';
      const { width, height, pieces } = instances[i];
      out(
        row([
          i + 1,
          `${width}x${height}`,
          pieces.length,
          r.quickstart,
          r.greedy,
          r.solver,
          ratio,
          r.seconds.toFixed(2),
          ...(r.against === undefined ? [] : [r.against]),
        ]),
      );
    });
    if (!bench.ok) throw new Error(failureMessage(bench.error));
    const { totals, slowest } = bench.value;
    const rows = bench.value.rows.map((r, i) => ({ instance: i + 1, ...r }));
    // Games the solver's output let end before the last column (a column stuck out).
    const endedEarly = rows.flatMap((r, i) =>
      r.gameOverAt === null ? [] : [`${i + 1} (column ${r.gameOverAt} of ${instances[i].pieces.length})`],
    );
    const againstTotal = bench.value.comparison === undefined ? [] : [bench.value.comparison.totalA];
    out(
      row(['total', '', '', totals.quickstart, totals.greedy, totals.solver, '', '', ...againstTotal]).replace(
        /^\s+total/,
        'total',
      ),
    );
    out(
      `solver / quickstart ${(totals.solver / totals.quickstart).toFixed(2)}, greedy / quickstart ${(totals.greedy / totals.quickstart).toFixed(2)}, slowest solve ${slowest.toFixed(2)} s (start-up included), ended early: ${endedEarly.join(', ') || 'none'}`,
    );
    const { comparison } = bench.value;
    if (comparison !== undefined) {
      const againstRatio = (comparison.totalA / totals.quickstart).toFixed(2);
      const versus = `solver (B) against ${options.against} (A, ${againstRatio} times the quickstart)`;
      out(`${versus}, paired: ${comparisonLine(comparison, 'an instance')}`);
    }
    if (options.plot !== undefined) writeTextOutput(await columnsBenchPlot(rows), options.plot);
    return EXIT.ok;
  },
});

/** A run that gave no score (the solver's or the `--against` program's), as the internal error names it. */
function failureMessage({ index, end, program, reason }: BenchFailure): string {
  const what =
    end === 'invalid'
      ? 'printed an invalid output'
      : end === 'timeout'
        ? 'timed out'
        : end === 'memory'
          ? 'went over the memory limit'
          : 'failed';
  const who = program === 'solver' ? 'solve' : 'the --against program';
  return `${who} ${what} on instance ${index + 1}: ${reason}`;
}
