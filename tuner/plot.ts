/**
 * The fitness plot: best and mean fitness per generation, or per games played, the start's score
 * as a flat line, and at the end the held-out difference, as SVG (vega-lite).
 */
import {
  type ArgumentError,
  checkChoice,
  checkWholeNumber,
  isPlainObject,
  refuse,
} from '../lib/core/argument-error.js';
import { err, ok, type Result } from '../lib/core/result.js';
import { MissingPackageError } from '../lib/node/optional-packages.js';
import { renderVegaLite, type VegaLiteSpec } from '../lib/node/vega.js';
import type { GenerationRecord } from './ga.js';

/** What the plot's x-axis counts: generations, or the games played by the end of each (what a run costs). */
export type PlotAxis = 'generation' | 'games';

/** One point of the plot. */
export interface PlotPoint {
  readonly x: number;
  readonly fitness: number;
  readonly series: 'best' | 'mean' | 'start';
}

/** The held-out check's result the plot's subtitle says: tuned minus start, instance by instance. */
export interface HeldOutDifference {
  readonly mean: number;
  readonly standardError: number;
  /** The held-out instances. */
  readonly n: number;
}

/**
 * The plot's points: each generation's best and mean at its number, or at the games played from
 * the run's start to its end (a generation recorded without its games, by a checkpoint older than
 * the count, adds none), and the start's score at each when the first record holds it.
 */
export function plotPoints(history: readonly GenerationRecord[], axis: PlotAxis): PlotPoint[] {
  let games = history[0]?.start?.games ?? 0;
  const start = history[0]?.start?.score;
  return history.flatMap((h) => {
    games += h.games ?? 0;
    const x = axis === 'games' ? games : h.generation + 1;
    return [
      { x, fitness: h.best, series: 'best' as const },
      { x, fitness: h.mean, series: 'mean' as const },
      ...(start === undefined ? [] : [{ x, fitness: start, series: 'start' as const }]),
    ];
  });
}

/** The plot's subtitle for a held-out difference: its mean, signed, its standard error and its instances. */
export function heldOutSubtitle(difference: HeldOutDifference): string {
  const sign = difference.mean > 0 ? '+' : '';
  return `held-out: tuned - start ${sign}${difference.mean.toFixed(1)} ± ${difference.standardError.toFixed(1)} on ${difference.n} instance${difference.n === 1 ? '' : 's'}`;
}

/** Why a plot was not drawn: a history, title or axis it cannot use, or vega and vega-lite not installed. */
export type PlotError =
  | ArgumentError<'invalid-option'>
  | { readonly code: 'missing-package'; readonly message: string };

/** The most generations a plot draws: a run's most (`TUNE_LIMITS.generations`). */
const MAX_PLOTTED = 100_000;

/**
 * Best and mean fitness per generation (or per games played), as an SVG document, with the start's
 * score as a flat line when the first record holds it (`start.score`) and, when `heldOut` is given
 * (a finished run's `validation.difference`), the held-out difference as the subtitle. `history`
 * is a run's (`TuneResult.history`): records of whole generation numbers, finite best and mean,
 * games a whole number when given; `axis` is `'generation'` or `'games'`; `heldOut` finite numbers
 * and a whole count. Anything else is refused (`invalid-option`); without the optional packages
 * vega and vega-lite, `missing-package`. The same input gives the same bytes.
 */
export async function fitnessPlotSvg(
  history: readonly GenerationRecord[],
  title: string,
  axis: PlotAxis = 'generation',
  heldOut?: HeldOutDifference,
): Promise<Result<string, PlotError>> {
  const checked = checkPlotInput(history, title, axis);
  if (!checked.ok) return checked;
  const difference = checkHeldOut(heldOut);
  if (!difference.ok) return difference;
  try {
    return ok(await renderVegaLite(plotSpec(history, title, axis, heldOut)));
  } catch (error) {
    if (error instanceof MissingPackageError) return err({ code: 'missing-package', message: error.message });
    throw error;
  }
}

