import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadOverGroups } from '../../lib/core/spread-over-groups.js';

/** A ranked list of entries 0..n-1 (a permutation) with a group for each entry. */
const rankedGroups = fc.integer({ min: 1, max: 6 }).chain((groups) =>
  fc.array(fc.integer({ min: 0, max: groups - 1 }), { maxLength: 60 }).chain((groupOf) =>
    fc.record({
      groups: fc.constant(groups),
      groupOf: fc.constant(Int32Array.from(groupOf)),
      perGroup: fc.integer({ min: 0, max: 5 }),
      order: fc.shuffledSubarray(
        groupOf.map((_, i) => i),
        { minLength: groupOf.length, maxLength: groupOf.length },
      ),
    }),
  ),
);

/** Runs spreadOverGroups on a copy of the case's order: the reordered entries and the first part's length. */
function spreadCase({ groups, groupOf, perGroup, order }: RankedGroups): { spread: Int32Array; first: number } {
  const spread = Int32Array.from(order);
  return { spread, first: spreadOverGroups(spread, groupOf, groups, perGroup) };
}

type RankedGroups = typeof rankedGroups extends fc.Arbitrary<infer T> ? T : never;

describe('spreadOverGroups', () => {
  it('should put the first perGroup entries of every group first, then the others, each part in the given order', () => {
    fc.assert(
      fc.property(rankedGroups, (ranked) => {
        const { groups, groupOf, perGroup, order } = ranked;
        const { spread, first } = spreadCase(ranked);
        // What the definition says, computed the slow way.
        const seen = new Array<number>(groups).fill(0);
        const expectedFirst = order.filter((entry) => seen[groupOf[entry]]++ < perGroup);
        const expectedRest = order.filter((entry) => !expectedFirst.includes(entry));
        expect(first).toBe(expectedFirst.length);
        expect(Array.from(spread)).toEqual([...expectedFirst, ...expectedRest]);
      }),
    );
  });

  it('should never hold more than perGroup entries of one group in the first part', () => {
    fc.assert(
      fc.property(rankedGroups, (ranked) => {
        const { groups, groupOf, perGroup, order } = ranked;
        const { spread, first } = spreadCase(ranked);
        const counts = new Array<number>(groups).fill(0);
        for (const entry of spread.subarray(0, first)) counts[groupOf[entry]]++;
        for (const count of counts) expect(count).toBeLessThanOrEqual(perGroup);
        expect(Array.from(spread).sort((a, b) => a - b)).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });

  it('should give a crowded group its share only after every other group has had its own', () => {
    // Entries 0-3 in group 0, 4-5 in group 1, ranked 0, 1, 2, 3, 4, 5.
    const order = Int32Array.of(0, 1, 2, 3, 4, 5);
    const groupOf = Int32Array.of(0, 0, 0, 0, 1, 1);
    expect(spreadOverGroups(order, groupOf, 2, 1)).toBe(2);
    expect(Array.from(order)).toEqual([0, 4, 1, 2, 3, 5]);
  });
});
