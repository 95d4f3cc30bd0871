/**
 * `tilefall worker --queue URL`: evaluates tuning jobs of any game, and runs the parts of spread
 * SameGame solves (`samegame solve --queue`), from a BullMQ queue until it is stopped. SIGINT or
 * SIGTERM: it takes no new job and exits 0, at once when it has no job, and otherwise once the
 * current one is done and reported or `--grace-ms` has passed, whichever comes first, whether Redis
 * answers or not. A job left unfinished, or any job on a second signal (which exits at once), goes
 * back to the queue when its lock runs out.
 *
 * With `--bot "CMD"` (`--solver "CMD"`) it also runs the jobs of a SameGame bot's (Columns
 * program's) tuning with that command: the command comes from this command line only, never from
 * the queue, and a job whose program fingerprint differs from this command's is refused.
 */
import { hostname } from 'node:os';
import { createTaskRunner, defaultWorkers } from '../../tuner/pool.js';
import { startQueueWorker, unreachable, type WorkerGame } from '../../tuner/queue.js';
import { tuningGame as columnsGame } from '../columns/search/tuning.js';
import { checkWeights as checkColumnsWeights } from '../columns/search/weights.js';
import { redactUrl } from '../core/redact-url.js';
import { err, ok, type Result } from '../core/result.js';
import type { GameConfig, TuningGame, TuningProgram } from '../core/tuning-game.js';
import { BOT_GAME_NAMES, BOT_TUNING_MODULE, tuningGameFrom } from '../judge/bot-tuning.js';
import { parameterValuesProblem } from '../judge/config-parameters.js';
import { packageVersion } from '../node/package-root.js';
import { type JobWorker, outageReport } from '../node/redis-queue.js';
import { startSolveWorker } from '../samegame/node/solve-queue.js';
import { createSolverPool, type SolverPool } from '../samegame/node/threads.js';
import { tuningGame as samegameGame } from '../samegame/search/tuning.js';
import { checkWeights as checkSamegameWeights } from '../samegame/search/weights.js';
import { programFromCommand } from './bot-tune.js';
import { defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, textOption } from './options.js';
import { queueOption } from './queue-option.js';
import { refuseUnstartable } from './refuse-unstartable.js';

/** The game a job's config (a bot's parameters) builds, as the threads will build it, or why it cannot be read. */
function configuredGame(
  config: GameConfig | undefined,
  program: TuningProgram | undefined,
): Result<TuningGame, string> {
  try {
    return ok(tuningGameFrom(config ?? {}, program));
  } catch (error) {
    return err((error as Error).message);
  }
}

/** The weights of a game built from a job's config, or why the config cannot be read. */
function configuredWeightNames(
  config: GameConfig | undefined,
  program: TuningProgram | undefined,
): Result<readonly string[], string> {
  const game = configuredGame(config, program);
  return game.ok ? ok(game.value.spec.names) : game;
}

/** A solver's check of weights its search can take (`checkWeights`), as a job's field refusal. */
type WeightsCheck = (weights: unknown, field: string) => Result<unknown, { field: string; message: string }>;

/** `check` on a job's weights: `weights.NAME: why`, or nothing when the search takes them. */
const weightsProblemOf =
  (check: WeightsCheck) =>
  (weights: Readonly<Record<string, number>>): string | undefined => {
    const checked = check(weights, 'weights');
    if (checked.ok) return undefined;
    const { field, message } = checked.error;
    return `${field}: ${message.startsWith('weights: ') ? message.slice('weights: '.length) : message}`;
  };

/** The games a worker can evaluate, by the name a job gives: both solvers, and the programs this worker was given. */
function workerGames(bot: TuningProgram | undefined, solver: TuningProgram | undefined): Record<string, WorkerGame> {
  // Either game's coordinator (`samegame tune`, `columns tune`) is given its program by --bot.
  const programGame = (program: TuningProgram | undefined, option: string): WorkerGame => ({
    module: BOT_TUNING_MODULE,
    weightNames: configuredWeightNames,
    tuningGame: configuredGame,
    weightsProblem: (weights, config, program) => {
      const game = configuredGame(config, program);
      return game.ok ? parameterValuesProblem(game.value.spec, weights) : undefined;
    },
    runsProgram: true,
    programOption: option,
    coordinatorOption: '--bot "CMD"',
    ...(program === undefined ? {} : { program }),
  });
  const solverGame = (game: TuningGame, check: WeightsCheck): WorkerGame => ({
    module: game.module,
    weightNames: () => ok(game.spec.names),
    tuningGame: () => ok(game),
    weightsProblem: weightsProblemOf(check),
  });
  return {
    samegame: solverGame(samegameGame, checkSamegameWeights),
    columns: solverGame(columnsGame, checkColumnsWeights),
    [BOT_GAME_NAMES.samegame]: programGame(bot, '--bot "CMD"'),
    [BOT_GAME_NAMES.columns]: programGame(solver, '--solver "CMD"'),
  };
}

/** The program an option names, with its fingerprint, when the option is given. */
const optionalProgram = (option: string, command: string | undefined, version: string | undefined) =>
  command === undefined ? undefined : programFromCommand(option, command, version);

