/**
 * `tilefall <game> tune`: the tuner on any game's weights, or on the parameters of a
 * user's program (`--bot`, `--solver`: bot-tune.ts). Parsing and printing only; the work is
 * `tune()` in tuner/, the report is `tune-report.ts`.
 */
import { checkpointRunId } from '../../tuner/checkpoint.js';
import { defaultGaSettings, type GenerationRecord } from '../../tuner/ga.js';
import { OPTIMIZERS } from '../../tuner/optimizer.js';
import { fitnessPlotSvg, type HeldOutDifference, type PlotAxis } from '../../tuner/plot.js';
import { createTaskRunner, defaultWorkers } from '../../tuner/pool.js';
import { createProgress } from '../../tuner/progress.js';
import { createQueueRunner, type QueueRunner, queueProgressDetail, unreachable } from '../../tuner/queue.js';
import { DEFAULT_RACE_CONFIDENCE } from '../../tuner/racing.js';
import { DEFAULT_FINAL_CHOICE, tune } from '../../tuner/tune.js';
import type { TuneError } from '../../tuner/tune-error.js';
import { redactUrl } from '../core/redact-url.js';
import type { Result } from '../core/result.js';
import type { TuningGame } from '../core/tuning-game.js';
import { packageVersion } from '../node/package-root.js';
import { RUN_ID_PATTERN } from '../node/queue-retention.js';
import { loadPlotPackages } from '../node/vega.js';
import { type BotSetup, type ProgramTuning, readBotStart } from './bot-tune.js';
import { type CliCommand, defineCommand } from './command.js';
import { EXIT, formatInputError, InputFailure } from './input-error.js';
import { tryWrites } from './late-writes.js';
import {
  choiceOption,
  FORCE_OPTION,
  flagOption,
  forceChecks,
  integerOption,
  OPTIONS,
  type OptionCheck,
  type OptionSpec,
  type OptionValues,
  outputOption,
  positiveOption,
  textOption,
  withYargs,
} from './options.js';
import { removeJobsOnSignal } from './queue-interrupt.js';
import { queueOption } from './queue-option.js';
import { readInputText, readWeightsFile } from './read-input.js';
import { refuseUnstartable } from './refuse-unstartable.js';
import {
  DASHBOARD_HOST,
  dashboardOptions,
  servedBetweenTasks,
  startTuneDashboard,
  type TuneDashboard,
} from './tune-dashboard.js';
import { botTuneOutputJson, type TuneRunFacts, tuneOutputJson, tuneSummary } from './tune-report.js';
import { writeTextOutput } from './write-output.js';

/**
 * A queue runner at `url`, after checking that Redis answers there (exit 2, one line, if not):
 * a resumed run continues its checkpoint's run id, any other run has a new one.
 */
async function connectQueue(url: string, game: TuningGame, options: TuneOptions, log: (line: string) => void) {
  const down = await unreachable(url);
  if (down !== undefined) throw new InputFailure({ message: `cannot reach Redis at ${redactUrl(url)}: ${down}` });
  const runId = options.resume && options.checkpoint !== undefined ? checkpointRunId(options.checkpoint) : undefined;
  return createQueueRunner(url, game.name, packageVersion(), {
    log,
    ...(runId === undefined ? {} : { runId }),
    ...(options.reuse === undefined ? {} : { reuse: options.reuse }),
    keepJobs: options['keep-jobs'],
  });
}

/** The value of a library call the command's own checks make good, or its refusal as one line, exit 2. */
function orInputFailure<T>(result: Result<T, { readonly message: string }>): T {
  if (!result.ok) throw new InputFailure({ message: result.error.message });
  return result.value;
}

/** Reads a dataset file into instances, failing with the file and line. */
function readInstances(game: TuningGame, file: string): string[] {
  const split = game.splitInstances(readInputText(file));
  if (!split.ok) throw new InputFailure({ file, line: split.error.line, message: split.error.message });
  return split.value;
}

/** The generations a run with a game budget and no --generations may take: its budget decides. */
const MAX_GENERATIONS = 100_000;

/** Generations when --generations is not given. */
const DEFAULT_GENERATIONS = 10;

