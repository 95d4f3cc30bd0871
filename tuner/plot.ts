/** The fitness plot: best and mean fitness per generation, or per games played, as SVG (vega-lite). */
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
  readonly series: 'best' | 'mean';
}

/**
 * The plot's points: each generation's best and mean at its number, or at the games played from
 * the run's start to its end (a generation recorded without its games, by a checkpoint older than
 * the count, adds none).
 */
export function plotPoints(history: readonly GenerationRecord[], axis: PlotAxis): PlotPoint[] {
  let games = 0;
  return history.flatMap((h) => {
    games += h.games ?? 0;
    const x = axis === 'games' ? games : h.generation + 1;
    return [
      { x, fitness: h.best, series: 'best' as const },
      { x, fitness: h.mean, series: 'mean' as const },
    ];
  });
}

/** Why a plot was not drawn: a history, title or axis it cannot use, or vega and vega-lite not installed. */
export type PlotError =
  | ArgumentError<'invalid-option'>
  | { readonly code: 'missing-package'; readonly message: string };

/** The most generations a plot draws: a run's most (`TUNE_LIMITS.generations`). */
const MAX_PLOTTED = 100_000;

/**
 * Best and mean fitness per generation (or per games played), as an SVG document. `history` is a
 * run's (`TuneResult.history`): records of whole generation numbers, finite best and mean, and
 * games a whole number when given; `axis` is `'generation'` or `'games'`. Anything else is refused
 * (`invalid-option`); without the optional packages vega and vega-lite, `missing-package`.
 */
export async function fitnessPlotSvg(
  history: readonly GenerationRecord[],
  title: string,
  axis: PlotAxis = 'generation',
): Promise<Result<string, PlotError>> {
  const checked = checkPlotInput(history, title, axis);
  if (!checked.ok) return checked;
  try {
    return ok(await renderVegaLite(plotSpec(history, title, axis)));
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
  }
  if (typeof title !== 'string') return refuse('invalid-option', 'title', 'a string', title);
  const chosen = checkChoice('invalid-option', 'axis', axis, ['generation', 'games'] as const);
  if (!chosen.ok) return chosen;
  return ok(undefined);
}

/** The vega-lite specification of the plot. */
function plotSpec(history: readonly GenerationRecord[], title: string, axis: PlotAxis): VegaLiteSpec {
  return {
    title,
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
    },
  };
}