/** The history, title and axis of a plot, or a refusal naming the first wrong one (`history[3].best`). */
function checkPlotInput(
  history: unknown,
  title: unknown,
  axis: unknown,
): Result<undefined, ArgumentError<'invalid-option'>> {
  if (!Array.isArray(history) || history.length > MAX_PLOTTED)
    return refuse('invalid-option', 'history', `an array of at most ${MAX_PLOTTED} generation records`, history);
  for (let i = 0; i < history.length; i++) {
    const record: unknown = history[i];
    const field = `history[${i}]`;
    if (!isPlainObject(record)) return refuse('invalid-option', field, 'a generation record', record);
    const generation = checkWholeNumber('invalid-option', `${field}.generation`, record.generation, [0, MAX_PLOTTED]);
    if (!generation.ok) return generation;
    for (const key of ['best', 'mean'] as const)
      if (typeof record[key] !== 'number' || !Number.isFinite(record[key]))
        return refuse('invalid-option', `${field}.${key}`, 'a finite number', record[key]);
    if (record.games !== undefined) {
      const games = checkWholeNumber('invalid-option', `${field}.games`, record.games, [0, Number.MAX_SAFE_INTEGER]);
      if (!games.ok) return games;
    }
    const start = checkStartRecord(record.start, `${field}.start`);
    if (!start.ok) return start;
  }
  if (typeof title !== 'string') return refuse('invalid-option', 'title', 'a string', title);
  const chosen = checkChoice('invalid-option', 'axis', axis, ['generation', 'games'] as const);
  if (!chosen.ok) return chosen;
  return ok(undefined);
}

/** A record's start field: absent, or a finite score and whole games. */
function checkStartRecord(start: unknown, field: string): Result<undefined, ArgumentError<'invalid-option'>> {
  if (start === undefined) return ok(undefined);
  if (!isPlainObject(start)) return refuse('invalid-option', field, "the start's score and games", start);
  if (typeof start.score !== 'number' || !Number.isFinite(start.score))
    return refuse('invalid-option', `${field}.score`, 'a finite number', start.score);
  const games = checkWholeNumber('invalid-option', `${field}.games`, start.games, [0, Number.MAX_SAFE_INTEGER]);
  return games.ok ? ok(undefined) : games;
}

/** The held-out difference: absent, or a finite mean and standard error from 0 over a whole count. */
function checkHeldOut(heldOut: unknown): Result<undefined, ArgumentError<'invalid-option'>> {
  if (heldOut === undefined) return ok(undefined);
  if (!isPlainObject(heldOut)) return refuse('invalid-option', 'heldOut', 'a held-out difference', heldOut);
  for (const key of ['mean', 'standardError'] as const)
    if (
      typeof heldOut[key] !== 'number' ||
      !Number.isFinite(heldOut[key]) ||
      (key === 'standardError' && heldOut[key] < 0)
    )
      return refuse(
        'invalid-option',
        `heldOut.${key}`,
        key === 'mean' ? 'a finite number' : 'a finite number from 0',
        heldOut[key],
      );
  const n = checkWholeNumber('invalid-option', 'heldOut.n', heldOut.n, [0, Number.MAX_SAFE_INTEGER]);
  return n.ok ? ok(undefined) : n;
}

/** The vega-lite specification of the plot. */
function plotSpec(
  history: readonly GenerationRecord[],
  title: string,
  axis: PlotAxis,
  heldOut: HeldOutDifference | undefined,
): VegaLiteSpec {
  return {
    title: heldOut === undefined ? title : { text: title, subtitle: heldOutSubtitle(heldOut) },
    width: 560,
    height: 300,
    data: { values: plotPoints(history, axis) },
    mark: { type: 'line', point: true },
    encoding: {
      x: {
        field: 'x',
        type: 'quantitative',
        title: axis === 'games' ? 'games played' : 'generation',
        axis: { tickMinStep: 1 },
      },
      y: { field: 'fitness', type: 'quantitative', scale: { zero: false }, title: 'mean score on the training set' },
      color: { field: 'series', type: 'nominal' },
      // The start's line dashed (in the legend too), a reference rather than a third series of the run.
      strokeDash: {
        field: 'series',
        type: 'nominal',
        scale: {
          domain: ['best', 'mean', 'start'],
          range: [
            [1, 0],
            [1, 0],
            [6, 4],
          ],
        },
      },
    },
  };
}