/** The options of `tune` that say what a run trains on and how it searches. */
function searchOptions() {
  return {
    train: textOption({ demandOption: true, describe: 'training instances (never the standard benchmark)' }),
    validate: textOption({ demandOption: true, describe: 'held-out instances for the final comparison' }),
    select: textOption({
      describe: 'instances for the final choice, kept out of training (default: the training ones, fresh seeds)',
    }),
    batch: integerOption(1, 1_000_000, {
      describe: 'training instances drawn afresh for each generation (default: all)',
    }),
    population: integerOption(2, 10_000, { default: '16', describe: 'genomes per generation' }),
    generations: integerOption(1, MAX_GENERATIONS, {
      describe: 'generations to evolve (default: 10, or as many as --games allows)',
    }),
    optimizer: choiceOption(OPTIMIZERS, {
      default: 'cmaes',
      describe: 'cmaes: CMA-ES (covariance matrix adaptation); ga: the genetic algorithm; see docs/tuning.md',
    }),
    games: integerOption(1, Number.MAX_SAFE_INTEGER, {
      describe:
        'budget of training games: a generation starts only if all its games fit in what is left (the final choice and validation not counted)',
    }),
    nodes: integerOption(1, 1_000_000_000, {
      default: '20000',
      describe: 'node budget per solve (fitness is deterministic); a --bot run has none',
    }),
    seed: OPTIONS.seed,
    workers: integerOption(0, 256, {
      default: String(defaultWorkers()),
      describe: 'worker threads (0 = this thread)',
    }),
  };
}

/** The options of `tune` that say what a run writes, where it starts and how it makes its final choice. */
function outputOptions() {
  return {
    out: withYargs(OPTIONS.out, {
      demandOption: true,
      describe: 'tuned weights and the report, JSON (written atomically)',
    }),
    checkpoint: outputOption('checkpoint', {
      describe: 'state after every generation (written atomically); a file already there needs --resume or --force',
    }),
    resume: flagOption('continue from --checkpoint'),
    force: FORCE_OPTION,
    plot: outputOption('file', {
      describe: "best and mean fitness per generation and the start's score, SVG, redrawn after every generation",
    }),
    'plot-x': choiceOption(['generation', 'games'] as const, {
      default: 'generation',
      describe: "the plot's x-axis: generations, or games played (what the run cost)",
    }),
    start: textOption({
      describe:
        'weights JSON to start from and compare against (default: the shipped defaults; with --bot, the params starts)',
    }),
    'final-candidates': integerOption(1, 1000, {
      default: String(DEFAULT_FINAL_CHOICE.candidates),
      describe: 'genomes re-measured for the final choice (the start among them)',
    }),
  };
}

/** The options of `tune` for a run on the job queue, for racing, and the rest of the final choice and the live view. */
function queueAndRaceOptions() {
  return {
    queue: queueOption({
      describe:
        'evaluate on a Redis job queue (redis://[USER@]HOST:PORT[/DB], rediss:// for TLS; its password in TILEFALL_REDIS_PASSWORD) served by `tilefall worker`s',
    }),
    reuse: textOption({
      describe:
        'with --queue, answer from the finished jobs of run ID (see `tilefall queue status`) where they ask the same; a run never does unless told',
    }),
    'keep-jobs': flagOption(
      "with --queue, leave the run's jobs in Redis when it ends, for a later --reuse (they expire after 7 days)",
    ),
    // On by default: at equal game budgets it lost nothing on any target measured (docs/tuning.md).
    race: flagOption(
      "race each generation: a genome clearly behind the generation's best plays no more of its games (the rest score exactly as without racing); --no-race plays every game",
      true,
    ),
    'race-confidence': positiveOption(100, {
      default: String(DEFAULT_RACE_CONFIDENCE),
      describe: "with --race, standard errors a genome must be behind the generation's best by to stop playing",
    }),
    'final-repeats': integerOption(1, 1000, {
      default: String(DEFAULT_FINAL_CHOICE.repeats),
      describe: 'fresh seed sets each finalist is measured on',
    }),
    ...dashboardOptions(),
  };
}

