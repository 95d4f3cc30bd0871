import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeenHashes } from '../../lib/core/seen-hashes.js';

describe('SeenHashes', () => {
  it('should answer as a Set does, level after level, whatever the hashes low bits', () => {
    const hash = fc.oneof(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      // Equal low 32 bits, different high bits: they all land on one slot first.
      fc.integer({ min: 0, max: 2 ** 20 }).map((high) => high * 2 ** 32 + 7),
    );
    fc.assert(
      fc.property(fc.array(fc.array(hash, { maxLength: 60 }), { maxLength: 5 }), (levels) => {
        const seen = new SeenHashes();
        for (const level of levels) {
          seen.clear(level.length);
          const reference = new Set<number>();
          for (const h of level) {
            expect(seen.add(h)).toBe(!reference.has(h));
            reference.add(h);
          }
        }
      }),
    );
  });
});
