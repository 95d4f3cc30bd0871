/**
 * `tilefall columns verify`: the score the statement defines for an input and an output. An
 * output that breaks the format is a verdict (valid: false, score 0, exit 1), as the statement
 * scores it; an unreadable file or a malformed input is unusable (exit 2).
 */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { formatField } from '../columns/field.js';
import { playGame } from '../columns/game.js';
import { parseOutput } from '../columns/output.js';
import type { CliCommand } from './command.js';
import { EXIT } from './input-error.js';
import { parseOptions } from './options.js';
import { readInstanceFile } from './read-columns.js';
import { readInputText } from './read-input.js';

const optionsSchema = z.object({ input: z.string().min(1), output: z.string().min(1), json: z.boolean() });

export const columnsVerifyCommand: CliCommand = {
  command: 'verify',
  describe: 'score an output for an input as the statement defines',
  builder: (y: Argv): Argv =>
    y
      .option('input', { type: 'string', demandOption: true, describe: 'the test: w h, k, then k columns' })
      .option('output', { type: 'string', demandOption: true, describe: 'the bot output: t, then t lines "p s"' })
      .option('json', { type: 'boolean', default: false })
      .example('$0 columns verify --input datasets/columns/sample.txt --output out.txt --json', 'score an output'),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const instance = readInstanceFile(options.input);
    const output = parseOutput(readInputText(options.output), instance.width, instance.pieces.length);
    if (!output.ok) {
      const error = `${options.output} line ${output.error.line}: ${output.error.message}`;
      const verdict = {
        score: 0,
        valid: false,
        error,
        played: 0,
        gameOver: false,
        gameOverAt: null,
        field: [] as string[],
      };
      process.stdout.write(options.json ? `${JSON.stringify(verdict)}\n` : `invalid output, score 0: ${error}\n`);
      return EXIT.verdictError;
    }
    const result = playGame(instance, output.value);
    const verdict = {
      score: result.score,
      valid: true,
      error: null,
      played: result.pointsPerColumn.length,
      gameOver: result.gameOverAt !== null,
      gameOverAt: result.gameOverAt,
      field: formatField(result.field),
    };
    if (options.json) process.stdout.write(`${JSON.stringify(verdict)}\n`);
    else {
      process.stdout.write(
        [
          `score     ${verdict.score}`,
          `played    ${verdict.played} of ${instance.pieces.length} columns (${output.value.length} placed by the output, the rest at 1 0)`,
          `game over ${verdict.gameOver ? `yes, at column ${verdict.gameOverAt}` : 'no'}`,
          'field (columns left to right, jewels bottom to top)',
          ...verdict.field.map((c, i) => `  ${String(i + 1).padStart(2)} ${c}`),
          '',
        ].join('\n'),
      );
    }
    return EXIT.ok;
  },
};
