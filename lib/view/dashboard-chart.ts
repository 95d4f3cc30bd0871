/**
 * The live view's charts as SVG markup: fitness per generation (best, mean, the start's line)
 * and each parameter's path within its bounds. Used by Node (specs) and, inlined, by the
 * dashboard page, so one piece of code draws both. No runtime imports: the page embeds this
 * file's JavaScript (`dashboard-page.ts`). Every text drawn passes through {@link escapeXml}.
 */
import type { DashboardParameter, DashboardState } from '../core/dashboard-data.js';

/** `text` safe inside markup and attribute values. */
export function escapeXml(text: unknown): string {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** A number as a chart label: short, never in exponent form for everyday sizes. */
export function shortNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || (magnitude > 0 && magnitude < 1e-3)) return value.toExponential(2);
  return String(Number(value.toPrecision(4)));
}

/** Up to about `count` round values spanning `[low, high]`. */
export function ticks(low: number, high: number, count = 5): number[] {
  if (!(high > low)) return [low];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // The round step whose tick count comes nearest the one asked for.
  const steps = [1, 2, 5, 10].map((m) => m * power);
  const off = (s: number) => Math.abs((high - low) / s - count);
  const step = steps.reduce((a, b) => (off(b) < off(a) ? b : a));
  const values: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) values.push(Number(v.toPrecision(12)));
  return values;
}

/** A range that holds every finite value given, widened a little when they are all equal. */
function rangeOf(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  if (low === high) {
    const pad = Math.abs(low) > 0 ? Math.abs(low) * 0.05 : 1;
    low -= pad;
    high += pad;
  }
  return [low, high];
}

/** Where a chart draws, and its scales. */
interface Frame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly x: (value: number) => number;
  readonly y: (value: number) => number;
}

/** A frame of `width` x `height` with margins, mapping `xs` and `ys` onto it. */
function frameOf(width: number, height: number, xs: [number, number], ys: [number, number], compact: boolean): Frame {
  const left = compact ? 44 : 56;
  const right = width - 12;
  const top = compact ? 10 : 30;
  const bottom = height - (compact ? 22 : 40);
  const [x0, x1] = xs[0] === xs[1] ? [xs[0] - 0.5, xs[1] + 0.5] : xs;
  return {
    width,
    height,
    left,
    right,
    top,
    bottom,
    x: (v) => left + ((v - x0) / (x1 - x0)) * (right - left),
    y: (v) => bottom - ((v - ys[0]) / (ys[1] - ys[0])) * (bottom - top),
  };
}

/** A line through `points` (skipped when it has none). */
function polyline(frame: Frame, points: readonly (readonly [number, number])[], attributes: string): string {
  if (points.length === 0) return '';
  const path = points.map(([x, y]) => `${frame.x(x).toFixed(1)},${frame.y(y).toFixed(1)}`).join(' ');
  return `<polyline fill="none" points="${path}" ${attributes}/>`;
}

/** The frame's axes: ticks and labels on both, the x-axis titled `xTitle`. */
function axes(frame: Frame, xs: [number, number], ys: [number, number], xTitle: string, compact: boolean): string {
  const xTicks = ticks(xs[0], xs[1], compact ? 4 : 8).filter((v) => Number.isInteger(v));
  const yTicks = ticks(ys[0], ys[1], compact ? 3 : 5);
  const parts = [
    `<line x1="${frame.left}" y1="${frame.bottom}" x2="${frame.right}" y2="${frame.bottom}" stroke="#555"/>`,
    `<line x1="${frame.left}" y1="${frame.top}" x2="${frame.left}" y2="${frame.bottom}" stroke="#555"/>`,
    ...xTicks.map(
      (v) =>
        `<text x="${frame.x(v).toFixed(1)}" y="${frame.bottom + 14}" text-anchor="middle" font-size="10">${escapeXml(shortNumber(v))}</text>`,
    ),
    ...yTicks.map(
      (v) =>
        `<line x1="${frame.left}" y1="${frame.y(v).toFixed(1)}" x2="${frame.right}" y2="${frame.y(v).toFixed(1)}" stroke="#ddd"/>` +
        `<text x="${frame.left - 4}" y="${(frame.y(v) + 3).toFixed(1)}" text-anchor="end" font-size="10">${escapeXml(shortNumber(v))}</text>`,
    ),
  ];
  if (!compact)
    parts.push(
      `<text x="${((frame.left + frame.right) / 2).toFixed(1)}" y="${frame.height - 6}" text-anchor="middle" font-size="12">${escapeXml(xTitle)}</text>`,
    );
  return parts.join('');
}