/** The worker's threads: the tuning jobs' pool, and the solve parts' (made when the first part comes). */
function workerThreads(concurrency: number) {
  const created = createTaskRunner(concurrency);
  if (!created.ok) throw new InputFailure({ message: created.error.message });
  const runner = created.value;
  let solvers: Promise<SolverPool> | undefined;
  return {
    runner,
    solvers: () => {
      solvers ??= createSolverPool(concurrency);
      return solvers;
    },
    async close() {
      await runner.close();
      if (solvers !== undefined) await (await solvers).close();
    },
  };
}

/** Resolves with the name of the first SIGINT or SIGTERM; a second one exits at once. */
function stopSignal(name: string): Promise<string> {
  return new Promise((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        process.stderr.write(
          `tilefall worker ${name}: ${signal} again, stopping now; a job under way goes back to the queue when its lock runs out\n`,
        );
        process.exit(EXIT.ok);
      }
      stopping = true;
      resolve(signal);
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}

/**
 * Stops `workers` on `signal`, each giving its job under way up to `graceMs`, and says so; resolves
 * to the line that ends the worker's log.
 */
async function stopWorkers(
  name: string,
  signal: string,
  workers: readonly JobWorker[],
  graceMs: number,
): Promise<string> {
  const busy = workers.some((worker) => worker.busy() > 0);
  process.stderr.write(
    busy
      ? `tilefall worker ${name}: ${signal}, finishing the current job (for at most ${graceMs} ms, --grace-ms)\n`
      : `tilefall worker ${name}: ${signal}, no job under way, stopping\n`,
  );
  const unfinished = (await Promise.all(workers.map((worker) => worker.close(graceMs)))).reduce((a, b) => a + b, 0);
  const jobs = workers.reduce((sum, worker) => sum + worker.processed(), 0);
  const stopped = `tilefall worker ${name}: stopped after ${jobs} jobs`;
  if (unfinished === 0) return stopped;
  const left = unfinished === 1 ? '1 unfinished job goes' : `${unfinished} unfinished jobs go`;
  return `${stopped}, forced after --grace-ms ${graceMs}: ${left} back to the queue when its lock runs out`;
}

export const workerCommand = defineCommand({
  name: 'worker',
  describe: 'run tuning jobs (tune --queue) and solve parts (samegame solve --queue) from a Redis queue until stopped',
  options: {
    queue: queueOption({
      demandOption: true,
      describe:
        'the Redis URL, redis://[USER@]HOST:PORT[/DB] (rediss:// for TLS), its password in TILEFALL_REDIS_PASSWORD (one in the URL wins, but `ps` shows it)',
    }),
    concurrency: integerOption(1, 256, {
      default: String(defaultWorkers()),
      describe: "threads evaluating a job's instances, and solve parts run at once (default: the cores)",
    }),
    'lock-ms': integerOption(1000, 3_600_000, {
      default: '30000',
      describe: "how soon a dead worker's job goes back to the queue (the lock is renewed while working)",
    }),
    'grace-ms': integerOption(0, 86_400_000, {
      default: '60000',
      describe: 'on SIGINT or SIGTERM, how long the job under way may take to finish before the worker stops anyway',
    }),
    name: textOption({ default: `${hostname()}:${process.pid}`, describe: 'this worker in the progress of tune' }),
    bot: textOption({
      describe:
        "also run the jobs of `samegame tune --bot` with this command (the coordinator's; never taken from the queue)",
    }),
    'bot-version': textOption({ describe: 'the --bot-version the coordinator was given, if it was' }),
    solver: textOption({
      describe:
        "also run the jobs of `columns tune --bot` with this command (the coordinator's; never taken from the queue): a worker serves both games, so its Columns program has a name of its own",
    }),
    'solver-version': textOption({ describe: 'the --bot-version `columns tune` was given, if it was' }),
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
    const bot = optionalProgram('bot', options.bot, options['bot-version']);
    const solver = optionalProgram('solver', options.solver, options['solver-version']);
    // A program that cannot start would fail every game of every job: refused at once, as tune --bot does.
    refuseUnstartable('bot', bot?.argv);
    refuseUnstartable('solver', solver?.argv);
    const down = await unreachable(options.queue);
    if (down !== undefined)
      throw new InputFailure({ message: `cannot reach Redis at ${redactUrl(options.queue)}: ${down}` });
    // Heard from the start, so that a signal that comes while the worker starts stops it as well.
    const stop = stopSignal(options.name);
    const threads = workerThreads(options.concurrency);
    // One report for both queues' connections: an outage is one line, and its end another.
    const outages = outageReport(options.queue, (line) =>
      process.stderr.write(`tilefall worker ${options.name}: ${line}\n`),
    );
    const common = {
      url: options.queue,
      name: options.name,
      version: packageVersion(),
      lockMs: options['lock-ms'],
      outages,
      onRefused: (job: string, reason: string) =>
        process.stderr.write(`tilefall worker ${options.name}: refused job ${job}: ${reason}\n`),
    };
    const workers = [
      // Spread solves (`samegame solve --queue`) come on their own queue.
      await startSolveWorker({ ...common, concurrency: options.concurrency, pool: threads.solvers }),
      await startQueueWorker({
        ...common,
        games: workerGames(bot, solver),
        runner: threads.runner,
      }),
    ];
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
    const last = await stopWorkers(options.name, await stop, workers, options['grace-ms']);
    await threads.close();
    process.stderr.write(`${last}\n`);
    // Everything is closed, but after a lost connection BullMQ sits out a pause of its own that
    // nothing can cut short before it sees that it is closed: the worker has nothing left to do.
    return process.exit(EXIT.ok);
  },
});
