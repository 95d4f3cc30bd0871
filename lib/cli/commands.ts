/**
 * Every command of the CLI as a name, a description and a loader. `tilefall --help` and a game's
 * `--help` list the commands from here, and a run imports only the command it runs (and what that
 * command imports): the engines, zod and the tuner cost most of a start, and `--version` or
 * `samegame verify` need few of them. The names and descriptions are copies of the commands' own;
 * spec/cli/commands.spec.ts holds the two equal.
 *
 * Adding a command is one entry here: in {@link TOP_LEVEL_COMMANDS} for `tilefall <name>`, or in
 * a game's list for `tilefall <game> <name>`, with the `command` and `describe` of its
 * `defineCommand` and a `load` that imports its module and returns the command; main.ts needs no
 * change. For example, a `tilefall dashboard` defined in `./dashboard-command.ts`:
 *
 *   { command: 'dashboard', describe: '…as in its defineCommand…',
 *     load: async () => (await import('./dashboard-command.js')).dashboardCommand },
 *
 * Commands under a word of their own (`tilefall queue status`, `tilefall queue clean`) are a group
 * in {@link OTHER_GROUPS}, listed as a game's are.
 */
import type { CliCommand } from './command.js';

/** A command as `--help` lists it, and how to get the command itself when it runs. */
export interface CommandEntry {
  readonly command: string;
  readonly describe: string;
  readonly load: () => Promise<CliCommand>;
}

/** A command group (a game's): its line in `tilefall --help` and its commands in `--help` order. */
export interface CommandGroup {
  readonly title: string;
  readonly commands: readonly CommandEntry[];
}

const CONFORM = 'check your engine (any language) against the rules, with a shrunk counterexample';
const VECTORS = 'write test vectors (NNN.in, NNN.out and an index) to check an engine with diff';
const TUNE = "evolve the evaluation weights, or your program's parameters, with a genetic algorithm or CMA-ES";

/** The SameGame commands, in `--help` order. */
const SAMEGAME_COMMANDS: readonly CommandEntry[] = [
  {
    command: 'verify',
    describe: "judge a move list as the puzzle's referee does",
    load: async () => (await import('./samegame/verify.js')).verifyCommand,
  },
  {
    command: 'show',
    describe: 'draw a move list: an HTML replay (--out) and one position as SVG (--svg)',
    load: async () => (await import('./samegame/show.js')).showCommand,
  },
  {
    command: 'conform',
    describe: CONFORM,
    load: async () => (await import('./samegame/conform.js')).conformSamegameCommand,
  },
  {
    command: 'vectors',
    describe: VECTORS,
    load: async () => (await import('./samegame/conform.js')).vectorsSamegameCommand,
  },
  {
    command: 'perft',
    describe: 'count the move sequences and distinct positions of each depth (divide: by first move)',
    load: async () => (await import('./samegame/perft.js')).perftCommand,
  },
  {
    command: 'solve',
    describe: 'find the best move sequence within a time or node budget',
    load: async () => (await import('./samegame/solve.js')).solveCommand,
  },
  {
    command: 'bot',
    describe: 'play the CodinGame protocol on stdin/stdout',
    load: async () => (await import('./samegame/bot.js')).botCommand,
  },
  {
    command: 'judge',
    describe: 'run your bot (any program) against the referee protocol, turn by turn, and judge every answer',
    load: async () => (await import('./samegame/judge.js')).judgeCommand,
  },
  {
    command: 'bench',
    describe: 'solve a dataset beside greedy, random playouts and the best-known scores, or at several budgets',
    load: async () => (await import('./samegame/bench.js')).benchCommand,
  },
  {
    command: 'compare',
    describe: 'two weight sets on the same boards, each board solved by both, as a paired difference',
    load: async () => (await import('./samegame/compare.js')).compareCommand,
  },
  {
    command: 'generate',
    describe: 'write seeded random boards, separated by blank lines',
    load: async () => (await import('./samegame/generate.js')).generateCommand,
  },
  {
    command: 'tune',
    describe: TUNE,
    load: async () => {
      const [{ tuneCommand }, { tuningGame }, { SAMEGAME_PROGRAM }] = await Promise.all([
        import('./tune-command.js'),
        import('../samegame/search/tuning.js'),
        import('./bot-tune.js'),
      ]);
      return tuneCommand(tuningGame, SAMEGAME_PROGRAM);
    },
  },
];

