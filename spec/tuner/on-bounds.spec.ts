import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ON_BOUND_EPSILON, onBounds, onBoundsLine } from '../../tuner/on-bounds.js';

describe('onBounds', () => {
  it('should flag the values on a bound or a hair inside it, in the names order', () => {
    const names = ['tabu', 'depth', 'mix', 'one'];
    const bounds = [
      [-20, 20],
      [1, 4],
      [0, 1],
      [5, 5],
    ] as const;
    expect(onBounds(names, bounds, { tabu: 20, depth: 2, mix: 1e-9, one: 5 })).toEqual([
      { name: 'tabu', value: 20, bound: 'max', min: -20, max: 20 },
      { name: 'mix', value: 1e-9, bound: 'min', min: 0, max: 1 },
    ]);
  });

  it('should flag a value at either bound, and never one further inside than the epsilon', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
        fc.double({ min: 2 * ON_BOUND_EPSILON, max: 1 - 2 * ON_BOUND_EPSILON, noNaN: true }),
        (min, span, at) => {
          const max = min + span;
          const bounds = [[min, max]] as const;
          expect(onBounds(['p'], bounds, { p: min })).toMatchObject([{ bound: 'min' }]);
          expect(onBounds(['p'], bounds, { p: max })).toMatchObject([{ bound: 'max' }]);
          expect(onBounds(['p'], bounds, { p: min + at * (max - min) })).toEqual([]);
        },
      ),
    );
  });
});

describe('onBoundsLine', () => {
  it('should say which values to widen the range of, and nothing when none is on a bound', () => {
    const found = onBounds(
      ['tabu', 'depth'],
      [
        [-20, 20],
        [1, 4],
      ],
      { tabu: 20, depth: 1 },
    );
    expect(onBoundsLine(found)).toEqual(['on its bound: widen the range: tabu 20 (max 20), depth 1 (min 1)']);
    expect(onBoundsLine([])).toEqual([]);
  });
});
