/**
 * `tilefall samegame judge`: runs a user's bot (any program) against the referee protocol on one
 * board or a dataset, turn by turn under the real time limits, and reports each game's verdict.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { escapeControlCharacters, terminalJson } from '../../core/control-characters.js';
import { createRandom } from '../../core/random.js';
import { splitCommandLine } from '../../judge/command-line.js';
import { type BotGameReport, judgeSameGameBot, recolor, SAMEGAME_MEMORY_MB } from '../../judge/samegame.js';
import type { Board } from '../../samegame/engine/board.js';
import { replayOfVerdict } from '../../samegame/engine/replay.js';
import { replayHtml } from '../../view/page.js';
import { selectBoards } from '../board-range.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { judgeEach } from '../judge-each.js';
import { reportFailedWrites, tryWrites } from '../late-writes.js';
import { flagOption, integerOption, integerOrRangeOption, OPTIONS, outputOption, textOption } from '../options.js';
import { makeFolder } from '../output-path.js';
import { readBoardFile, readBoardsFile } from '../read-input.js';
import { refuseUnstartable } from '../refuse-unstartable.js';
import { tableRow } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';
import { BOARD_SHAPE_OPTIONS, boardShape, PROTOCOL_OPTION } from './options.js';

/** One game to play: a board, and whether it is a recoloring. */
interface Game {
  readonly number: number;
  readonly board: Board;
  readonly recolored: boolean;
}

/** A seeded permutation of the colors (the site's second half of validators recolors each board). */
function colorPermutation(colors: number, seed: number): number[] {
  const random = createRandom(seed);
  const permutation = Array.from({ length: colors }, (_, c) => c);
  for (let i = colors - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [permutation[i], permutation[j]] = [permutation[j], permutation[i]];
  }
  return permutation;
}

/** True when a game ended by a failure of the bot: an error verdict, a timeout, a crash or its memory. */
const failed = (report: BotGameReport): boolean => ['error', 'timeout', 'crash', 'memory'].includes(report.end);

/** What went wrong, in a few words, for the table. */
function note(report: BotGameReport): string {
  if (report.end === 'error' && report.error)
    return `action ${report.error.action} ${report.error.code}: ${report.error.message}`;
  if (report.end === 'timeout') return `turn ${report.failedTurn}: no answer within ${report.timeoutMs} ms`;
  if (report.end === 'crash') {
    const how = report.crash?.signal ? `signal ${report.crash.signal}` : `exit code ${report.crash?.exitCode}`;
    return `turn ${report.failedTurn}: ${report.crash?.reason} (${how})`;
  }
  if (report.end === 'memory')
    return `turn ${report.failedTurn}: over the memory limit of ${report.memoryLimitMb} MB (peak ${report.peakMemoryMb} MB)`;
  return '';
}

export const judgeCommand = defineCommand({
  name: 'judge',
  describe: 'run your bot (any program) against the referee protocol, turn by turn, and judge every answer',
  options: {
    bot: textOption({
      demandOption: true,
      describe: 'the command that starts your bot, e.g. "python3 bot.py" (no shell)',
    }),
    board: textOption({ describe: 'one board file' }),
    dataset: textOption({ describe: 'boards separated by blank lines (e.g. datasets/samegame/standard20.txt)' }),
    boards: integerOrRangeOption(1, 10_000, {
      describe: 'only the first N boards of --dataset, or boards A..B (numbered from 1, as the table prints them)',
    }),
    protocol: PROTOCOL_OPTION,
    'first-turn-ms': integerOption(1, 600_000, {
      default: '20000',
      describe: 'time for the first answer (CodinGame: 20 s)',
    }),
    'turn-ms': integerOption(1, 600_000, { default: '50', describe: 'time for each later answer (CodinGame: 50 ms)' }),
    'memory-mb': integerOption(1, 1_000_000, {
      default: String(SAMEGAME_MEMORY_MB),
      describe: 'memory the bot and every process it started may hold together, MB of 2^20 bytes (CodinGame: 768 MB)',
    }),
    recolor: flagOption('also play every board with its colors permuted (seeded), as the site does'),
    seed: OPTIONS.seed,
    jobs: integerOption(1, 64, { default: '1', describe: 'games played at once' }),
    json: OPTIONS.json,
    replays: outputOption('folder', {
      describe: "write each game's HTML replay into this folder (made if missing; replays of the same names replaced)",
    }),
    ...BOARD_SHAPE_OPTIONS,
  },
  checks: [
    {
      option: 'board',
      message: 'give --board FILE or --dataset FILE, one of them',
      fails: (o) => (o.board === undefined) === (o.dataset === undefined),
    },
    {
      option: 'boards',
      message: '--boards chooses boards of a --dataset, not of one --board',
      fails: (o) => o.boards !== undefined && o.board !== undefined,
    },
    {
      option: 'seed',
      message: 'seeds the permutations of --recolor: give --recolor too',
      fails: (o, given) => given.has('seed') && !o.recolor,
    },
  ],
  examples: [
    [
      '$0 samegame judge --bot "python3 my_bot.py" --board datasets/samegame/demo-board.txt',
      'one game, as CodinGame plays it',
    ],
    [
      '$0 samegame judge --bot "node bot.js" --dataset datasets/samegame/standard20.txt --recolor --jobs 2',
      'the 40 validators',
    ],
  ],
  run: async (options) => {
    const argv = splitCommandLine(options.bot);
    if (!argv.ok) throw new InputFailure({ message: `option --bot: ${argv.error.message}` });
    const games = gamesToPlay(readGameBoards(options), options);
    if (options.jobs > availableParallelism()) {
      process.stderr.write(
        `tilefall: warning: --jobs ${options.jobs} is more than this machine's ${availableParallelism()} cores: slow turns may be the machine's, not the bot's\n`,
      );
    }
    const limits = {
      protocol: options.protocol,
      firstTurnMs: options['first-turn-ms'],
      turnMs: options['turn-ms'],
      memoryMb: options['memory-mb'],
    };
    // After the options and inputs are read, so that a bad one is named first, as without a program.
    refuseUnstartable('bot', argv.value);
    const program = { option: 'bot', argv: argv.value };
    const reports = await judgeEach(games, options.jobs, program, (game) =>
      judgeSameGameBot(argv.value, game.board, limits),
    );
    const total = reports.reduce((s, r) => s + r.score, 0);
    const failures = reports.filter(failed).length;
    if (options.json) {
      const rows = games.map((game, i) => {
        const { verdict: _verdict, ...report } = reports[i];
        return { board: game.number, recolored: game.recolored, ...report };
      });
      process.stdout.write(`${terminalJson({ games: rows, total, failures })}\n`);
    } else {
      process.stdout.write(judgeTable(games, reports, total, failures));
    }
    // The replays after the verdicts: a folder that cannot take them costs no game's result.
    const { replays } = options;
    const written = reportFailedWrites(
      replays === undefined ? [] : tryWrites([() => writeReplays(replays, options.bot, games, reports)]),
    );
    if (written !== EXIT.ok) return written;
    return failures > 0 ? EXIT.verdictError : EXIT.ok;
  },
});

