/** `tilefall samegame verify`: the referee's verdict on a move list, as a table or JSON. */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { LIMITS, STANDARD_SHAPE } from '../samegame/board.js';
import { PROTOCOLS, referee, splitActions, type Verdict } from '../samegame/referee.js';
import { formatBoardLines } from '../samegame/text.js';
import type { CliCommand } from './command.js';
import { EXIT } from './input-error.js';
import { integerOption, parseOptions } from './options.js';
import { readBoardFile, readInputText } from './read-input.js';

const optionsSchema = z.object({
  board: z.string().min(1),
  moves: z.string().min(1),
  protocol: z.enum(['multi-turn', 'one-turn']),
  json: z.boolean(),
  width: integerOption(LIMITS.minSize, LIMITS.maxSize),
  height: integerOption(LIMITS.minSize, LIMITS.maxSize),
  colors: integerOption(LIMITS.minColors, LIMITS.maxColors),
});

export const verifyCommand: CliCommand = {
  command: 'verify',
  describe: "judge a move list as the puzzle's referee does",
  builder: (y: Argv): Argv =>
    y
      .option('board', {
        type: 'string',
        demandOption: true,
        describe: 'board file: 15 lines, top row first, -1 for empty',
      })
      .option('moves', {
        type: 'string',
        demandOption: true,
        describe: 'multi-turn: one action per line; one-turn: the single output line',
      })
      .option('protocol', {
        choices: PROTOCOLS,
        default: 'multi-turn' as const,
        describe: 'which referee judges the moves',
      })
      .option('width', { type: 'string', default: String(STANDARD_SHAPE.width), describe: 'board columns expected' })
      .option('height', { type: 'string', default: String(STANDARD_SHAPE.height), describe: 'board rows expected' })
      .option('colors', {
        type: 'string',
        default: String(STANDARD_SHAPE.colors),
        describe: 'colours expected (0..colors-1)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object instead of a table' })
      .example(
        '$0 samegame verify --board datasets/samegame/demo-board.txt --moves datasets/samegame/demo-moves.txt',
        'judge the bundled demo game',
      )
      .example(
        '$0 samegame verify --board b.txt --moves line.txt --protocol one-turn --json',
        'judge a one-turn output line, as JSON',
      ),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const board = readBoardFile(options.board, {
      width: options.width,
      height: options.height,
      colors: options.colors,
    });
    const actions = splitActions(readInputText(options.moves), options.protocol);
    const verdict = referee(board, actions, options.protocol);
    process.stdout.write(options.json ? `${JSON.stringify(verdictJson(verdict))}\n` : verdictTable(verdict));
    return verdict.end === 'error' ? EXIT.verdictError : EXIT.ok;
  },
};

/** The `--json` contract of `verify`. */
export function verdictJson(verdict: Verdict): object {
  return {
    score: verdict.score,
    moves: verdict.moves,
    warnings: verdict.warnings,
    terminal: verdict.terminal,
    cleared: verdict.cleared,
    end: verdict.end,
    ...(verdict.error ? { error: verdict.error } : {}),
    board: formatBoardLines(verdict.board),
  };
}

const ENDINGS: Record<Verdict['end'], string> = {
  terminal: 'no legal move left',
  exhausted: 'the actions ran out before the game ended',
  'action-limit': 'the protocol action limit was reached',
  error: 'an action ended the game with an error',
};

/** A readable per-action table and a summary. */
export function verdictTable(verdict: Verdict): string {
  const rows = verdict.actions.map((a) => {
    const result = a.status === 'applied' ? 'applied' : `${a.status}: ${a.code}`;
    const removed = a.removed === undefined ? '' : String(a.removed);
    const text = a.text.length > 18 ? `${a.text.slice(0, 17)}…` : a.text;
    return `${String(a.index).padStart(4)}  ${JSON.stringify(text).padEnd(20)}  ${result.padEnd(22)} ${removed.padStart(7)} ${String(a.points).padStart(7)} ${String(a.score).padStart(7)}`;
  });
  const header = `${'#'.padStart(4)}  ${'action'.padEnd(20)}  ${'result'.padEnd(22)} ${'removed'.padStart(7)} ${'points'.padStart(7)} ${'score'.padStart(7)}`;
  const lines = [header, ...rows, ''];
  lines.push(`score     ${verdict.score}${verdict.cleared ? ' (board cleared, +1000 included)' : ''}`);
  lines.push(`moves     ${verdict.moves} applied, ${verdict.warnings} warnings (${verdict.protocol})`);
  lines.push(`end       ${verdict.end}: ${ENDINGS[verdict.end]}`);
  if (verdict.error)
    lines.push(`error     action ${verdict.error.action} (${verdict.error.code}): ${verdict.error.message}`);
  lines.push('board', ...formatBoardLines(verdict.board).map((l) => `  ${l}`), '');
  return lines.join('\n');
}