const BEST = '#0072B2';
const MEAN = '#E69F00';
const START = '#555555';

/**
 * Best and mean fitness per generation, and the start's score as a dashed line once the run has
 * measured it; one point per finished generation (`data-generation` on each best point).
 */
export function fitnessChartSvg(state: Pick<DashboardState, 'generations' | 'planned' | 'start'>): string {
  const width = 640;
  const height = 300;
  const records = state.generations;
  const lastX = Math.max(1, state.planned, ...records.map((r) => r.generation));
  const xs: [number, number] = [1, lastX];
  const start = state.start.fitness;
  const [low, high] = rangeOf([...records.flatMap((r) => [r.best, r.mean]), ...(start === null ? [] : [start])]);
  // A margin above and below, so the extreme points are not drawn on the frame.
  const ys: [number, number] = [low - (high - low) * 0.05, high + (high - low) * 0.05];
  const frame = frameOf(width, height, xs, ys, false);
  const best = records.map((r) => [r.generation, r.best] as const);
  const mean = records.map((r) => [r.generation, r.mean] as const);
  const startLine =
    start === null
      ? ''
      : `<line class="start" x1="${frame.left}" y1="${frame.y(start).toFixed(1)}" x2="${frame.right}" y2="${frame.y(start).toFixed(1)}" stroke="${START}" stroke-dasharray="6 4"/>`;
  const dots = records
    .map(
      (r) =>
        `<circle class="best-point" data-generation="${r.generation}" cx="${frame.x(r.generation).toFixed(1)}" cy="${frame.y(r.best).toFixed(1)}" r="3" fill="${BEST}"><title>generation ${r.generation}: best ${escapeXml(shortNumber(r.best))}, mean ${escapeXml(shortNumber(r.mean))}</title></circle>`,
    )
    .join('');
  const legend = [
    [BEST, 'best', ''],
    [MEAN, 'mean', ''],
    ...(start === null ? [] : [[START, `start (${state.start.where ?? 'measured'})`, ' stroke-dasharray="6 4"']]),
  ]
    .map(
      ([color, label, dash], i) =>
        `<line x1="${frame.left + 10 + i * 120}" y1="12" x2="${frame.left + 30 + i * 120}" y2="12" stroke="${color}" stroke-width="2"${dash}/>` +
        `<text x="${frame.left + 34 + i * 120}" y="16" font-size="11">${escapeXml(label)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="fitness-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="fitness per generation">` +
    axes(frame, xs, ys, 'generation', false) +
    startLine +
    polyline(frame, mean, `stroke="${MEAN}" stroke-width="2" class="mean"`) +
    polyline(frame, best, `stroke="${BEST}" stroke-width="2" class="best"`) +
    dots +
    legend +
    '</svg>'
  );
}

/**
 * One parameter's value in each generation's best genome, within its bounds (the bounds are the
 * chart's top and bottom; a parameter without bounds gets its values' own range) and the start's
 * value dashed. `values[i]` belongs to `generations[i]`.
 */
export function parameterChartSvg(
  parameter: DashboardParameter,
  generations: readonly number[],
  values: readonly number[],
  planned: number,
): string {
  const width = 300;
  const height = 120;
  const xs: [number, number] = [1, Math.max(1, planned, ...generations)];
  const ys = parameter.bounds === null ? rangeOf([...values, parameter.start]) : rangeOf([...parameter.bounds]);
  const frame = frameOf(width, height, xs, ys, true);
  const path = generations.map((g, i) => [g, values[i]] as const);
  const clampedStart = Math.min(ys[1], Math.max(ys[0], parameter.start));
  const startLine = `<line x1="${frame.left}" y1="${frame.y(clampedStart).toFixed(1)}" x2="${frame.right}" y2="${frame.y(clampedStart).toFixed(1)}" stroke="${START}" stroke-dasharray="4 3"/>`;
  const label = `${parameter.name}${values.length > 0 ? ` = ${shortNumber(values[values.length - 1])}` : ''}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="parameter-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`${parameter.name} per generation`)}">` +
    axes(frame, xs, ys, 'generation', true) +
    startLine +
    polyline(frame, path, `stroke="${BEST}" stroke-width="2"`) +
    `<text x="${frame.left + 4}" y="${frame.top + 10}" font-size="11" font-weight="600">${escapeXml(label)}</text>` +
    '</svg>'
  );
}
