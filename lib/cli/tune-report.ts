/** What `tune` writes and prints: the output JSON's report and the summary lines on stdout. */
import { describeFailure, type FailureRecord } from '../../tuner/failures.js';
import type { GaSettings } from '../../tuner/ga.js';
import { onBounds, onBoundsLine } from '../../tuner/on-bounds.js';
import type { OptimizerName } from '../../tuner/optimizer.js';
import type { RaceSettings } from '../../tuner/racing.js';
import type { TuneResult } from '../../tuner/tune.js';
import { FAILURE_KINDS, type GenomeSpec } from '../core/tuning-game.js';
import { type BotRunFacts, namedParameters } from './bot-tune.js';

/** The files and budget a run used, as the report records them. */
export interface TuneRunFacts {
  readonly game: string;
  readonly settings: GaSettings;
  readonly nodes: number;
  readonly train: { readonly file: string; readonly instances: number };
  readonly validate: { readonly file: string; readonly instances: number };
  /** The final choice's instances, when not the training ones. */
  readonly select?: { readonly file: string; readonly instances: number };
  /** Training instances drawn for each generation, when not all. */
  readonly batch?: number;
  /** How generations were raced, when they were (`--race`). */
  readonly race?: RaceSettings;
  readonly optimizer: OptimizerName;
  /** The budget of training games, when the run had one (`--games`). */
  readonly games?: number;
  /** The weights' names and bounds, for the tuned ones that end on a bound. */
  readonly spec: GenomeSpec;
}

/** The settings the run's optimizer used: CMA-ES has no elites, tournaments or mutation rate. */
function usedSettings(run: TuneRunFacts) {
  const { population, generations, seed, initialSigma } = run.settings;
  const settings = run.optimizer === 'ga' ? run.settings : { population, generations, seed, initialSigma };
  return { optimizer: run.optimizer, ...settings, ...(run.games === undefined ? {} : { gamesBudget: run.games }) };
}

/** The output file's content: the tuned weights and the report of how they were found and checked. */
export function tuneOutputJson(result: TuneResult, run: TuneRunFacts): string {
  const { weights, validation, history, finalists } = result;
  const report = {
    game: run.game,
    settings: { ...usedSettings(run), nodes: run.nodes },
    train: run.train,
    ...(run.batch === undefined ? {} : { batch: run.batch }),
    ...(run.race === undefined ? {} : { race: run.race }),
    ...(run.select === undefined ? {} : { select: run.select }),
    validate: run.validate,
    finalSample: result.finalSample,
    finalists,
    validation,
    games: result.games,
    onBounds: tunedOnBounds(result, run),
    history,
  };
  return `${JSON.stringify({ weights, report }, null, 2)}\n`;
}

/** The tuned weights on a bound of their range. */
const tunedOnBounds = (result: TuneResult, run: TuneRunFacts) =>
  onBounds(run.spec.names, run.spec.bounds, result.weights);

/** The tuned parameters, as the program is handed them (integers rounded), on a bound of their range. */
const tunedParametersOnBounds = (result: TuneResult, bot: BotRunFacts) =>
  onBounds(
    bot.parameters.map((p) => p.name),
    bot.parameters.map((p) => [p.min, p.max] as const),
    namedParameters(bot.parameters, result.finalists[0].genome),
  );

/**
 * What the report says about noise: a program on a wall clock does not play a game the same way
 * twice, and the run's answer to that.
 */
function noiseStatement(result: TuneResult, run: TuneRunFacts): string {
  const measured = result.finalSample === 'selection-instances' ? 'the selection instances' : 'fresh seed sets';
  return (
    'A program on a wall clock plays differently each time, even with the same parameters and seed, so one ' +
    `game is a noisy measurement: the finalists (${result.finalists.length}) were re-measured on ${measured} ` +
    `before the choice, and the held-out difference (tuned - start on the same ${run.validate.instances} ` +
    'instances and seeds) comes with its standard error; under two standard errors is noise. A program that ' +
    'plays the same moves for the same parameters and seed gives the same output on every run.'
  );
}

