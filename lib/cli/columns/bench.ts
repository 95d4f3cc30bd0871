/**
 * `tilefall columns bench` (`npm run bench:columns`): on a dataset of instances, the quickstart,
 * the 1-ply greedy and the solver in one run, as ratios to the quickstart, with the solver's wall
 * time per instance measured as the contest measures it: a fresh process, start-up included.
 * With `--submission FILE` the solver timed is that single-file program (the `build:columns`
 * output, input on stdin, as a judge runs it) instead of the CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playGame } from '../../columns/engine/referee.js';
import { formatInstance, parseInstances } from '../../columns/engine/text.js';
import { greedyPlacements, quickstartPlacements } from '../../columns/search/baselines.js';
import { judgeColumnsProgram } from '../../judge/columns.js';
import { packagePath } from '../../node/package-root.js';
import { columnsBenchPlot } from '../bench-plots.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { OPTIONS, positiveOption, textOption } from '../options.js';
import { readInputText } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';

const BIN = packagePath('bin/tilefall.mjs');

/** The contest's limit per instance, start-up included. */
const CONTEST_LIMIT_MS = 4000;

/** The committed benchmark set: the statement's sample, then 30 generated instances. */
export const COLUMNS_BENCH_DATASET: string = packagePath('datasets/columns/bench.txt');

export const columnsBenchCommand = defineCommand({
  name: 'bench',
  describe: 'compare quickstart, greedy and the solver on a dataset, timing the solver as the contest does',
  options: {
    dataset: textOption({ default: COLUMNS_BENCH_DATASET, describe: 'instances separated by "---" lines' }),
    time: positiveOption(600, { default: '3.5', describe: "the solver's --time (wall seconds from process start)" }),
    weights: OPTIONS.weights,
    submission: textOption({ describe: 'time this single-file program (input on stdin) instead of the CLI' }),
    plot: textOption({ describe: "write an SVG chart of each instance's score in multiples of the quickstart" }),
  },
  checks: [
    {
      option: 'weights',
      message: 'cannot be given to a --submission (it plays the default weights)',
      fails: (o) => o.submission !== undefined && o.weights !== undefined,
    },
  ],
  examples: [['$0 columns bench', 'the committed benchmark set']],
  run: async (options) => {
    const parsed = parseInstances(readInputText(options.dataset));
    if (!parsed.ok) {
      throw new InputFailure({ file: options.dataset, line: parsed.error.line, message: parsed.error.message });
    }
    const work = mkdtempSync(join(tmpdir(), 'tilefall-columns-bench-'));
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const widths = [3, 6, 6, 10, 9, 9, 8, 8];
    const row = (values: readonly (string | number)[]) => tableRow(widths, values);
    out(row(['#', 'field', 'k', 'quickstart', 'greedy', 'solver', 'x quick', 'seconds']));
    const totals = { quick: 0, greedy: 0, solver: 0 };
    const rows: { instance: number; quickstart: number; greedy: number; solver: number }[] = [];
    let slowest = 0;
    // Games the solver's output let end before the last column (a column stuck out).
    const endedEarly: string[] = [];
    // The instance files live in a folder of their own, removed however the run ends.
    try {
      for (const [i, instance] of parsed.value.entries()) {
        const quick = playGame(instance, quickstartPlacements(instance)).score;
        const greedy = playGame(instance, greedyPlacements(instance)).score;
        const input = join(work, `instance-${i + 1}.txt`);
        writeFileSync(input, formatInstance(instance));
        const weights = options.weights === undefined ? [] : ['--weights', options.weights];
        const argv =
          options.submission === undefined
            ? [process.execPath, BIN, 'columns', 'solve', '--input', input, '--time', String(options.time), ...weights]
            : [process.execPath, options.submission];
        // Run as the contest judge runs a submission (`columns judge`): killed at its limit.
        const env = { ...process.env, TILEFALL_COLUMNS_SECONDS: String(options.time) };
        const limitMs = Math.max(CONTEST_LIMIT_MS, options.time * 1000 + 1000);
        const report = await judgeColumnsProgram(argv, instance, limitMs, env);
        if (report.end !== 'scored') {
          const why =
            report.verdict && !report.verdict.valid ? report.verdict.error.message : report.stderr.join(' / ');
          throw new Error(
            `solve ${report.end === 'invalid' ? 'printed an invalid output' : report.end === 'timeout' ? 'timed out' : 'failed'} on instance ${i + 1}: ${why}`,
          );
        }
        const score = report.score;
        const gameOverAt = report.verdict?.valid ? report.verdict.gameOverAt : null;
        if (gameOverAt !== null) endedEarly.push(`${i + 1} (column ${gameOverAt} of ${instance.pieces.length})`);
        rows.push({ instance: i + 1, quickstart: quick, greedy, solver: score });
        totals.quick += quick;
        totals.greedy += greedy;
        totals.solver += score;
        slowest = Math.max(slowest, report.seconds);
        const ratio = quick > 0 ? (score / quick).toFixed(1) : '-';
        const field = `${instance.width}x${instance.height}`;
        out(row([i + 1, field, instance.pieces.length, quick, greedy, score, ratio, report.seconds.toFixed(2)]));
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    out(row(['total', '', '', totals.quick, totals.greedy, totals.solver, '', '']).replace(/^\s+total/, 'total'));
    out(
      `solver / quickstart ${(totals.solver / totals.quick).toFixed(2)}, greedy / quickstart ${(totals.greedy / totals.quick).toFixed(2)}, slowest solve ${slowest.toFixed(2)} s (start-up included), ended early: ${endedEarly.join(', ') || 'none'}`,
    );
    if (options.plot !== undefined) writeTextOutput(await columnsBenchPlot(rows), options.plot);
    return EXIT.ok;
  },
});