/** The boards to play and the number of the first (1 for a single --board). */
function readGameBoards(options: {
  board?: string;
  dataset?: string;
  boards?: number | readonly [number, number];
  width: number;
  height: number;
  colors: number;
}): { boards: Board[]; first: number } {
  if (options.board !== undefined) return { boards: [readBoardFile(options.board, boardShape(options))], first: 1 };
  const { boards, from } = selectBoards(readBoardsFile(options.dataset as string, boardShape(options)), options.boards);
  return { boards, first: from + 1 };
}

/**
 * Each board as given and, with `recolor`, again with its colors permuted. A board's number (and
 * so its recoloring's seed) is its place in the dataset, whatever range is taken.
 */
function gamesToPlay(
  { boards, first }: { boards: readonly Board[]; first: number },
  options: { recolor: boolean; seed: number },
): Game[] {
  return boards.flatMap((board, i) => {
    const number = first + i;
    const permuted = () => recolor(board, colorPermutation(board.colors, options.seed + number - 1));
    return [
      { number, board, recolored: false },
      ...(options.recolor ? [{ number, board: permuted(), recolored: true }] : []),
    ];
  });
}

/** Each game's HTML replay into the folder `folder`, as `board-NN[-recolored].html`. */
function writeReplays(folder: string, bot: string, games: readonly Game[], reports: readonly BotGameReport[]): void {
  makeFolder(folder);
  games.forEach((game, i) => {
    const name = `board-${String(game.number).padStart(2, '0')}${game.recolored ? '-recolored' : ''}.html`;
    const title = `SameGame: ${bot} on board ${game.number}${game.recolored ? ' (recolored)' : ''}`;
    writeTextOutput(replayHtml(replayOfVerdict(game.board, reports[i].verdict), title), join(folder, name));
  });
}

function judgeTable(
  games: readonly Game[],
  reports: readonly BotGameReport[],
  total: number,
  failures: number,
): string {
  const widths = [6, 9, 7, 6, 12, 9, 10, 8];
  const row = (values: readonly (string | number)[]) => tableRow(widths, values);
  const lines = [`${row(['board', 'colors', 'score', 'moves', 'end', 'first ms', 'slowest ms', 'peak MB'])}  note`];
  games.forEach((game, i) => {
    const r = reports[i];
    const tenths = (v: number | null) => (v === null ? '-' : v.toFixed(1));
    lines.push(
      `${row([game.number, game.recolored ? 'permuted' : 'as given', r.score, r.moves, r.end, tenths(r.firstTurnMs), tenths(r.slowestTurnMs), tenths(r.peakMemoryMb)])}  ${note(r)}`,
    );
    if (r.end === 'crash' && r.stderr.length > 0)
      lines.push(...r.stderr.map((l) => `        stderr: ${escapeControlCharacters(l)}`));
  });
  lines.push(
    `total ${total} over ${games.length} games; ${failures} ended in an error, a timeout, a crash or over the memory limit`,
    '',
  );
  return lines.join('\n');
}
