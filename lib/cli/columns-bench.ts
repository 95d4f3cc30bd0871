/**
 * `tilefall columns bench` (`npm run bench:columns`): on a dataset of instances, the quickstart,
 * the 1-ply greedy and the solver in one run, as ratios to the quickstart, with the solver's wall
 * time per instance measured as the contest measures it: a fresh process, start-up included.
 * With `--submission FILE` the solver timed is that single-file program (the `build:columns`
 * output, input on stdin, as a judge runs it) instead of the CLI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import { z } from 'zod';
import { greedyPlacements, quickstartPlacements } from '../columns/baselines.js';
import { playGame } from '../columns/game.js';
import { parseInstance } from '../columns/instance.js';
import { parseOutput } from '../columns/output.js';
import { columnsTuningGame } from '../columns/tuning.js';
import type { CliCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { parseOptions, positiveNumberOption } from './options.js';
import { readInputText } from './read-input.js';

const BIN = fileURLToPath(new URL('../../bin/tilefall.mjs', import.meta.url));
export const COLUMNS_BENCH_DATASET = fileURLToPath(new URL('../../datasets/columns/bench.txt', import.meta.url));

const optionsSchema = z
  .object({
    dataset: z.string().min(1),
    time: positiveNumberOption(600),
    weights: z.string().min(1).optional(),
    submission: z.string().min(1).optional(),
  })
  .refine((o) => o.submission === undefined || o.weights === undefined, {
    message: '--weights cannot be given to a --submission (it plays the default weights)',
    path: ['weights'],
  });

export const columnsBenchCommand: CliCommand = {
  command: 'bench',
  describe: 'compare quickstart, greedy and the solver on a dataset, timing the solver as the contest does',
  builder: (y: Argv): Argv =>
    y
      .option('dataset', {
        type: 'string',
        default: COLUMNS_BENCH_DATASET,
        describe: 'instances separated by "---" lines',
      })
      .option('time', {
        type: 'string',
        default: '3.5',
        describe: "the solver's --time (wall seconds from process start)",
      })
      .option('weights', { type: 'string', describe: 'evaluation weights JSON for the solver' })
      .option('submission', {
        type: 'string',
        describe: 'time this single-file program (input on stdin) instead of the CLI',
      })
      .example('$0 columns bench', 'the committed benchmark set'),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const split = columnsTuningGame.splitInstances(readInputText(options.dataset));
    if (!split.ok)
      throw new InputFailure({ file: options.dataset, line: split.error.line, message: split.error.message });
    const work = mkdtempSync(join(tmpdir(), 'tilefall-columns-bench-'));
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(
      `${'#'.padStart(3)} ${'field'.padStart(6)} ${'k'.padStart(6)} ${'quickstart'.padStart(10)} ${'greedy'.padStart(9)} ${'solver'.padStart(9)} ${'x quick'.padStart(8)} ${'seconds'.padStart(8)}`,
    );
    const totals = { quick: 0, greedy: 0, solver: 0 };
    let slowest = 0;
    split.value.forEach((text, i) => {
      const parsed = parseInstance(text);
      if (!parsed.ok) throw new InputFailure({ file: options.dataset, message: parsed.error.message });
      const instance = parsed.value;
      const quick = playGame(instance, quickstartPlacements(instance)).score;
      const greedy = playGame(instance, greedyPlacements(instance)).score;
      const file = join(work, `instance-${i + 1}.txt`);
      writeFileSync(file, text);
      const args =
        options.submission === undefined
          ? [
              BIN,
              'columns',
              'solve',
              '--input',
              file,
              '--time',
              String(options.time),
              ...(options.weights ? ['--weights', options.weights] : []),
            ]
          : [options.submission];
      const env = { ...process.env, TILEFALL_COLUMNS_SECONDS: String(options.time) };
      const started = performance.now();
      const run = spawnSync(process.execPath, args, {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env,
        input: options.submission === undefined ? undefined : text,
      });
      const seconds = (performance.now() - started) / 1000;
      if (run.status !== 0) throw new Error(`solve failed on instance ${i + 1}: ${run.stderr}`);
      const placements = parseOutput(run.stdout, instance.width, instance.pieces.length);
      if (!placements.ok)
        throw new Error(`solve printed an invalid output on instance ${i + 1}: ${placements.error.message}`);
      const solver = playGame(instance, placements.value).score;
      totals.quick += quick;
      totals.greedy += greedy;
      totals.solver += solver;
      slowest = Math.max(slowest, seconds);
      const ratio = quick > 0 ? (solver / quick).toFixed(1) : '-';
      out(
        `${String(i + 1).padStart(3)} ${`${instance.width}x${instance.height}`.padStart(6)} ${String(instance.pieces.length).padStart(6)} ${String(quick).padStart(10)} ${String(greedy).padStart(9)} ${String(solver).padStart(9)} ${ratio.padStart(8)} ${seconds.toFixed(2).padStart(8)}`,
      );
    });
    out(
      `total ${String(totals.quick).padStart(21)} ${String(totals.greedy).padStart(9)} ${String(totals.solver).padStart(9)}`,
    );
    out(
      `solver / quickstart ${(totals.solver / totals.quick).toFixed(2)}, greedy / quickstart ${(totals.greedy / totals.quick).toFixed(2)}, slowest solve ${slowest.toFixed(2)} s (start-up included)`,
    );
    return EXIT.ok;
  },
};
