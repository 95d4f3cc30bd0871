// The same option for the same role in both games: every command that exists in SameGame and in
// Columns declares the same option names, except the ones listed here with the reason they belong
// to one game only. A new option in one game fails this spec until the other game has it too or it
// is listed with its reason.
import { describe, expect, it } from 'vitest';
import { columnsCommands } from '../../lib/cli/columns/index.js';
import type { CliCommand } from '../../lib/cli/command.js';
import { samegameCommands } from '../../lib/cli/samegame/index.js';
import { runInProcess } from '../support/cli-in-process.js';

type Game = 'samegame' | 'columns';

const SAMEGAME_FILES =
  "SameGame's files are a board and a move list; a Columns instance holds its field and its pieces, and the statement calls the answer the output: each option is named for what its file holds";
const PROTOCOL =
  "CodinGame's SameGame puzzle has two bot protocols (multi-turn, one-turn); the Columns contest has one";
const SHAPE =
  'the size a SameGame board is checked against (--width --height --colors); a Columns instance gives its own size on its first line';
const TURNS = 'SameGame bots answer turn by turn (a first-turn and a per-turn limit); a Columns program answers once';
const ONE_TIME = 'a Columns program is given one time from its start, as the contest judge does';
const SAMEGAME_SEARCH =
  "the SameGame search's own machinery (checkpoints, a queue, parts, threads); the Columns solver runs one search in the contest's time";
const SAMEGAME_BOARDS =
  'SameGame datasets are long (a subset --boards N or A..B, --jobs at once, the --seed of recoloring)';
const BENCH_SAMEGAME =
  "SameGame's bench times the library at several budgets and shapes; Columns' times the contest's single-file program";

/** Per command shared by both games, the options only one game has, each with its reason. */
const GAME_ONLY: Readonly<Record<string, Partial<Record<Game, Readonly<Record<string, string>>>>>> = {
  verify: {
    samegame: {
      board: SAMEGAME_FILES,
      moves: SAMEGAME_FILES,
      protocol: PROTOCOL,
      width: SHAPE,
      height: SHAPE,
      colors: SHAPE,
    },
    columns: { input: SAMEGAME_FILES, output: SAMEGAME_FILES },
  },
  show: {
    samegame: {
      board: SAMEGAME_FILES,
      moves: SAMEGAME_FILES,
      protocol: PROTOCOL,
      width: SHAPE,
      height: SHAPE,
      colors: SHAPE,
    },
    columns: { input: SAMEGAME_FILES, output: SAMEGAME_FILES },
  },
  solve: {
    samegame: {
      board: SAMEGAME_FILES,
      format: PROTOCOL,
      checkpoint: SAMEGAME_SEARCH,
      resume: SAMEGAME_SEARCH,
      force: SAMEGAME_SEARCH,
      lines: SAMEGAME_SEARCH,
      queue: SAMEGAME_SEARCH,
      parts: SAMEGAME_SEARCH,
      threads: SAMEGAME_SEARCH,
      width: SHAPE,
      height: SHAPE,
      colors: SHAPE,
    },
    columns: { input: SAMEGAME_FILES },
  },
  judge: {
    samegame: {
      board: SAMEGAME_FILES,
      boards: SAMEGAME_BOARDS,
      protocol: PROTOCOL,
      'first-turn-ms': TURNS,
      'turn-ms': TURNS,
      recolor:
        'recoloring a SameGame board (the colors permuted) tests a bot against the same shapes; Columns has none',
      seed: SAMEGAME_BOARDS,
      replays: 'the HTML replay viewer plays SameGame games only',
      width: SHAPE,
      height: SHAPE,
      colors: SHAPE,
    },
    columns: { input: SAMEGAME_FILES, 'time-ms': ONE_TIME },
  },
  bench: {
    samegame: {
      shapes: BENCH_SAMEGAME,
      times: BENCH_SAMEGAME,
      threads: BENCH_SAMEGAME,
      jobs: SAMEGAME_BOARDS,
      seed: SAMEGAME_BOARDS,
      boards: SAMEGAME_BOARDS,
      'speed-seconds': BENCH_SAMEGAME,
    },
    columns: { submission: BENCH_SAMEGAME, against: BENCH_SAMEGAME },
  },
  compare: {
    samegame: { seed: SAMEGAME_BOARDS, boards: SAMEGAME_BOARDS, jobs: SAMEGAME_BOARDS },
  },
  generate: {
    samegame: { counts: 'a SameGame board may be drawn with a given number of tiles of each color' },
    columns: {
      'magic-rate': "the share of Columns' magic jewels; SameGame has none",
      // A known clash, not a choice: `samegame generate --count` is how many boards and `columns
      // generate --count` the pieces per instance. Swapping them would silently change what an
      // existing command line draws, so it waits for a release that may break command lines.
      instances: 'how many Columns instances (`--count` there is the pieces per instance, an older name kept)',
    },
  },
  conform: {
    // SameGame has no scorer to check: its referee's score is the engine's own answer, which
    // conform already compares move by move.
    columns: { scorer: "a Columns scorer program checked on the statement's scoring corners" },
  },
  tune: {
    samegame: { protocol: PROTOCOL, 'first-turn-ms': TURNS, 'turn-ms': TURNS },
    columns: { 'time-ms': ONE_TIME },
  },
};

