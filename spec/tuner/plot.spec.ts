import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitnessPlotSvg, plotPoints } from '../../tuner/plot.js';

describe('fitnessPlotSvg', () => {
  it('should render an SVG with a line for best and for mean, and the title', async () => {
    const history = [1, 2, 3].map((g) => ({
      generation: g - 1,
      best: 100 + 10 * g,
      mean: 90 + 5 * g,
      bestGenome: [g],
      sigma: 0.1,
    }));
    const svg = await fitnessPlotSvg(history, 'test tuning');
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
    const svg = await fitnessPlotSvg(history, 'raced tuning', 'games');
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
