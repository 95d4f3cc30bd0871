/**
 * A user's program as a game for the tuner: a SameGame bot or a Columns solver whose parameters
 * (`params.json`) the genetic algorithm evolves. Each evaluation is one game judged as `judge`
 * judges it, on one instance, under the judge's limits. The program is told its parameters and
 * seed by the contract below; a game it loses by a timeout, a crash, an illegal action or invalid
 * output, or the memory limit scores 0, and its failure is counted.
 *
 * The contract, for a program of any language:
 * - `TILEFALL_PARAMS`, in its environment: the parameters as one JSON object, by name (integer
 *   parameters rounded to the nearest integer; the others as the tuner's real numbers).
 * - `TILEFALL_SEED`, in its environment: the seed of this game, an integer from 0 to 2^32 - 1.
 * - `{params}` anywhere in the command is replaced by the path of a temporary file holding the same
 *   JSON, removed after the game.
 * - The rest of its environment is tilefall's, less what only tilefall may read (the job queue's
 *   password: program-environment.ts).
 *
 * Worker threads and queue workers build the game with {@link tuningGameFrom} from its plain
 * config (the game, the limits, the parameters) and the program their own command line gave.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { parseInstance } from '../columns/engine/text.js';
import { tuningGame as columnsSolverGame } from '../columns/search/tuning.js';
import { type BotParameter, botParameterValues } from '../core/bot-parameters.js';
import {
  type FailureKind,
  type GameConfig,
  type GameScore,
  shownSeed,
  type TuningGame,
  type TuningProgram,
} from '../core/tuning-game.js';
import { parseBoard } from '../samegame/engine/text.js';
import { tuningGame as samegameSolverGame } from '../samegame/search/tuning.js';
import { judgeColumnsProgram } from './columns.js';
import { PARAMS_PLACEHOLDER } from './command-line.js';
import { parametersProblem } from './config-parameters.js';
import { columnsFailureDetail, sameGameFailureDetail } from './failure-detail.js';
import { judgeSameGameBot } from './samegame.js';

/** The environment variable that holds the parameters, as one JSON object. */
export const PARAMS_VARIABLE = 'TILEFALL_PARAMS';
/** The environment variable that holds the game's seed. */
export const SEED_VARIABLE = 'TILEFALL_SEED';

/** The tuner's name of each game's program, which a queue job names. */
export const BOT_GAME_NAMES = { samegame: 'samegame-bot', columns: 'columns-solver' } as const;

/** The URL of this module, which worker threads import to build a bot game. */
export const BOT_TUNING_MODULE: string = import.meta.url;

/** The limits of a SameGame bot's games, as `samegame judge` takes them. */
export interface SameGameBotLimits {
  readonly protocol: 'multi-turn' | 'one-turn';
  readonly firstTurnMs: number;
  readonly turnMs: number;
  readonly memoryMb: number;
}

/** The limits of a Columns program's runs, as `columns judge` takes them. */
export interface ColumnsProgramLimits {
  readonly timeMs: number;
  readonly memoryMb: number;
}

/** What a bot game is built from: plain data, the same on every machine of a run. */
export type BotTuningConfig =
  | { readonly game: 'samegame'; readonly parameters: readonly BotParameter[]; readonly limits: SameGameBotLimits }
  | { readonly game: 'columns'; readonly parameters: readonly BotParameter[]; readonly limits: ColumnsProgramLimits };

const milliseconds = z.number().int().min(1).max(600_000);
const parameterSchema = z.object({
  name: z.string().min(1),
  min: z.number().finite(),
  max: z.number().finite(),
  start: z.number().finite(),
  integer: z.boolean(),
});
// A queue job's config comes from Redis: read it as strictly as the command line reads its options.
const configSchema = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('samegame'),
    parameters: z.array(parameterSchema).min(1),
    limits: z.object({
      protocol: z.enum(['multi-turn', 'one-turn']),
      firstTurnMs: milliseconds,
      turnMs: milliseconds,
      memoryMb: z.number().int().min(1).max(1_000_000),
    }),
  }),
  z.object({
    game: z.literal('columns'),
    parameters: z.array(parameterSchema).min(1),
    limits: z.object({ timeMs: milliseconds, memoryMb: z.number().int().min(1).max(1_000_000) }),
  }),
]);