/** The options of `tune`, the same for every game, in the order `--help` shows them. */
function tuneOptions() {
  return { ...searchOptions(), ...outputOptions(), ...queueAndRaceOptions() };
}

/** The values of {@link tuneOptions} as `run` receives them. */
type TuneOptions = OptionValues<ReturnType<typeof tuneOptions>>;

/** The `tune` command of one game, with the options of its programs (`program`). */
export function tuneCommand<P extends Record<string, OptionSpec<unknown>>>(
  game: TuningGame,
  program: ProgramTuning<P>,
): CliCommand {
  return defineCommand({
    name: 'tune',
    describe: "evolve the evaluation weights, or your program's parameters, with a genetic algorithm or CMA-ES",
    options: { ...tuneOptions(), ...program.options },
    checks: [
      { option: 'resume', message: 'needs --checkpoint FILE', fails: (o) => o.resume && o.checkpoint === undefined },
      ...tuneChecks(program),
      ...forceChecks(),
    ],
    examples: [
      [
        `$0 ${game.name} tune --train datasets/${game.name}/train.txt --validate datasets/${game.name}/validate.txt --out weights.json --checkpoint tune.ckpt`,
        'tune, resumable',
      ],
      program.example,
    ],
    run: (options) => runTune(game, program.setup(options), options),
  });
}

/**
 * The options of a run that mean nothing with the others given, each refused: the solver's node
 * budget for a program judged on the clock, a program's limits without the program, the local
 * threads of a run on the queue, racing's confidence without racing, the plot's axis without a plot.
 */
function tuneChecks<P extends Record<string, OptionSpec<unknown>>>(
  program: ProgramTuning<P>,
): OptionCheck<TuneOptions>[] {
  const named = `--${program.option} "CMD"`;
  return [
    {
      option: 'nodes',
      message: `is the solver's budget: a ${named} run judges each game on the clock (its time limits) instead`,
      fails: (_, given) => given.has('nodes') && given.has(program.option),
    },
    ...program.limits.map((limit) => ({
      option: limit as keyof TuneOptions & string,
      message: `is a limit of the program's games: goes with ${named}`,
      fails: (_: TuneOptions, given: ReadonlySet<string>) => given.has(limit) && !given.has(program.option),
    })),
    {
      option: 'workers',
      message: 'counts the threads of a run on this machine: with --queue the `tilefall worker`s evaluate',
      fails: (o, given) => given.has('workers') && o.queue !== undefined,
    },
    {
      option: 'reuse',
      message: 'is the id of a run on the queue: goes with --queue URL, and is letters, digits, _ and . only',
      fails: (o) => o.reuse !== undefined && (o.queue === undefined || !RUN_ID_PATTERN.test(o.reuse)),
    },
    {
      option: 'keep-jobs',
      message: 'keeps the jobs of a run on the queue: goes with --queue URL',
      fails: (o) => o['keep-jobs'] && o.queue === undefined,
    },
    {
      option: 'race-confidence',
      message: 'goes with --race, not --no-race',
      fails: (o, given) => given.has('race-confidence') && !o.race,
    },
    {
      option: 'plot-x',
      message: 'is the axis of the --plot FILE chart: give --plot FILE too',
      fails: (o, given) => given.has('plot-x') && o.plot === undefined,
    },
    {
      option: 'dashboard-host',
      message: 'is where the live view listens: give --dashboard PORT too',
      fails: (o, given) => given.has('dashboard-host') && o.dashboard === undefined,
    },
  ];
}

