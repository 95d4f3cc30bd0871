/**
 * The benchmarks' charts (vega-lite, rendered to SVG): SameGame scores per board beside the
 * baselines, the SameGame curve of score against time beside the published anchors, and
 * Columns scores per instance against the quickstart.
 */
import { z } from 'zod';
import { renderVegaLite } from '../node/vega.js';
import { readJsonFileAs } from './read-input.js';

const anchorsSchema = z.object({
  marks: z.array(
    z.object({
      label: z.string(),
      seconds: z.number().positive().optional(),
      total: z.number().optional(),
      low: z.number().optional(),
      high: z.number().optional(),
    }),
  ),
});

/** Published results on the 20 standard boards: a total at a time, a total, or a range. */
export type Anchors = z.infer<typeof anchorsSchema>;

/** Reads the anchors file. */
export function readAnchors(file: string): Anchors {
  return readJsonFileAs(file, anchorsSchema);
}

const STANDARD_BOARDS = 20;

/**
 * Mean score per board against seconds per board (log scale), with the anchors drawn per board
 * too (their totals are over the standard 20), so a run on fewer boards still reads against them.
 */
export function samegameCurvePlot(
  totals: readonly { seconds: number; total: number }[],
  boards: number,
  threads: number,
  anchors: Anchors | undefined,
): Promise<string> {
  const series = `tilefall (${threads} thread${threads > 1 ? 's' : ''} a board)`;
  const points = totals.map((t) => ({ seconds: t.seconds, mean: t.total / boards, series }));
  const marks = anchors?.marks ?? [];
  const timed = marks
    .filter((m) => m.seconds !== undefined && m.total !== undefined)
    .map((m) => ({ seconds: m.seconds, mean: (m.total ?? 0) / STANDARD_BOARDS, series: m.label }));
  const levels = marks
    .filter((m) => m.seconds === undefined && m.total !== undefined)
    .map((m) => ({ mean: (m.total ?? 0) / STANDARD_BOARDS, label: m.label }));
  const ranges = marks
    .filter((m) => m.low !== undefined && m.high !== undefined)
    .map((m) => ({ low: (m.low ?? 0) / STANDARD_BOARDS, high: (m.high ?? 0) / STANDARD_BOARDS, label: m.label }));
  const x = { field: 'seconds', type: 'quantitative', scale: { type: 'log' }, title: 'seconds per board (log scale)' };
  const y = { field: 'mean', type: 'quantitative', scale: { zero: false }, title: 'mean score per standard board' };
  return renderVegaLite({
    title: `SameGame, standard boards: score against time (${boards} board${boards > 1 ? 's' : ''})`,
    width: 600,
    height: 340,
    layer: [
      {
        data: { values: ranges },
        mark: { type: 'rect', opacity: 0.15, color: '#888888' },
        encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } },
      },
      {
        data: { values: ranges },
        mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#555555' },
        encoding: { text: { field: 'label' }, y: { field: 'high', type: 'quantitative' }, x: { value: 0 } },
      },
      {
        data: { values: levels },
        mark: { type: 'rule', strokeDash: [4, 4], color: '#555555' },
        encoding: { y: { field: 'mean', type: 'quantitative' } },
      },
      {
        data: { values: levels },
        mark: { type: 'text', align: 'left', dx: 4, dy: -6, color: '#555555' },
        encoding: { text: { field: 'label' }, y: { field: 'mean', type: 'quantitative' }, x: { value: 0 } },
      },
      {
        data: { values: [...points, ...timed] },
        mark: { type: 'line', point: true },
        encoding: {
          x,
          y,
          color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'bottom', labelLimit: 400 } },
        },
      },
    ],
  });
}

/** Scores per board: the solver beside greedy, random playouts and the record. */
export function samegameBoardsPlot(
  rows: readonly { name: string; solver: number; greedy: number; random: number; record: number | undefined }[],
  seconds: number,
): Promise<string> {
  const values = rows.flatMap((r) => [
    { board: r.name, score: r.solver, series: 'tilefall' },
    { board: r.name, score: r.greedy, series: 'greedy' },
    { board: r.name, score: r.random, series: 'best random playout' },
    ...(r.record === undefined ? [] : [{ board: r.name, score: r.record, series: 'best known' }]),
  ]);
  return renderVegaLite({
    title: `SameGame: score per board at ${seconds} s`,
    width: 640,
    height: 320,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'board', type: 'ordinal', sort: null },
      xOffset: { field: 'series', sort: ['tilefall', 'greedy', 'best random playout', 'best known'] },
      y: { field: 'score', type: 'quantitative' },
      color: {
        field: 'series',
        type: 'nominal',
        sort: ['tilefall', 'greedy', 'best random playout', 'best known'],
        title: null,
      },
    },
  });
}

/** Columns: the solver's and the greedy's score per instance as multiples of the quickstart's. */
export function columnsBenchPlot(
  rows: readonly { instance: number; quickstart: number; greedy: number; solver: number }[],
): Promise<string> {
  const values = rows.flatMap((r) =>
    r.quickstart > 0
      ? [
          { instance: r.instance, ratio: r.solver / r.quickstart, series: 'tilefall solver' },
          { instance: r.instance, ratio: r.greedy / r.quickstart, series: '1-ply greedy' },
        ]
      : [],
  );
  return renderVegaLite({
    title: 'Columns: score per instance, in multiples of the quickstart',
    width: 640,
    height: 320,
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'instance', type: 'ordinal' },
      xOffset: { field: 'series' },
      y: { field: 'ratio', type: 'quantitative', scale: { type: 'log' }, title: 'score / quickstart score (log)' },
      color: { field: 'series', type: 'nominal', title: null },
    },
  });
}
