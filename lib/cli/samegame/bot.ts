/** `tilefall samegame bot`: plays the CodinGame protocol on stdin/stdout. */
import { STANDARD_SHAPE } from '../../samegame/engine/board.js';
import { parseBoard } from '../../samegame/engine/text.js';
import { LineTooLongError, lineReader, playProtocol } from '../../samegame/node/protocol-io.js';
import { DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS, PROCESS_START } from '../../samegame/search/bot.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { integerOption, OPTIONS, textOption } from '../options.js';
import { readStoredLines } from '../read-input.js';
import { PROTOCOL_OPTION, readOptionalSameGameWeights } from './options.js';

export const botCommand = defineCommand({
  name: 'bot',
  describe: 'play the CodinGame protocol on stdin/stdout',
  options: {
    protocol: PROTOCOL_OPTION,
    'first-turn-ms': integerOption(1, 600_000, {
      default: String(DEFAULT_FIRST_TURN_MS),
      describe: 'time for the first answer, counted from the start of the process (limit 20 s)',
    }),
    'turn-ms': integerOption(1, 600_000, {
      default: String(DEFAULT_TURN_MS),
      describe: 'time of a later turn, spent improving the plan or re-planning (limit 50 ms)',
    }),
    weights: OPTIONS.weights,
    seed: OPTIONS.seed,
    lines: textOption({
      describe:
        "a lines file (what solve --lines keeps): on a board it holds (any recoloring), the first turn's search starts from its line",
    }),
  },
  examples: [
    ['$0 samegame bot --first-turn-ms 18000', 'play the multi-turn puzzle'],
    ['$0 samegame bot --protocol one-turn < board.txt', 'print one ;-separated line for a board'],
  ],
  run: async (options) => {
    const weights = readOptionalSameGameWeights(options.weights);
    const knownLines =
      options.lines === undefined
        ? undefined
        : new Map([...readStoredLines(options.lines)].map(([key, stored]) => [key, stored.moves]));
    const end = await playProtocol(
      options.protocol,
      {
        firstTurnMs: options['first-turn-ms'],
        turnMs: options['turn-ms'],
        weights,
        seed: options.seed,
        firstTurnSince: PROCESS_START,
        knownLines,
      },
      stdinLines(),
      (line) => process.stdout.write(`${line}\n`),
      (lines, firstLine) => {
        const board = parseBoard(lines.join('\n'), { ...STANDARD_SHAPE, firstLine });
        if (!board.ok) {
          const line = 'line' in board.error ? board.error.line : 0;
          throw new InputFailure({ file: 'stdin', line, message: board.error.message });
        }
        return board.value;
      },
    );
    if (end.truncatedAt !== undefined) {
      const message = 'input ended in the middle of a board (expected 15 lines)';
      throw new InputFailure({ file: 'stdin', line: end.truncatedAt, message });
    }
    return EXIT.ok;
  },
});

/** The lines of stdin; a line longer than any of the protocol's is an input failure naming it. */
function stdinLines(): () => Promise<string | undefined> {
  const next = lineReader(process.stdin);
  return async () => {
    try {
      return await next();
    } catch (error) {
      if (!(error instanceof LineTooLongError)) throw error;
      const message = `longer than ${error.limit} characters (not a line of the protocol)`;
      throw new InputFailure({ file: 'stdin', line: error.line, message });
    }
  };
}