/** The Columns commands, in `--help` order. */
const COLUMNS_COMMANDS: readonly CommandEntry[] = [
  {
    command: 'verify',
    describe: 'score an output for an input as the statement defines',
    load: async () => (await import('./columns/verify.js')).verifyCommand,
  },
  {
    command: 'show',
    describe: 'draw an output: an HTML replay (--out) and one position as SVG (--svg)',
    load: async () => (await import('./columns/show.js')).showCommand,
  },
  {
    command: 'conform',
    describe: CONFORM,
    load: async () => (await import('./columns/conform.js')).conformColumnsCommand,
  },
  {
    command: 'vectors',
    describe: VECTORS,
    load: async () => (await import('./columns/conform.js')).vectorsColumnsCommand,
  },
  {
    command: 'solve',
    describe: 'print a valid, high-scoring output for an input',
    load: async () => (await import('./columns/solve.js')).solveCommand,
  },
  {
    command: 'generate',
    describe: 'write seeded instances (not the official generator: scores do not compare with the contest)',
    load: async () => (await import('./columns/generate.js')).generateCommand,
  },
  {
    command: 'judge',
    describe: 'run your program on instances as the contest judge does, and score every output',
    load: async () => (await import('./columns/judge.js')).judgeCommand,
  },
  {
    command: 'bench',
    describe: 'compare quickstart, greedy and the solver on a dataset, timing the solver as the contest does',
    load: async () => (await import('./columns/bench.js')).benchCommand,
  },
  {
    command: 'compare',
    describe: 'two weight sets on the same instances, solved back to back, as a paired difference',
    load: async () => (await import('./columns/compare.js')).compareCommand,
  },
  {
    command: 'tune',
    describe: TUNE,
    load: async () => {
      const [{ tuneCommand }, { tuningGame }, { COLUMNS_PROGRAM }] = await Promise.all([
        import('./tune-command.js'),
        import('../columns/search/tuning.js'),
        import('./bot-tune.js'),
      ]);
      return tuneCommand(tuningGame, COLUMNS_PROGRAM);
    },
  },
];

/** The games, by the word that names them on the command line. */
export const GAMES = {
  samegame: { title: 'SameGame (CodinGame)', commands: SAMEGAME_COMMANDS },
  columns: { title: 'Columns (algotester)', commands: COLUMNS_COMMANDS },
} as const satisfies Readonly<Record<string, CommandGroup>>;

/**
 * The command groups that are no game's (`tilefall <group> <command>`), after the games in
 * `--help`, each as `name: { title, commands: [entries] }`.
 */
export const OTHER_GROUPS: Readonly<Record<string, CommandGroup>> = {
  queue: {
    title: 'the Redis job queue of --queue runs',
    commands: [
      {
        command: 'status',
        describe: 'list the runs on the queue with their jobs waiting, active, done and failed, and the workers',
        load: async () => (await import('./queue-command.js')).queueCommands[0] as CliCommand,
      },
      {
        command: 'clean',
        describe: "remove a run's jobs, or every tilefall job (left ones expire after 7 days anyway)",
        load: async () => (await import('./queue-command.js')).queueCommands[1] as CliCommand,
      },
    ],
  },
};

/** The commands that are no game's (`tilefall <name>`), in `--help` order after the groups. */
export const TOP_LEVEL_COMMANDS: readonly CommandEntry[] = [
  {
    // A worker evaluates jobs of any game.
    command: 'worker',
    describe:
      'run tuning jobs (tune --queue) and solve parts (samegame solve --queue) from a Redis queue until stopped',
    load: async () => (await import('./worker-command.js')).workerCommand,
  },
  {
    command: 'dashboard',
    describe: 'serve the live view of a tuning run from its checkpoint (finished or running) until Ctrl-C',
    load: async () => (await import('./dashboard-command.js')).dashboardCommand,
  },
];
