// The live view's charts as markup: every text from the run escaped, one point a generation,
// round ticks within the range drawn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXml, fitnessChartSvg, parameterChartSvg, ticks } from '../../lib/view/dashboard-chart.js';

const unescapeXml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string,
  );

// Characters of markup and entities, mixed with others, so that the drawn texts are hard ones.
const MARKUP = fc.constantFrom('<', '>', '&', '"', "'", ';', '#', 'a', 'é', '3');

describe('the dashboard charts', () => {
  it('should never leave a markup character in an escaped text, and lose nothing of it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: MARKUP }), fc.string()), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
        expect(unescapeXml(escaped)).toBe(text);
      }),
    );
  });

  it("should draw a parameter's name as text only, whatever it holds", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const svg = parameterChartSvg({ name, bounds: [0, 1], start: 0.5 }, [1, 2], [0.2, 0.4], 3);
        // The only elements are the chart's own.
        const tags = [...svg.matchAll(/<([a-z]+)/g)].map((m) => m[1]);
        expect(new Set(tags)).toEqual(new Set(['svg', 'line', 'text', 'polyline']));
        expect(svg).toContain(escapeXml(name));
      }),
    );
  });

  it('should draw one best point a generation, and the start line only once measured', () => {
    const generations = [1, 2, 3].map((generation) => ({
      generation,
      best: generation * 2,
      mean: generation,
      games: 4,
      gamesSaved: 0,
      values: [],
    }));
    const unmeasured = fitnessChartSvg({ generations, planned: 5, start: { fitness: null, where: null } });
    expect(unmeasured.match(/class="best-point"/g)).toHaveLength(3);
    expect(unmeasured).not.toContain('class="start"');
    const measured = fitnessChartSvg({ generations, planned: 5, start: { fitness: 3, where: 'final choice' } });
    expect(measured.match(/class="start"/g)).toHaveLength(1);
    expect(measured).toContain('start (final choice)');
  });

  it('should give round ticks inside the range, in order', () => {
    expect(ticks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(-60, 10, 3)).toEqual([-60, -40, -20, 0]);
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
        (low, span) => {
          const drawn = ticks(low, low + span);
          expect(drawn.length).toBeGreaterThan(0);
          expect(drawn.length).toBeLessThanOrEqual(11);
          for (const v of drawn) expect(v >= low - span * 1e-6 && v <= low + span * (1 + 1e-6)).toBe(true);
          expect(drawn).toEqual([...drawn].sort((a, b) => a - b));
        },
      ),
    );
  });
});