const commandName = (c: CliCommand): string => c.command.split(' ')[0];
const byName = (commands: readonly CliCommand[]) => new Map(commands.map((c) => [commandName(c), c]));
const samegame = byName(samegameCommands);
const columns = byName(columnsCommands);
const shared = [...samegame.keys()].filter((name) => columns.has(name));

describe('option names across the two games', () => {
  it('should find the commands both games have', () => {
    expect(shared).toEqual(
      expect.arrayContaining([
        'verify',
        'show',
        'conform',
        'vectors',
        'solve',
        'judge',
        'bench',
        'compare',
        'generate',
        'tune',
      ]),
    );
  });

  it.each(shared)('should give %s the same option names in both games but the listed game-only ones', (name) => {
    const options: Record<Game, string[]> = {
      samegame: Object.keys(samegame.get(name)?.options ?? {}),
      columns: Object.keys(columns.get(name)?.options ?? {}),
    };
    for (const [game, other] of [
      ['samegame', 'columns'],
      ['columns', 'samegame'],
    ] as const) {
      const unlisted = options[game].filter(
        (option) => !options[other].includes(option) && GAME_ONLY[name]?.[game]?.[option] === undefined,
      );
      expect(unlisted, `${game} ${name}: options Columns and SameGame should share or list here`).toEqual([]);
    }
  });

  it('should list as game-only only options one game has and the other lacks, each with a reason', () => {
    for (const [name, games] of Object.entries(GAME_ONLY)) {
      for (const [game, listed] of Object.entries(games) as [Game, Readonly<Record<string, string>>][]) {
        const own = Object.keys((game === 'samegame' ? samegame : columns).get(name)?.options ?? {});
        const other = Object.keys((game === 'samegame' ? columns : samegame).get(name)?.options ?? {});
        for (const [option, reason] of Object.entries(listed)) {
          expect(own, `${game} ${name} --${option} is listed but not declared`).toContain(option);
          expect(other, `${game} ${name} --${option} is listed but both games have it`).not.toContain(option);
          expect(reason.length).toBeGreaterThan(20);
        }
      }
    }
  });

  it('should name the program a judge or a tuning runs --bot in both games, Columns keeping --solver as a former name', () => {
    for (const name of ['judge', 'tune']) {
      expect(Object.keys(samegame.get(name)?.options ?? {})).toContain('bot');
      expect(columns.get(name)?.options.bot?.formerName).toBe('solver');
    }
    expect(columns.get('tune')?.options['bot-version']?.formerName).toBe('solver-version');
  });

  it('should take columns tune --solver and --solver-version as --bot and --bot-version, saying so once each', async () => {
    const run = await runInProcess([
      ...['columns', 'tune', '--train', 'train.txt', '--validate', 'validate.txt', '--out', 'tuned.json'],
      ...['--solver', './solve', '--solver-version', '2', '--params', 'params.json', '--nodes', '5000'],
    ]);
    expect(run.status).toBe(2);
    // The old names reach the checks under the new ones: the refusal names --bot.
    expect(run.stderr).toBe(
      [
        'tilefall: --solver is an alias of --bot, the name both games use; it still works',
        'tilefall: --solver-version is an alias of --bot-version, the name both games use; it still works',
        `tilefall: option --nodes: is the solver's budget: a --bot "CMD" run judges each game on the clock (its time limits) instead`,
        '',
      ].join('\n'),
    );
  });
});
