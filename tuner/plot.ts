/** The fitness plot: best and mean fitness per generation, as SVG (vega-lite rendered by vega). */

import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import type { GenerationRecord } from './ga.js';

/** Best and mean fitness per generation, as an SVG document. */
export async function fitnessPlotSvg(history: readonly GenerationRecord[], title: string): Promise<string> {
  const values = history.flatMap((h) => [
    { generation: h.generation + 1, fitness: h.best, series: 'best' },
    { generation: h.generation + 1, fitness: h.mean, series: 'mean' },
  ]);
  const { spec } = compile({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
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
  const view = new View(parse(spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
