/**
 * `tilefall worker --queue URL`: evaluates tuning jobs of any game, and runs the parts of spread
 * SameGame solves (`samegame solve --queue`), from a BullMQ queue until it is stopped. SIGINT or
 * SIGTERM: it takes no new job, finishes the current one, then exits 0 (a second signal exits at
 * once; the job goes back to the queue when its lock runs out).
 *
 * With `--bot "CMD"` (`--solver "CMD"`) it also runs the jobs of a SameGame bot's (Columns
 * program's) tuning with that command: the command comes from this command line only, never from
 * the queue, and a job whose program fingerprint differs from this command's is refused.
 */
import { hostname } from 'node:os';
import { createTaskRunner, defaultWorkers } from '../../tuner/pool.js';
import { startQueueWorker, unreachable, type WorkerGame } from '../../tuner/queue.js';
import { tuningGame as columnsGame } from '../columns/search/tuning.js';
import { redactUrl } from '../core/redact-url.js';
import type { TuningProgram } from '../core/tuning-game.js';
import { BOT_GAME_NAMES, BOT_TUNING_MODULE } from '../judge/bot-tuning.js';
import { packageVersion } from '../node/package-root.js';
import { startSolveWorker } from '../samegame/node/solve-queue.js';
import { createSolverPool, type SolverPool } from '../samegame/node/threads.js';
import { tuningGame as samegameGame } from '../samegame/search/tuning.js';
import { programFromCommand } from './bot-tune.js';
import { defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, textOption } from './options.js';

/** The games a worker can evaluate, by the name a job gives: both solvers, and the programs this worker was given. */
function workerGames(bot: TuningProgram | undefined, solver: TuningProgram | undefined): Record<string, WorkerGame> {
  const programGame = (program: TuningProgram | undefined, option: string): WorkerGame => ({
    module: BOT_TUNING_MODULE,
    runsProgram: true,
    programOption: option,
    ...(program === undefined ? {} : { program }),
  });
  return {
    samegame: { module: samegameGame.module },
    columns: { module: columnsGame.module },
    [BOT_GAME_NAMES.samegame]: programGame(bot, '--bot "CMD"'),
    [BOT_GAME_NAMES.columns]: programGame(solver, '--solver "CMD"'),
  };
}

/** The program an option names, with its fingerprint, when the option is given. */
const optionalProgram = (option: string, command: string | undefined, version: string | undefined) =>
  command === undefined ? undefined : programFromCommand(option, command, version);

export const workerCommand = defineCommand({
  name: 'worker',
  describe: 'run tuning jobs (tune --queue) and solve parts (samegame solve --queue) from a Redis queue until stopped',
  options: {
    queue: textOption({
      demandOption: true,
      describe: 'the Redis URL, redis://[[USER]:PASSWORD@]HOST:PORT[/DB] (rediss:// for TLS)',
    }),
    concurrency: integerOption(1, 256, {
      default: String(defaultWorkers()),
      describe: "threads evaluating a job's instances, and solve parts run at once (default: the cores)",
    }),
    'lock-ms': integerOption(1000, 3_600_000, {
      default: '30000',
      describe: "how soon a dead worker's job goes back to the queue (the lock is renewed while working)",
    }),
    name: textOption({ default: `${hostname()}:${process.pid}`, describe: 'this worker in the progress of tune' }),
    bot: textOption({
      describe:
        "also run the jobs of `samegame tune --bot` with this command (the coordinator's; never taken from the queue)",
    }),
    'bot-version': textOption({ describe: 'the --bot-version the coordinator was given, if it was' }),
    solver: textOption({
      describe:
        "also run the jobs of `columns tune --solver` with this command (the coordinator's; never taken from the queue)",
    }),
    'solver-version': textOption({ describe: 'the --solver-version the coordinator was given, if it was' }),
  },
  checks: [
    {
      option: 'bot-version',
      message: 'goes with --bot "CMD"',
      fails: (o) => o['bot-version'] !== undefined && o.bot === undefined,
    },
    {
      option: 'solver-version',
      message: 'goes with --solver "CMD"',
      fails: (o) => o['solver-version'] !== undefined && o.solver === undefined,
    },
  ],
  examples: [
    ['$0 worker --queue redis://10.0.0.5:6379', 'evaluate jobs on every core of this machine'],
    ['$0 worker --queue redis://10.0.0.5:6379 --bot "python3 bot.py"', "also play your bot's tuning games"],
  ],
  run: async (options) => {
    const down = await unreachable(options.queue);
    if (down !== undefined)
      throw new InputFailure({ message: `cannot reach Redis at ${redactUrl(options.queue)}: ${down}` });
    const bot = optionalProgram('bot', options.bot, options['bot-version']);
    const solver = optionalProgram('solver', options.solver, options['solver-version']);
    const runner = createTaskRunner(options.concurrency);
    // Spread solves (`samegame solve --queue`) come on their own queue; their threads start with the first part.
    let solvers: Promise<SolverPool> | undefined;
    const solveWorker = await startSolveWorker({
      url: options.queue,
      name: options.name,
      version: packageVersion(),
      concurrency: options.concurrency,
      pool: () => {
        solvers ??= createSolverPool(options.concurrency);
        return solvers;
      },
      lockMs: options['lock-ms'],
    });
    const worker = await startQueueWorker({
      url: options.queue,
      name: options.name,
      version: packageVersion(),
      games: workerGames(bot, solver),
      runner,
      lockMs: options['lock-ms'],
    });
    for (const [game, program] of [
      [BOT_GAME_NAMES.samegame, bot],
      [BOT_GAME_NAMES.columns, solver],
    ] as const) {
      if (program !== undefined)
        process.stderr.write(
          `tilefall worker ${options.name}: runs ${game} jobs with ${program.command} (fingerprint ${program.fingerprint})\n`,
        );
    }
    process.stderr.write(`tilefall worker ${options.name}: waiting for jobs on ${redactUrl(options.queue)}\n`);
    await new Promise<void>((resolve) => {
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) process.exit(EXIT.ok);
        stopping = true;
        process.stderr.write(`tilefall worker ${options.name}: ${signal}, finishing the current job\n`);
        resolve();
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    });
    await Promise.all([worker.close(), solveWorker.close()]);
    await runner.close();
    if (solvers !== undefined) await (await solvers).close();
    const jobs = worker.processed() + solveWorker.processed();
    process.stderr.write(`tilefall worker ${options.name}: stopped after ${jobs} jobs\n`);
    return EXIT.ok;
  },
});
