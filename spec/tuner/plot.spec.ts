import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from '../../tuner/ga.js';
import { fitnessPlotSvg, type PlotAxis, plotPoints } from '../../tuner/plot.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';

/** The SVG of `fitnessPlotSvg`, failing the spec on a refusal. */
async function svgOf(...args: Parameters<typeof fitnessPlotSvg>): Promise<string> {
  const svg = await fitnessPlotSvg(...args);
  if (!svg.ok) throw new Error(svg.error.message);
  return svg.value;
}

describe('fitnessPlotSvg', () => {
  it('should render an SVG with a line for best and for mean, and the title', async () => {
    const history = [1, 2, 3].map((g) => ({
      generation: g - 1,
      best: 100 + 10 * g,
      mean: 90 + 5 * g,
      bestGenome: [g],
      sigma: 0.1,
    }));
    const svg = await svgOf(history, 'test tuning');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('test tuning');
    expect(svg).toContain('best');
    expect(svg).toContain('mean');
    // Two line marks, one path each.
    expect(
      (svg.match(/<path [^>]*class="[^"]*"?[^>]*d="M/g) ?? []).length +
        (svg.match(/aria-roledescription="line mark"/g) ?? []).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('should put each generation at the games played by its end, on a games axis', async () => {
    const history = [120, 90, 60].map((games, g) => ({
      generation: g,
      best: 10 * g,
      mean: 5 * g,
      bestGenome: [g],
      sigma: 0.1,
      games,
    }));
    const svg = await svgOf(history, 'raced tuning', 'games');
    expect(svg).toContain('games played');
    expect(plotPoints(history, 'games').map((p) => p.x)).toEqual([120, 120, 210, 210, 270, 270]);
  });
});

describe('plotPoints', () => {
  it('should give two points a generation, rising along the axis, at the generation number or the games so far', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 30 }), (games) => {
        const history = games.map((n, g) => ({
          generation: g,
          best: g,
          mean: g,
          bestGenome: [],
          sigma: 0.1,
          games: n,
        }));
        const byGeneration = plotPoints(history, 'generation');
        const byGames = plotPoints(history, 'games');
        expect(byGeneration.map((p) => p.x)).toEqual(games.flatMap((_, g) => [g + 1, g + 1]));
        const totals = games.map((_, g) => games.slice(0, g + 1).reduce((sum, n) => sum + n, 0));
        expect(byGames.map((p) => p.x)).toEqual(totals.flatMap((total) => [total, total]));
      }),
    );
  });
});

describe('fitnessPlotSvg with values it cannot use', () => {
  const record: GenerationRecord = { generation: 0, best: 2, mean: 1, bestGenome: [0], sigma: 0.1 };

  it('should refuse a record that is not a finite generation record, and an unknown axis, naming the field', async () => {
    expect(await fitnessPlotSvg([record, { ...record, best: Number.NaN }], 'x')).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'history[1].best' },
    });
    expect(await fitnessPlotSvg([record], 'x', 'time' as 'games')).toMatchObject({
      ok: false,
      error: { field: 'axis' },
    });
  });

  it('should answer any value of any argument with an SVG or a refusal, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant([record]),
          hostileValue,
          spoiled(record, 'best').map((r) => [r]),
          spoiled(record, 'generation').map((r) => [r]),
          spoiled(record, 'games').map((r) => [r]),
        ),
        fc.oneof(fc.string(), hostileValue),
        fc.oneof(fc.constantFrom('generation', 'games'), hostileValue),
        async (history, title, axis) =>
          expectSoundResult(await fitnessPlotSvg(history as GenerationRecord[], title as string, axis as PlotAxis)),
      ),
      { numRuns: 30 },
    );
  });
});
