/** The fitness plot: best and mean fitness per generation, or per games played, as SVG (vega-lite). */
import { renderVegaLite } from '../lib/node/vega.js';
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

/** Best and mean fitness per generation (or per games played), as an SVG document. */
export function fitnessPlotSvg(
  history: readonly GenerationRecord[],
  title: string,
  axis: PlotAxis = 'generation',
): Promise<string> {
  return renderVegaLite({
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
  });
}
