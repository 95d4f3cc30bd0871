/** `tilefall samegame bot`: plays the CodinGame protocol on stdin/stdout. */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { STANDARD_SHAPE } from '../samegame/board.js';
import { DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS } from '../samegame/bot.js';
import { WEIGHT_NAMES } from '../samegame/evaluation.js';
import { lineReader, playProtocol } from '../samegame/protocol-io.js';
import { PROTOCOLS } from '../samegame/referee.js';
import { parseBoard } from '../samegame/text.js';
import type { CliCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, parseOptions } from './options.js';
import { readWeightsFile } from './read-input.js';

const optionsSchema = z.object({
  protocol: z.enum(['multi-turn', 'one-turn']),
  'first-turn-ms': integerOption(1, 600_000),
  'turn-ms': integerOption(1, 600_000),
  weights: z.string().min(1).optional(),
  seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
});

export const botCommand: CliCommand = {
  command: 'bot',
  describe: 'play the CodinGame protocol on stdin/stdout',
  builder: (y: Argv): Argv =>
    y
      .option('protocol', { choices: PROTOCOLS, default: 'multi-turn' as const })
      .option('first-turn-ms', {
        type: 'string',
        default: String(DEFAULT_FIRST_TURN_MS),
        describe: 'planning time on the first turn (limit 20 s)',
      })
      .option('turn-ms', {
        type: 'string',
        default: String(DEFAULT_TURN_MS),
        describe: 're-planning time on a later turn (limit 50 ms)',
      })
      .option('weights', { type: 'string', describe: 'evaluation weights JSON' })
      .option('seed', { type: 'string', default: '1' })
      .example('$0 samegame bot --first-turn-ms 18000', 'play the multi-turn puzzle')
      .example('$0 samegame bot --protocol one-turn < board.txt', 'print one ;-separated line for a board'),
  handler: async (argv: Record<string, unknown>): Promise<number> => {
    const options = parseOptions(optionsSchema, argv);
    const weights = options.weights === undefined ? undefined : readWeightsFile(options.weights, WEIGHT_NAMES);
    const end = await playProtocol(
      options.protocol,
      { firstTurnMs: options['first-turn-ms'], turnMs: options['turn-ms'], weights, seed: options.seed },
      lineReader(process.stdin),
      (line) => process.stdout.write(`${line}\n`),
      (lines, firstLine) => {
        const board = parseBoard(lines.join('\n'), STANDARD_SHAPE, firstLine);
        if (!board.ok) throw new InputFailure({ file: 'stdin', line: board.error.line, message: board.error.message });
        return board.value;
      },
    );
    if (end.truncatedAt !== undefined) {
      throw new InputFailure({
        file: 'stdin',
        line: end.truncatedAt,
        message: 'input ended in the middle of a board (expected 15 lines)',
      });
    }
    return EXIT.ok;
  },
};
