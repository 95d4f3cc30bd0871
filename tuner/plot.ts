/** The fitness plot: best and mean fitness per generation, as SVG (vega-lite). */
import { renderVegaLite } from '../lib/node/vega.js';
import type { GenerationRecord } from './ga.js';

/** Best and mean fitness per generation, as an SVG document. */
export function fitnessPlotSvg(history: readonly GenerationRecord[], title: string): Promise<string> {
  const values = history.flatMap((h) => [
    { generation: h.generation + 1, fitness: h.best, series: 'best' },
    { generation: h.generation + 1, fitness: h.mean, series: 'mean' },
  ]);
  return renderVegaLite({
    title,
    width: 560,
    height: 300,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'generation', type: 'quantitative', axis: { tickMinStep: 1 } },
      y: { field: 'fitness', type: 'quantitative', scale: { zero: false }, title: 'mean score on the training set' },
      color: { field: 'series', type: 'nominal' },
    },
  });
}
