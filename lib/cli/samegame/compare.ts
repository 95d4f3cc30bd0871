/**
 * `tilefall samegame compare`: two weight sets on the same boards, as a paired difference
 * (lib/samegame/node/compare.ts), a row per board as it is done and the summary under them.
 * `--jobs 1` runs the sides back to back, alternating which goes first; `--jobs 2` runs them side
 * by side on workers, so that they meet the same load.
 */

import { terminalJson } from '../../core/control-characters.js';
import { packagePath } from '../../node/package-root.js';
import { type ComparePlan, compareWeights } from '../../samegame/node/compare.js';
import { DEFAULT_WEIGHTS } from '../../samegame/search/weights.js';
import { selectBoards } from '../board-range.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { integerOption, integerOrRangeOption, OPTIONS, oneBudget, positiveOption, textOption } from '../options.js';
import { comparisonLine } from '../paired-comparison.js';
import { readBoardsFile } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { readOptionalSameGameWeights, readSameGameWeights } from './options.js';

/** The held-out boards a comparison reads by default (the standard 20 are the final exam, not a tuning set). */
export const VALIDATION_DATASET: string = packagePath('datasets/samegame/validate.txt');

/** Search seconds a solve gets by default: the puzzle's first turn. */
export const COMPARE_DEFAULT_SECONDS = 20;

export const compareCommand = defineCommand({
  name: 'compare',
  describe: 'two weight sets on the same boards, each board solved by both, as a paired difference',
  options: {
    dataset: textOption({
      default: VALIDATION_DATASET,
      describe: 'boards separated by blank lines (default: the held-out validation boards)',
    }),
    a: textOption({ describe: 'weights JSON for side A (default: the shipped defaults)' }),
    b: textOption({ demandOption: true, describe: 'weights JSON for side B' }),
    time: positiveOption(3600, { describe: `search seconds per solve (default ${COMPARE_DEFAULT_SECONDS})` }),
    nodes: OPTIONS.nodes,
    seed: OPTIONS.seed,
    boards: integerOrRangeOption(1, 10_000, {
      describe: 'only the first N boards, or boards A..B (numbered from 1, as the table prints them)',
    }),
    jobs: integerOption(1, 64, {
      default: '1',
      describe:
        "solves at once: 1 runs A and B back to back; 2 or more run each board's A and B side by side on workers, N / 2 boards at a time",
    }),
    json: OPTIONS.json,
  },
  checks: [oneBudget],
  examples: [
    [
      '$0 samegame compare --b tuned.json --time 5 --jobs 2',
      'the defaults against tuned.json, 5 s a solve, both at once',
    ],
    ['$0 samegame compare --b tuned.json --nodes 7000000 --boards 1..40', 'reproducible, on the first 40 boards'],
  ],
  run: async (options) => {
    const all = readBoardsFile(options.dataset);
    const { boards, from } = selectBoards(all, options.boards);
    const weights = {
      a: readOptionalSameGameWeights(options.a) ?? DEFAULT_WEIGHTS,
      b: readSameGameWeights(options.b),
    };
    const plan: ComparePlan = {
      budget:
        options.nodes !== undefined
          ? { nodes: options.nodes }
          : { timeMs: 1000 * (options.time ?? COMPARE_DEFAULT_SECONDS) },
      seed: options.seed,
      jobs: options.jobs,
    };
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const row = (values: readonly (string | number)[]) => tableRow([6, 7, 7, 7], values);
    if (!options.json) out(row(['board', 'A', 'B', 'B - A']));
    const { rows, summary } = await compareWeights(boards, weights, plan, (r, i) => {
      if (!options.json) out(row([from + i + 1, r.a, r.b, r.b - r.a]));
    });
    if (options.json) {
      out(terminalJson({ ...summary, boards: rows.map((r, i) => ({ board: from + i + 1, ...r })) }));
      return EXIT.ok;
    }
    out(comparisonLine(summary, 'a board'));
    return EXIT.ok;
  },
});
