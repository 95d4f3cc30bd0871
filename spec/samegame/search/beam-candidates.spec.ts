import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BeamCandidates } from '../../../lib/samegame/search/beam-candidates.js';

/** Every field of slot `c` as plain data. */
const fieldsOf = (k: BeamCandidates, c: number) => [
  k.value[c],
  k.parent[c],
  k.move[c],
  k.hash[c],
  k.source[c],
  k.start[c],
  k.length[c],
  k.rank[c],
  k.tag[c],
];

describe('BeamCandidates', () => {
  it('should keep, after compact, exactly the slots not dropped, in the order they were added, every field intact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ noNaN: true }), fc.boolean()), { maxLength: 3000 }),
        fc.integer({ min: 1, max: 3 }),
        (children, tag) => {
          const candidates = new BeamCandidates();
          const expected: number[][] = [];
          children.forEach(([value, dropped], i) => {
            const c = candidates.add(tag);
            candidates.value[c] = value;
            candidates.parent[c] = i >> 2;
            candidates.move[c] = i;
            candidates.hash[c] = i * 7919;
            candidates.source[c] = i % 3;
            candidates.start[c] = i * 3;
            candidates.length[c] = i % 50;
            candidates.rank[c] = -value;
            if (dropped) candidates.drop(c);
            else expected.push(fieldsOf(candidates, c));
          });
          candidates.compact();
          expect(candidates.count).toBe(expected.length);
          expect(Array.from({ length: candidates.count }, (_, c) => fieldsOf(candidates, c))).toEqual(expected);
        },
      ),
    );
  });
});
