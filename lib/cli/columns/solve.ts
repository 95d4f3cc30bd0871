/**
 * `tilefall columns solve`: a valid output within the contest's limits. `--time` is wall time
 * from the process start (the contest's 4 s include start-up), default 3.5 s. The output goes to
 * stdout; a summary line for a person (score, columns played, time) to stderr.
 */

import type { Instance, Placement } from '../../columns/engine/instance.js';
import { formatMoves } from '../../columns/engine/moves.js';
import { judgePlacements } from '../../columns/engine/referee.js';
import { replayOutput as columnsReplay } from '../../columns/engine/replay.js';
import { solve } from '../../columns/search/solver.js';
import { columnsPictureSvg } from '../../view/columns-picture.js';
import { replayHtml } from '../../view/page.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { reportFailedWrites, tryWrites } from '../late-writes.js';
import { flagOption, OPTIONS, oneBudget, textOption, withYargs } from '../options.js';
import { readInstanceFile } from '../read-input.js';
import { PICTURE_CHECKS, PICTURE_OPTIONS, pictureStep, SHOW_OPTION } from '../show-options.js';
import { countOf, grouped } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';
import { readOptionalColumnsWeights, solverBudget } from './solver-inputs.js';
import { DEFAULT_COLUMNS_SECONDS, timeLeftFromProcessStartMs } from './time.js';

/**
 * The line a person reads on stderr after the output (stdout stays the output alone): the time
 * since the process started (what the contest's limit counts), and the game the placements play
 * as the engine judges it (columns after the last placement take the default placement).
 */
export function solveSummary(
  instance: Instance,
  placements: readonly Placement[],
  nodes: number,
  seconds: number,
): string {
  const game = judgePlacements(instance, placements);
  if (!game.valid) return `solved in ${seconds.toFixed(1)} s: invalid placements (${game.error.message})`;
  const columns = instance.pieces.length;
  return [
    `solved in ${seconds.toFixed(1)} s: score ${grouped(game.score)} with ${countOf(placements.length, 'placement')}`,
    `${grouped(game.pointsPerColumn.length)} of ${countOf(columns, 'column')} played`,
    ...(game.gameOverAt === null ? [] : [`game over at column ${grouped(game.gameOverAt)}`]),
    countOf(nodes, 'node'),
  ].join(', ');
}

/** The writes of the replay (`--show`) and the picture (`--svg`) of the output found, those asked for. */
function solvePictureWrites(
  instance: Instance,
  output: string,
  options: {
    readonly input: string;
    readonly show?: string;
    readonly svg?: string;
    readonly move?: number;
    readonly glyphs: boolean;
  },
): (() => void)[] {
  const { show, svg } = options;
  if (show === undefined && svg === undefined) return [];
  const replay = columnsReplay(instance, output);
  const step = pictureStep(options.move, replay.columns.length);
  return [
    ...(show === undefined
      ? []
      : [() => writeTextOutput(replayHtml(replay, `Columns: ${options.input}, solved`), show)]),
    ...(svg === undefined ? [] : [() => writeTextOutput(columnsPictureSvg(replay, step, options.glyphs), svg)]),
  ];
}

export const solveCommand = defineCommand({
  name: 'solve',
  describe: 'print a valid, high-scoring output for an input',
  options: {
    input: textOption({ demandOption: true, describe: 'the test: w h, k, then k columns' }),
    time: withYargs(OPTIONS.time, { describe: `wall seconds from process start (default ${DEFAULT_COLUMNS_SECONDS})` }),
    nodes: withYargs(OPTIONS.nodes, { describe: 'placements evaluated: reproducible byte for byte' }),
    weights: OPTIONS.weights,
    seed: withYargs(OPTIONS.seed, { describe: 'accepted for symmetry with samegame; the beam is deterministic' }),
    show: SHOW_OPTION,
    ...PICTURE_OPTIONS,
    quiet: flagOption('only the output: no summary line on stderr'),
  },
  checks: [oneBudget, ...PICTURE_CHECKS],
  examples: [['$0 columns solve --input datasets/columns/sample.txt', 'solve within the contest limit']],
  run: (options) => {
    const instance = readInstanceFile(options.input);
    const weights = readOptionalColumnsWeights(options.weights);
    const budget = solverBudget(options.nodes, timeLeftFromProcessStartMs(options.time ?? DEFAULT_COLUMNS_SECONDS));
    const solution = solve(instance, { budget, weights });
    if (!solution.ok) {
      process.stderr.write(`tilefall: internal error: ${solution.error.message}\n`);
      return EXIT.internal;
    }
    const output = formatMoves(solution.value.moves);
    // The answer first: a picture that cannot be written is reported after it.
    process.stdout.write(output);
    const failures = tryWrites(solvePictureWrites(instance, output, options));
    if (!options.quiet) {
      const summary = solveSummary(instance, solution.value.moves, solution.value.nodes, performance.now() / 1000);
      process.stderr.write(`${summary}\n`);
    }
    return reportFailedWrites(failures);
  },
});