/** The instances a run reads, each set with its file, and the facts its report records. */
function readRunData(game: TuningGame, options: TuneOptions) {
  const train = readInstances(game, options.train);
  const validate = readInstances(game, options.validate);
  const select = options.select === undefined ? undefined : readInstances(game, options.select);
  if (options.batch !== undefined && options.batch > train.length)
    throw new InputFailure({
      file: options.train,
      message: `--batch ${options.batch} is more than its ${train.length} instances`,
    });
  const generations = options.generations ?? (options.games === undefined ? DEFAULT_GENERATIONS : MAX_GENERATIONS);
  const instances = options.batch ?? train.length;
  if (options.games !== undefined && options.games < options.population * instances)
    throw new InputFailure({
      file: options.train,
      message: `--games ${options.games} is less than one generation: ${options.population} genomes x ${instances} instances`,
    });
  const settings = defaultGaSettings(options.population, generations, options.seed);
  const facts: TuneRunFacts = {
    game: game.name,
    settings,
    nodes: options.nodes,
    train: { file: options.train, instances: train.length },
    validate: { file: options.validate, instances: validate.length },
    ...(select === undefined ? {} : { select: { file: options.select as string, instances: select.length } }),
    ...(options.batch === undefined ? {} : { batch: options.batch }),
    ...(options.race ? { race: { confidence: options['race-confidence'] } } : {}),
    optimizer: options.optimizer,
    ...(options.games === undefined ? {} : { games: options.games }),
    spec: game.spec,
  };
  // What the progress display counts to: fewer generations when the game budget runs out first.
  const planned =
    options.games === undefined
      ? generations
      : Math.min(generations, Math.floor(options.games / (options.population * instances)));
  return { train, validate, select, settings, facts, planned };
}

/** The fitness plot of a run: drawn again after every generation; whether a drawing failed. */
interface PlotWriter {
  readonly draw: (history: readonly GenerationRecord[], heldOut?: HeldOutDifference) => Promise<void>;
  readonly failed: () => boolean;
}

/**
 * Writes the fitness plot of a run's generations so far (atomically), with the held-out difference
 * once known. A plot that cannot be written does not stop the run: the first failure is said in
 * one line (`say`), the next generations try again, and the run ends with exit 2.
 */
function plotWriter(game: TuningGame, file: string, axis: PlotAxis, say: (line: string) => void): PlotWriter {
  const per = axis === 'games' ? 'games played' : 'generation';
  let failed = false;
  const draw = async (history: readonly GenerationRecord[], heldOut?: HeldOutDifference): Promise<void> => {
    const svg = await fitnessPlotSvg(history, `${game.name} tuning: fitness per ${per}`, axis, heldOut);
    const [failure] = tryWrites([() => writeTextOutput(orInputFailure(svg), file)]);
    if (failure !== undefined && !failed)
      say(formatInputError({ ...failure, message: `${failure.message}: the run goes on` }));
    failed ||= failure !== undefined;
  };
  return { draw, failed: () => failed };
}

/**
 * Writes the run's result to `--out`; when that fails (a full disk, a folder removed during the
 * run), prints it on stdout instead, so that no run is lost at its last write. The exit code.
 */
function writeResult(json: string, out: string): number {
  const [failure] = tryWrites([() => writeTextOutput(json, out)]);
  if (failure === undefined) return EXIT.ok;
  process.stdout.write(json);
  const message = `${failure.message}: the result is printed on stdout instead`;
  process.stderr.write(`${formatInputError({ ...failure, message })}\n`);
  return EXIT.badInput;
}

/** The weights a run starts from, read from `--start` (a bot's parameters with `--bot`); none without it. */
function readStart(game: TuningGame, bot: BotSetup | undefined, options: TuneOptions) {
  if (options.start === undefined) return undefined;
  return bot === undefined
    ? readWeightsFile(options.start, game.spec.names)
    : readBotStart(options.start, bot.facts.parameters);
}

/** Starts the live view on `port`, with the queue's workers when the run is on one. */
function startLiveView(
  game: TuningGame,
  options: TuneOptions,
  port: NonNullable<TuneOptions['dashboard']>,
  planned: number,
  start: ReturnType<typeof readStart>,
  queue: QueueRunner | undefined,
): Promise<TuneDashboard> {
  return startTuneDashboard(
    {
      game,
      optimizer: options.optimizer,
      planned,
      start,
      resumed: options.resume ? options.checkpoint : undefined,
      workers: queue && (() => queue.stats.workers),
    },
    options['dashboard-host'] ?? DASHBOARD_HOST,
    port,
  );
}