/** The output file of a program's tuning: its tuned parameters by name and the report. */
export function botTuneOutputJson(result: TuneResult, run: TuneRunFacts, bot: BotRunFacts): string {
  const { validation, history, finalists, failures } = result;
  const named = (genome: readonly number[]) => namedParameters(bot.parameters, genome);
  const settings = usedSettings(run);
  const report = {
    game: run.game,
    [bot.option]: {
      command: bot.program.command,
      fingerprint: bot.program.fingerprint,
      ...(bot.version === undefined ? {} : { version: bot.version }),
    },
    params: { file: bot.paramsFile, parameters: bot.parameters },
    limits: bot.limits,
    limitsRelaxed: bot.relaxed,
    noise: noiseStatement(result, run),
    settings,
    train: run.train,
    ...(run.batch === undefined ? {} : { batch: run.batch }),
    ...(run.race === undefined ? {} : { race: run.race }),
    ...(run.select === undefined ? {} : { select: run.select }),
    validate: run.validate,
    finalSample: result.finalSample,
    games: result.games,
    finalists: finalists.map((f) => ({ origin: f.origin, params: named(f.genome), genome: f.genome, mean: f.mean })),
    validation,
    onBounds: tunedParametersOnBounds(result, bot),
    failures: {
      games: failures.totals.games,
      failed: failures.totals.failed,
      ...failures.totals.byKind,
      genomes: failures.records.map((r) => ({
        where: r.where,
        params: named(r.genome),
        games: r.games,
        ...r.failed,
        ...(r.first === undefined ? {} : { first: r.first }),
      })),
    },
    history,
  };
  return `${JSON.stringify({ params: named(finalists[0].genome), report }, null, 2)}\n`;
}

/** The run's first failed game, with what it showed, as a summary line (none for a run without one). */
function firstFailureLine(records: readonly FailureRecord[]): string[] {
  const record = records.find((r) => r.first !== undefined);
  return record?.first === undefined ? [] : [`  first failure, ${record.where}: ${describeFailure(record.first)}`];
}

/** The lines a program's tuning adds to the summary: its failed games, its limits and the noise. */
function botSummaryLines(result: TuneResult, bot: BotRunFacts): string[] {
  const { totals, records } = result.failures;
  const kinds = FAILURE_KINDS.filter((k) => totals.byKind[k] > 0).map((k) => `${k} ${totals.byKind[k]}`);
  const genomes = new Set(records.map((r) => r.genome.join(','))).size;
  return [
    totals.failed === 0
      ? `failed games: none of ${totals.games}`
      : `failed games: ${totals.failed} of ${totals.games} (${kinds.join(', ')}) by ${genomes} parameter sets, each scored 0: see report.failures`,
    ...firstFailureLine(records),
    bot.relaxed.length === 0
      ? "limits: the site's"
      : `limits relaxed for speed, so scores at the site's limits may differ: ${bot.relaxed.join(', ')}`,
    'noise: a program on a wall clock plays differently each time; the finalists were re-measured and the held-out difference has its standard error',
  ];
}

/** The summary printed when the run ends: the final choice and the held-out comparison. */
export function tuneSummary(result: TuneResult, run: TuneRunFacts, outFile: string, bot?: BotRunFacts): string {
  const { validation, finalists, finalSample } = result;
  const f = (e: { mean: number; standardError: number }) => `${e.mean.toFixed(1)} ± ${e.standardError.toFixed(1)}`;
  const start = finalists.find((c) => c.origin === 'start')?.mean.toFixed(1);
  const errors = validation.difference.mean / (validation.difference.standardError || Number.POSITIVE_INFINITY);
  const where =
    finalSample === 'selection-instances'
      ? `selection mean ${finalists[0].mean.toFixed(1)} on the ${run.select?.instances} selection instances`
      : `training mean ${finalists[0].mean.toFixed(1)} on fresh seeds`;
  return [
    `tuned ${bot === undefined ? 'weights' : 'parameters'} written to ${outFile} (${finalists[0].origin}: ${where}; the start scored ${start})`,
    bot === undefined
      ? `validation on ${validation.instances} instances at ${run.nodes} nodes:`
      : `validation on ${validation.instances} instances, one judged game each:`,
    `  tuned    ${f(validation.tuned)}`,
    `  start    ${f(validation.start)}`,
    `  paired difference (tuned - start) ${f(validation.difference)}  (${errors.toFixed(1)} standard errors)`,
    `games: ${result.games.played} played${result.games.saved > 0 ? `, ${result.games.saved} more saved by racing` : ''}`,
    ...onBoundsLine(bot === undefined ? tunedOnBounds(result, run) : tunedParametersOnBounds(result, bot)),
    `optimizer: ${run.optimizer}, ${result.history.length} generation${result.history.length === 1 ? '' : 's'}${run.games === undefined ? '' : ` within a budget of ${run.games} training games`}`,
    ...(bot === undefined ? [] : botSummaryLines(result, bot)),
    '',
  ].join('\n');
}