/** The bot game `config` describes, running `program` (the module export worker threads call). */
export function tuningGameFrom(config: GameConfig, program?: TuningProgram): TuningGame {
  const parsed = configSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `not a bot tuning config: field ${issue.path.join('.') || '(the config itself)'}: ${issue.message}`,
    );
  }
  const parameters = parametersProblem(parsed.data.parameters);
  if (parameters !== undefined) throw new Error(`not a bot tuning config: field parameters: ${parameters}`);
  if (program === undefined) throw new Error(`a ${BOT_GAME_NAMES[parsed.data.game]} game needs a program to run`);
  return botTuningGame(parsed.data, program);
}

/** The tuning game of `program` under `config`. */
export function botTuningGame(config: BotTuningConfig, program: TuningProgram): TuningGame {
  const solverGame = config.game === 'samegame' ? samegameSolverGame : columnsSolverGame;
  return {
    name: BOT_GAME_NAMES[config.game],
    module: BOT_TUNING_MODULE,
    spec: { names: config.parameters.map((p) => p.name), bounds: config.parameters.map((p) => [p.min, p.max]) },
    defaults: Object.fromEntries(config.parameters.map((p) => [p.name, p.start])),
    splitInstances: (text) => solverGame.splitInstances(text),
    score: (instance, weights, _nodes, seed) => playOnce(config, program, instance, weights, seed),
    config: config as unknown as GameConfig,
    program,
  };
}

/** One judged game of the program with these weights as its parameters. */
async function playOnce(
  config: BotTuningConfig,
  program: TuningProgram,
  instance: string,
  weights: Readonly<Record<string, number>>,
  seed: number,
): Promise<GameScore> {
  const json = JSON.stringify(botParameterValues(config.parameters, weights));
  const variables = { [PARAMS_VARIABLE]: json, [SEED_VARIABLE]: String(shownSeed(seed)) };
  const usesFile = program.argv.some((word) => word.includes(PARAMS_PLACEHOLDER));
  const dir = usesFile ? await mkdtemp(join(tmpdir(), 'tilefall-params-')) : undefined;
  try {
    let argv = program.argv;
    if (dir !== undefined) {
      const file = join(dir, 'params.json');
      await writeFile(file, json);
      argv = argv.map((word) => word.replaceAll(PARAMS_PLACEHOLDER, file));
    }
    return config.game === 'samegame'
      ? await playSameGame(argv, instance, config.limits, variables)
      : await playColumns(argv, instance, config.limits, variables);
  } finally {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }
}

/** A judged game's score, or 0 and the failure with its detail (and why the program could not start, if it could not). */
function scored(
  score: number,
  failure: FailureKind | undefined,
  detail: string | undefined,
  unstartable: string | undefined,
): GameScore {
  if (failure === undefined) return { score };
  return {
    score: 0,
    failure,
    ...(detail === undefined ? {} : { detail }),
    ...(unstartable === undefined ? {} : { unstartable }),
  };
}

async function playSameGame(
  argv: readonly string[],
  instance: string,
  limits: SameGameBotLimits,
  variables: Readonly<Record<string, string>>,
): Promise<GameScore> {
  const board = parseBoard(instance);
  if (!board.ok) throw new Error(`tuning instance: ${board.error.message}`);
  const report = await judgeSameGameBot(argv, board.value, limits, variables);
  const failures: Partial<Record<string, FailureKind>> = {
    timeout: 'timeout',
    crash: 'crash',
    memory: 'memory',
    error: 'invalid',
  };
  return scored(report.score, failures[report.end], sameGameFailureDetail(report), report.unstartable);
}

async function playColumns(
  argv: readonly string[],
  instance: string,
  limits: ColumnsProgramLimits,
  variables: Readonly<Record<string, string>>,
): Promise<GameScore> {
  const parsed = parseInstance(instance);
  if (!parsed.ok) throw new Error(`tuning instance: ${parsed.error.message}`);
  const report = await judgeColumnsProgram(argv, parsed.value, limits.timeMs, variables, { memoryMb: limits.memoryMb });
  const failure = report.end === 'scored' ? undefined : report.end;
  return scored(report.score, failure, columnsFailureDetail(report, limits), report.unstartable);
}
