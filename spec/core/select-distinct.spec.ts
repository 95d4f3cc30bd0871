import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepDistinct, selectDistinctBest } from '../../lib/core/select-distinct.js';

describe('selectDistinctBest', () => {
  it('should keep at most width candidates, best first, each hash once, the best of each hash', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 6 })), { maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (candidates, width) => {
          const value = Float64Array.from(candidates, ([v]) => v);
          const hash = Float64Array.from(candidates, ([, h]) => h);
          const kept = Array.from(selectDistinctBest(value, hash, candidates.length, width));
          expect(kept.length).toBe(Math.min(width, new Set(hash).size));
          expect(new Set(kept.map((c) => hash[c])).size).toBe(kept.length);
          for (let i = 1; i < kept.length; i++) expect(value[kept[i - 1]]).toBeGreaterThanOrEqual(value[kept[i]]);
          for (const c of kept)
            for (let o = 0; o < candidates.length; o++)
              if (hash[o] === hash[c]) expect(value[o]).toBeLessThanOrEqual(value[c]);
        },
      ),
    );
  });

  it('should choose exactly what keeping distinct hashes in a full sort by value, then index, chooses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 30 })), { maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        (candidates, width) => {
          const value = Float64Array.from(candidates, ([v]) => v);
          const hash = Float64Array.from(candidates, ([, h]) => h);
          const fullOrder = Int32Array.from(candidates.keys()).sort((a, b) => value[b] - value[a] || a - b);
          expect(Array.from(selectDistinctBest(value, hash, candidates.length, width))).toEqual(
            Array.from(keepDistinct(fullOrder, hash, width)),
          );
        },
      ),
    );
  });
});
