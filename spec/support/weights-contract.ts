// The contract every game's weights module keeps (names, bounds, defaults, docs, parseWeights),
// stated once and checked for each game by its own weights spec.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WeightsError, WeightsErrorCode } from '../../lib/core/named-weights.js';
import type { Result } from '../../lib/core/result.js';

/** What a game's `weights.ts` exports. */
export interface WeightsModule<N extends string> {
  readonly WEIGHT_NAMES: readonly N[];
  readonly WEIGHT_BOUNDS: Readonly<Record<N, readonly [number, number]>>;
  readonly WEIGHT_DOCS: Readonly<Record<N, string>>;
  readonly DEFAULT_WEIGHTS: Readonly<Record<N, number>>;
  readonly parseWeights: (json: unknown) => Result<Readonly<Record<N, number>>, WeightsError>;
}

/**
 * The specs of a weights module. `accepted` names the weights that `parseWeights` takes only
 * within a range (a search knob whose value outside it breaks the search), and that range.
 */
export function describeWeightsContract<N extends string>(
  m: WeightsModule<N>,
  accepted: Partial<Record<N, readonly [number, number]>> = {},
): void {
  const names = m.WEIGHT_NAMES;
  const weightArb = (name: N) => {
    const range = accepted[name];
    return range === undefined
      ? fc.double({ noNaN: true, noDefaultInfinity: true })
      : fc.double({ noNaN: true, min: range[0], max: range[1] });
  };

  describe('parseWeights', () => {
    it('should accept every weights object with all names and finite values (in range where one is set)', () => {
      fc.assert(
        fc.property(fc.tuple(...names.map(weightArb)), (values) => {
          const weights = Object.fromEntries(names.map((f, i) => [f, values[i]]));
          expect(m.parseWeights(weights)).toEqual({ ok: true, value: weights });
          expect(m.parseWeights({ weights, report: {} })).toEqual({ ok: true, value: weights });
        }),
      );
    });

    it('should refuse a weight outside the range it is taken in, naming it', () => {
      for (const name of names) {
        const range = accepted[name];
        if (range === undefined) continue;
        for (const outside of [range[0] - 1, range[1] + 1])
          expect(m.parseWeights({ ...m.DEFAULT_WEIGHTS, [name]: outside })).toMatchObject({
            ok: false,
            error: { field: name },
          });
      }
    });

    it('should refuse with the code invalid-weights whatever is wrong', () => {
      const code: WeightsErrorCode = 'invalid-weights';
      for (const bad of [null, [1], { ...m.DEFAULT_WEIGHTS, bogus: 1 }, { ...m.DEFAULT_WEIGHTS, [names[0]]: 'x' }]) {
        expect(m.parseWeights(bad)).toMatchObject({ ok: false, error: { code } });
      }
    });

    it('should name an unknown weight, a missing one and a non-number', () => {
      const [first, second] = names;
      expect(m.parseWeights({ ...m.DEFAULT_WEIGHTS, bogus: 1 })).toMatchObject({
        ok: false,
        error: { field: 'bogus' },
      });
      const missing: Record<string, number> = { ...m.DEFAULT_WEIGHTS };
      delete missing[first];
      expect(m.parseWeights(missing)).toMatchObject({ ok: false, error: { field: first } });
      expect(m.parseWeights({ ...m.DEFAULT_WEIGHTS, [second]: 'x' })).toMatchObject({
        ok: false,
        error: { field: second },
      });
      expect(m.parseWeights([1, 2])).toMatchObject({ ok: false, error: { field: '(root)' } });
      expect(m.parseWeights({ ...m.DEFAULT_WEIGHTS, [first]: null })).toMatchObject({
        ok: false,
        error: { field: first },
      });
    });
  });

  describe('DEFAULT_WEIGHTS', () => {
    it('should name exactly the weights, each inside its tuner bounds and documented', () => {
      expect(Object.keys(m.DEFAULT_WEIGHTS).sort()).toEqual([...names].sort());
      expect(Object.keys(m.WEIGHT_BOUNDS).sort()).toEqual([...names].sort());
      for (const f of names) {
        const [low, high] = m.WEIGHT_BOUNDS[f];
        expect(low).toBeLessThan(high);
        expect(m.DEFAULT_WEIGHTS[f]).toBeGreaterThanOrEqual(low);
        expect(m.DEFAULT_WEIGHTS[f]).toBeLessThanOrEqual(high);
        expect(m.WEIGHT_DOCS[f].length).toBeGreaterThan(10);
      }
    });
  });
}
