import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, WEIGHT_NAMES as FEATURES, WEIGHT_BOUNDS } from '../../lib/samegame/evaluation.js';
import { parseWeights } from '../../lib/samegame/weights.js';

describe('parseWeights', () => {
  it('should accept every weights object with all features and finite values', () => {
    fc.assert(
      fc.property(fc.tuple(...FEATURES.map(() => fc.double({ noNaN: true, noDefaultInfinity: true }))), (values) => {
        const weights = Object.fromEntries(FEATURES.map((f, i) => [f, values[i]]));
        expect(parseWeights(weights)).toEqual({ ok: true, value: weights });
      }),
    );
  });

  it('should name an unknown weight, a missing one and a non-number', () => {
    expect(parseWeights({ ...DEFAULT_WEIGHTS, bogus: 1 })).toMatchObject({ ok: false, error: { field: 'bogus' } });
    const { singletons: _dropped, ...missing } = DEFAULT_WEIGHTS;
    expect(parseWeights(missing)).toMatchObject({ ok: false, error: { field: 'singletons' } });
    expect(parseWeights({ ...DEFAULT_WEIGHTS, regions: 'x' })).toMatchObject({
      ok: false,
      error: { field: 'regions' },
    });
    expect(parseWeights([1, 2])).toMatchObject({ ok: false });
  });

  it('should keep the defaults inside the tuner bounds', () => {
    for (const f of FEATURES) {
      expect(DEFAULT_WEIGHTS[f]).toBeGreaterThanOrEqual(WEIGHT_BOUNDS[f][0]);
      expect(DEFAULT_WEIGHTS[f]).toBeLessThanOrEqual(WEIGHT_BOUNDS[f][1]);
    }
  });
});
