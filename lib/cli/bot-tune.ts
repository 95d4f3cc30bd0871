/**
 * The options that make `tune` evolve a user's program's parameters instead of the built-in
 * solver's weights: `--bot` (`--solver`, its former name in Columns), `--params`, the judge's limits,
 * and the version that goes into the program's fingerprint. Parsing only: the game itself is
 * lib/judge/bot-tuning.ts.
 */
import { type BotParameter, botParameterValues } from '../core/bot-parameters.js';
import { parseNamedWeights } from '../core/named-weights.js';
import type { TuningGame, TuningProgram } from '../core/tuning-game.js';
import { type BotTuningConfig, botTuningGame } from '../judge/bot-tuning.js';
import { COLUMNS_MEMORY_MB } from '../judge/columns.js';
import { splitCommandLine } from '../judge/command-line.js';
import { botFingerprint } from '../judge/fingerprint.js';
import { SAMEGAME_MEMORY_MB } from '../judge/samegame.js';
import { InputFailure } from './input-error.js';
import { integerOption, type OptionSpec, type OptionValues, renamedFrom, textOption, withYargs } from './options.js';
import { readJsonFile, readParamsFile } from './read-input.js';
import { PROTOCOL_OPTION } from './samegame/options.js';

/** A program to tune, as the command line gave it: its game, and what the report says about it. */
export interface BotSetup {
  readonly game: TuningGame;
  readonly facts: BotRunFacts;
}

/** The program of a run and its limits, as the report records them. */
export interface BotRunFacts {
  /** The option that named it (`bot`, `solver`). */
  readonly option: string;
  readonly program: TuningProgram;
  /** The version given for the fingerprint, when one was. */
  readonly version?: string;
  readonly paramsFile: string;
  readonly parameters: readonly BotParameter[];
  readonly limits: BotTuningConfig['limits'];
  /** The limits set above the site's, each as `--turn-ms 200 (the site's: 50)`. */
  readonly relaxed: readonly string[];
}

/** A game's program options for `tune`, beside the built-in ones. */
export interface ProgramTuning<P extends Record<string, OptionSpec<unknown>>> {
  readonly options: P;
  /** The option that names the program (`bot`, `solver`). */
  readonly option: string;
  /** The options of the program's judge limits, which mean nothing without it. */
  readonly limits: readonly (keyof P & string)[];
  /** A command line of `tune` with a program, for `--help`. */
  readonly example: readonly [command: string, what: string];
  /** The program the values name, or undefined for a run of the built-in solver. */
  setup(values: OptionValues<P>): BotSetup | undefined;
}

/** The program `command` names, split as `judge` splits it, with its fingerprint. */
export function programFromCommand(option: string, command: string, version?: string): TuningProgram {
  const argv = splitCommandLine(command);
  if (!argv.ok) throw new InputFailure({ message: `option --${option}: ${argv.error.message}` });
  return { command, argv: argv.value, fingerprint: botFingerprint(command, argv.value, version) };
}

/** The options of both games' programs: the command, its version and the parameters file. */
function programOptions<O extends string>(option: O, what: string, example: string, formerName?: string) {
  const renamed = (spec: OptionSpec<string | undefined>, former: string | undefined) =>
    former === undefined ? spec : renamedFrom(spec, former);
  return {
    [option]: renamed(
      textOption({
        describe: `tune your ${what}'s parameters instead of the solver's weights: the command that runs it, e.g. "${example}" (no shell; it reads TILEFALL_PARAMS and TILEFALL_SEED)`,
      }),
      formerName,
    ),
    [`${option}-version`]: renamed(
      textOption({
        describe: `with --${option}: a version for its fingerprint, which queue workers check (default: the bytes of the files the command names)`,
      }),
      formerName === undefined ? undefined : `${formerName}-version`,
    ),
  } as Record<O | `${O}-version`, OptionSpec<string | undefined>>;
}

const PARAMS_OPTION = textOption({
  describe: 'with --bot: params.json, each parameter with its min, max, start and "integer": true or not',
});

/** The limits each site applies, which a run may relax (and its report then says so). */
const SITE_LIMITS = {
  samegame: { 'first-turn-ms': 20_000, 'turn-ms': 50, 'memory-mb': SAMEGAME_MEMORY_MB },
  columns: { 'time-ms': 4000, 'memory-mb': COLUMNS_MEMORY_MB },
} as const;

/** The limits given above the site's, each as `--turn-ms 200 (the site's: 50)`. */
function relaxedLimits(given: Readonly<Record<string, number>>, site: Readonly<Record<string, number>>): string[] {
  return Object.entries(site)
    .filter(([option, limit]) => given[option] > limit)
    .map(([option, limit]) => `--${option} ${given[option]} (the site's: ${limit})`);
}

/** The bot setup of a run, once the command and the parameters file are both given. */
function botSetup(
  option: string,
  values: { command?: string; version?: string; params?: string },
  config: (parameters: BotParameter[]) => BotTuningConfig,
  relaxed: string[],
): BotSetup | undefined {
  if (values.command === undefined) {
    if (values.params !== undefined)
      throw new InputFailure({ message: `option --params: tunes a program's parameters: give --${option} "CMD" too` });
    if (values.version !== undefined)
      throw new InputFailure({ message: `option --${option}-version: goes with --${option} "CMD"` });
    return undefined;
  }
  if (values.params === undefined)
    throw new InputFailure({
      message: `option --${option}: needs --params FILE (each parameter with its min, max and start)`,
    });
  const parameters = readParamsFile(values.params);
  const program = programFromCommand(option, values.command, values.version);
  const built = config(parameters);
  return {
    game: botTuningGame(built, program),
    facts: {
      option,
      program,
      ...(values.version === undefined ? {} : { version: values.version }),
      paramsFile: values.params,
      parameters,
      limits: built.limits,
      relaxed,
    },
  };
}

