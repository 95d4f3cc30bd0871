/**
 * `tilefall samegame perft`: the move sequences and distinct positions of each depth, and with
 * `--divide` the deepest depth split by first move, as a table or JSON.
 */
import { MAX_PERFT_DEPTH, type PerftCounts, perft } from '../../samegame/search/perft.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { flagOption, integerOption, OPTIONS } from '../options.js';
import { readBoardFile } from '../read-input.js';
import { BOARD_SHAPE_OPTIONS, boardShape, GAME_FILE_OPTIONS } from './options.js';

export const perftCommand = defineCommand({
  name: 'perft',
  describe: 'count the move sequences and distinct positions of each depth (divide: by first move)',
  options: {
    board: GAME_FILE_OPTIONS.board,
    depth: integerOption(1, MAX_PERFT_DEPTH, { demandOption: true, describe: 'count depths 1 to this' }),
    divide: flagOption('also split the deepest depth by first move'),
    ...BOARD_SHAPE_OPTIONS,
    json: OPTIONS.json,
  },
  examples: [
    ['$0 samegame perft --board datasets/samegame/demo-board.txt --depth 3', 'the counts of depths 1 to 3'],
    [
      '$0 samegame perft --board b.txt --depth 4 --divide',
      'depth 4 split by first move, to compare with another engine',
    ],
  ],
  run: (options) => {
    const board = readBoardFile(options.board, boardShape(options));
    const counts = perft(board, options.depth, { divide: options.divide });
    // The depth was checked with the option; what is left is a depth too large for memory.
    if (!counts.ok) throw new InputFailure({ message: `option --depth: ${counts.error.message}` });
    process.stdout.write(options.json ? `${JSON.stringify(perftJson(counts.value))}\n` : perftTable(counts.value));
    return EXIT.ok;
  },
});

/** The `--json` contract of `perft`: first moves flattened to `x` and `y`. */
export function perftJson(counts: PerftCounts): object {
  const depths = counts.depths.map(({ depth, sequences, positions }) => ({ depth, sequences, positions }));
  if (counts.divide === undefined) return { depths };
  const divide = counts.divide.map(({ move, sequences, positions }) => ({
    x: move.x,
    y: move.y,
    sequences,
    positions,
  }));
  return { depths, divide };
}

/** Right-aligned columns of plain numbers, two spaces apart, so two engines' outputs diff line by line. */
const row = (cells: readonly (string | number)[], widths: readonly number[]): string =>
  cells.map((cell, i) => String(cell).padStart(widths[i])).join('  ');

/**
 * The depths table and, with divide, one line per first move (`x y sequences positions`, in
 * legal-move order) and a total: the sequences added up, and the deepest depth's distinct positions
 * (fewer than the lines add up to when first moves transpose).
 */
export function perftTable(counts: PerftCounts): string {
  const widths = [5, 12, 12];
  const lines = [row(['depth', 'sequences', 'positions'], widths)];
  for (const d of counts.depths) lines.push(row([d.depth, d.sequences, d.positions], widths));
  if (counts.divide !== undefined) {
    const deepest = counts.depths[counts.depths.length - 1];
    const moveWidths = [2, 2, 12, 12];
    lines.push('', `depth ${deepest.depth} by first move`, row(['x', 'y', 'sequences', 'positions'], moveWidths));
    for (const m of counts.divide) lines.push(row([m.move.x, m.move.y, m.sequences, m.positions], moveWidths));
    lines.push(`${'total'.padEnd(6)}  ${row([deepest.sequences, deepest.positions], [12, 12])}`);
  }
  return `${lines.join('\n')}\n`;
}