/** The exit of a run the tuner stopped: its reason as one line, or as a refused option. */
function stoppedRun(error: TuneError, bot: BotSetup | undefined): number {
  // A program that cannot start is a bad option, as for judge and conform.
  if (error.code === 'program-cannot-start')
    throw new InputFailure({ message: `option --${bot?.facts.option ?? 'bot'}: ${error.message}` });
  // A job that failed on a worker, a game that failed, or a program that never plays stops the run with its reason, in one line.
  if (error.code === 'evaluation-failed' || error.code === 'program-never-plays') {
    process.stderr.write(`tilefall: ${error.message}\n`);
    return EXIT.verdictError;
  }
  throw new InputFailure(error);
}

/** Reads the instances, runs the tuner on the chosen runner and writes its outputs; returns the exit code. */
async function runTune(solverGame: TuningGame, bot: BotSetup | undefined, options: TuneOptions): Promise<number> {
  const game = bot?.game ?? solverGame;
  const { train, validate, select, settings, facts, planned } = readRunData(game, options);
  // On a queue the workers run their own program, which this machine may not have.
  if (bot !== undefined && options.queue === undefined) refuseUnstartable(bot.facts.option, bot.game.program?.argv);
  const start = readStart(game, bot, options);
  // A missing optional package is reported now, not after the run.
  if (options.plot !== undefined) await loadPlotPackages();
  // The queue's lines go through the progress display once it draws, so that none lands on its bar.
  let say = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  const queue =
    options.queue === undefined
      ? undefined
      : await connectQueue(options.queue, game, options, (line) => say(`tilefall: ${line}`));
  const runner = queue ?? orInputFailure(createTaskRunner(options.workers));
  const detail = queue ? () => queueProgressDetail(queue) : undefined;
  // A run no --resume can continue leaves no jobs behind when a signal stops it.
  const keepOnSignal = queue === undefined || options.checkpoint !== undefined || options['keep-jobs'];
  const stopWatching = keepOnSignal || queue === undefined ? () => {} : removeJobsOnSignal(() => queue.abandon());
  const plot =
    options.plot === undefined ? undefined : plotWriter(game, options.plot, options['plot-x'], (line) => say(line));
  let live: TuneDashboard | undefined;
  try {
    if (options.dashboard !== undefined)
      live = await startLiveView(game, options, options.dashboard, planned, start, queue);
    const progress = orInputFailure(createProgress(process.stderr, planned, detail));
    say = (line) => progress.line?.(line);
    const result = await tune({
      game,
      train,
      validate,
      select,
      batch: options.batch,
      settings,
      nodes: options.nodes,
      // Solving in this thread leaves the live view's server no turn unless the runner gives it one.
      runner: live !== undefined && queue === undefined && options.workers === 0 ? servedBetweenTasks(runner) : runner,
      start,
      checkpoint: options.checkpoint === undefined ? undefined : { file: options.checkpoint, resume: options.resume },
      progress: live?.recorder.watch(progress) ?? progress,
      finalChoice: { candidates: options['final-candidates'], repeats: options['final-repeats'] },
      race: facts.race,
      optimizer: options.optimizer,
      games: options.games,
      // The plot is redrawn after every generation, so a long run's plot can be looked at while it
      // runs; the live view draws the same records.
      ...(plot === undefined && live === undefined
        ? {}
        : {
            afterGeneration: async (_: number, history: readonly GenerationRecord[]) => {
              live?.recorder.generationDone(history);
              await plot?.draw(history);
            },
          }),
    });
    if (result.ok) live?.recorder.finished(result.value);
    else live?.recorder.stopped(result.error.message);
    if (!result.ok) return stoppedRun(result.error, bot);
    const written = writeResult(
      bot === undefined ? tuneOutputJson(result.value, facts) : botTuneOutputJson(result.value, facts, bot.facts),
      options.out,
    );
    await plot?.draw(result.value.history, result.value.validation.difference);
    if (written !== EXIT.ok) return written;
    process.stdout.write(tuneSummary(result.value, facts, options.out, bot?.facts));
    return plot?.failed() ? EXIT.badInput : EXIT.ok;
  } finally {
    stopWatching();
    await live?.close();
    await runner.close();
  }
}