const samegameOptions = {
  ...programOptions('bot', 'bot', 'python3 bot.py'),
  params: PARAMS_OPTION,
  protocol: withYargs(PROTOCOL_OPTION, {
    default: PROTOCOL_OPTION.yargs.default as string,
    describe: "with --bot: the bot's protocol, multi-turn (the current puzzle) or one-turn",
  }),
  'first-turn-ms': integerOption(1, 600_000, {
    default: String(SITE_LIMITS.samegame['first-turn-ms']),
    describe: "with --bot: time for the bot's first answer (CodinGame: 20 s)",
  }),
  'turn-ms': integerOption(1, 600_000, {
    default: String(SITE_LIMITS.samegame['turn-ms']),
    describe: 'with --bot: time for each later answer (CodinGame: 50 ms)',
  }),
  'memory-mb': integerOption(1, 1_000_000, {
    default: String(SAMEGAME_MEMORY_MB),
    describe:
      'with --bot: memory the bot and every process it started may hold together, MB of 2^20 bytes (CodinGame: 768 MB)',
  }),
};

/** `samegame tune --bot "CMD" --params FILE`, under the limits of `samegame judge`. */
export const SAMEGAME_PROGRAM: ProgramTuning<typeof samegameOptions> = {
  options: samegameOptions,
  option: 'bot',
  limits: ['protocol', 'first-turn-ms', 'turn-ms', 'memory-mb'],
  example: [
    '$0 samegame tune --bot "python3 bot.py" --params params.json --train datasets/samegame/train.txt --validate datasets/samegame/validate.txt --out tuned.json',
    "tune your bot's parameters",
  ],
  setup: (v) =>
    botSetup(
      'bot',
      { command: v.bot, version: v['bot-version'], params: v.params },
      (parameters) => ({
        game: 'samegame',
        parameters,
        limits: {
          protocol: v.protocol,
          firstTurnMs: v['first-turn-ms'],
          turnMs: v['turn-ms'],
          memoryMb: v['memory-mb'],
        },
      }),
      relaxedLimits(
        { 'first-turn-ms': v['first-turn-ms'], 'turn-ms': v['turn-ms'], 'memory-mb': v['memory-mb'] },
        SITE_LIMITS.samegame,
      ),
    ),
};

const columnsOptions = {
  ...programOptions('bot', 'program', './solve', 'solver'),
  params: PARAMS_OPTION,
  'time-ms': integerOption(1, 600_000, {
    default: String(SITE_LIMITS.columns['time-ms']),
    describe: 'with --bot: time per instance from the process start (contest: 4 s)',
  }),
  'memory-mb': integerOption(1, 1_000_000, {
    default: String(COLUMNS_MEMORY_MB),
    describe:
      'with --bot: memory the program and every process it started may hold together, MB of 2^20 bytes (contest: 1024 MiB)',
  }),
};

/** `columns tune --bot "CMD" --params FILE` (`--solver`, its former name), under the limits of `columns judge`. */
export const COLUMNS_PROGRAM: ProgramTuning<typeof columnsOptions> = {
  options: columnsOptions,
  option: 'bot',
  limits: ['time-ms', 'memory-mb'],
  example: [
    '$0 columns tune --bot "./solve" --params params.json --train datasets/columns/train.txt --validate datasets/columns/validate.txt --out tuned.json',
    "tune your program's parameters",
  ],
  setup: (v) =>
    botSetup(
      'bot',
      { command: v.bot, version: v['bot-version'], params: v.params },
      (parameters) => ({ game: 'columns', parameters, limits: { timeMs: v['time-ms'], memoryMb: v['memory-mb'] } }),
      relaxedLimits({ 'time-ms': v['time-ms'], 'memory-mb': v['memory-mb'] }, SITE_LIMITS.columns),
    ),
};

/**
 * Start parameters from `file` (a `{ name: value }` object, or a bot tune output's `params`), each
 * within its bounds, or an input failure naming the file and the parameter.
 */
export function readBotStart(file: string, parameters: readonly BotParameter[]): Record<string, number> {
  const json = readJsonFile(file);
  const candidate = json !== null && typeof json === 'object' && 'params' in json ? json.params : json;
  const start = parseNamedWeights(
    candidate,
    parameters.map((p) => p.name),
  );
  if (!start.ok) throw new InputFailure({ file, message: `field "${start.error.field}": ${start.error.message}` });
  const outside = parameters.find((p) => start.value[p.name] < p.min || start.value[p.name] > p.max);
  if (outside !== undefined)
    throw new InputFailure({
      file,
      message: `parameter "${outside.name}": start ${start.value[outside.name]} is outside [${outside.min}, ${outside.max}]`,
    });
  return start.value;
}

/** The parameters a genome stands for, by name, as the program is given them (integers rounded). */
export const namedParameters = (
  parameters: readonly BotParameter[],
  genome: readonly number[],
): Record<string, number> =>
  botParameterValues(parameters, Object.fromEntries(parameters.map((p, i) => [p.name, genome[i]])));
