/**
 * `tilefall samegame perft`: the move sequences and distinct positions of each depth, and with
 * `--divide` the deepest depth split by first move, as a table or JSON.
 */
import { terminalJson } from '../../core/control-characters.js';
import { splitCommandLine } from '../../judge/command-line.js';
import { findPerftParting } from '../../judge/perft-descent.js';
import { askPerft } from '../../judge/perft-question.js';
import { SAMEGAME_MEMORY_MB } from '../../judge/samegame.js';
import type { Board } from '../../samegame/engine/board.js';
import { MAX_PERFT_DEPTH, type PerftCounts, perft } from '../../samegame/search/perft.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { flagOption, integerOption, OPTIONS, textOption } from '../options.js';
import { readBoardFile } from '../read-input.js';
import { refuseUnstartable } from '../refuse-unstartable.js';
import { BOARD_SHAPE_OPTIONS, boardShape, GAME_FILE_OPTIONS } from './options.js';
import { perftEngineJson, perftEngineText } from './perft-engine-report.js';

export const perftCommand = defineCommand({
  name: 'perft',
  describe: 'count the move sequences and distinct positions of each depth (divide: by first move)',
  options: {
    board: GAME_FILE_OPTIONS.board,
    depth: integerOption(1, MAX_PERFT_DEPTH, { demandOption: true, describe: 'count depths 1 to this' }),
    divide: flagOption('also split the deepest depth by first move'),
    engine: textOption({
      describe:
        'compare with your perft engine\'s divide and descend to where the move generators part, e.g. "python3 perft.py"',
    }),
    'timeout-ms': integerOption(1, 3_600_000, {
      default: '60000',
      describe: 'with --engine: the longest it may go without printing a line, ms',
    }),
    'memory-mb': integerOption(1, 1_000_000, {
      default: String(SAMEGAME_MEMORY_MB),
      describe: "with --engine: memory the engine's processes may hold together, MB of 2^20 bytes",
    }),
    ...BOARD_SHAPE_OPTIONS,
    json: OPTIONS.json,
  },
  examples: [
    ['$0 samegame perft --board datasets/samegame/demo-board.txt --depth 3', 'the counts of depths 1 to 3'],
    [
      '$0 samegame perft --board b.txt --depth 4 --divide',
      'depth 4 split by first move, to compare with another engine',
    ],
    [
      '$0 samegame perft --board b.txt --depth 3 --engine "python3 my_perft.py"',
      'compare your engine with tilefall, down to the position where the move generators part',
    ],
  ],
  checks: [
    {
      option: 'divide',
      message: 'with --engine the engine divides: leave --divide out',
      fails: (o) => o.engine !== undefined && o.divide,
    },
  ],
  run: async (options) => {
    const board = readBoardFile(options.board, boardShape(options));
    if (options.engine !== undefined) {
      return compareWithEngine(board, options.depth, options.engine, options);
    }
    const counts = perft(board, options.depth, { divide: options.divide });
    // The depth was checked with the option; what is left is a depth too large for memory.
    if (!counts.ok) throw new InputFailure({ message: `option --depth: ${counts.error.message}` });
    process.stdout.write(options.json ? `${terminalJson(perftJson(counts.value))}\n` : perftTable(counts.value));
    return EXIT.ok;
  },
});

/** `--engine`: the descent, reported; exit 0 when the engine agrees, 1 when it parts, 2 when it cannot start. */
async function compareWithEngine(
  board: Board,
  depth: number,
  command: string,
  options: { readonly 'timeout-ms': number; readonly 'memory-mb': number; readonly json: boolean },
): Promise<number> {
  const argv = splitCommandLine(command);
  if (!argv.ok) throw new InputFailure({ message: `option --engine: ${argv.error.message}` });
  refuseUnstartable('engine', argv.value);
  const engine = { argv: argv.value, timeoutMs: options['timeout-ms'], memoryMb: options['memory-mb'] };
  const descent = await findPerftParting(board, depth, (question) => askPerft(question, engine));
  if (descent.kind === 'too-deep') throw new InputFailure({ message: `option --depth: ${descent.message}` });
  if (descent.kind === 'no-answer' && descent.answer.kind === 'unstartable') {
    throw new InputFailure({ message: `option --engine: cannot start "${argv.value[0]}": ${descent.answer.message}` });
  }
  process.stdout.write(
    options.json ? `${terminalJson(perftEngineJson(descent, depth, board))}\n` : perftEngineText(descent, depth, board),
  );
  return descent.kind === 'agree' ? EXIT.ok : EXIT.verdictError;
}

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
