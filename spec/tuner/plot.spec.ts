import { describe, expect, it } from 'vitest';
import { fitnessPlotSvg } from '../../tuner/plot.js';

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
});
