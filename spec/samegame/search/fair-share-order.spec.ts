import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairShareOrder } from '../../../lib/samegame/search/fair-share-order.js';

/** Candidates with a value (small integers, so ties are common) and a group each. */
const candidates = fc.integer({ min: 1, max: 6 }).chain((groups) =>
  fc.record({
    groups: fc.constant(groups),
    entries: fc.array(
      fc.record({ value: fc.integer({ min: -3, max: 3 }), group: fc.integer({ min: 0, max: groups - 1 }) }),
      {
        maxLength: 60,
      },
    ),
    perGroup: fc.integer({ min: 1, max: 5 }),
    wanted: fc.integer({ min: 0, max: 70 }),
  }),
);

type Candidates = typeof candidates extends fc.Arbitrary<infer T> ? T : never;

/** The definition, the slow way: rank everything, then each group's first `perGroup` to the front. */
function slowFairShare({ entries, perGroup, groups }: Candidates): { first: number[]; rest: number[] } {
  const ranked = entries.map((_, i) => i).sort((a, b) => entries[b].value - entries[a].value || a - b);
  const taken = new Array<number>(groups).fill(0);
  const first = ranked.filter((i) => taken[entries[i].group]++ < perGroup);
  return { first, rest: ranked.filter((i) => !first.includes(i)) };
}

function fastFairShare({ entries, groups, perGroup, wanted }: Candidates): number[] {
  const value = Float64Array.from(entries, (e) => e.value);
  const groupOf = Int32Array.from(entries, (e) => e.group);
  return Array.from(fairShareOrder(value, groupOf, entries.length, groups, perGroup, wanted));
}

describe('fairShareOrder', () => {
  it("should put every group's best perGroup candidates first, in rank order (ties by index)", () => {
    fc.assert(
      fc.property(candidates, (c) => {
        const { first } = slowFairShare(c);
        expect(fastFairShare(c).slice(0, first.length)).toEqual(first);
      }),
    );
  });

  it('should give every candidate exactly once', () => {
    fc.assert(
      fc.property(candidates, (c) => {
        expect(fastFairShare(c).sort((a, b) => a - b)).toEqual(c.entries.map((_, i) => i));
      }),
    );
  });

  it('should rank the others too when more are wanted than the first part holds', () => {
    fc.assert(
      fc.property(candidates, (c) => {
        const { first, rest } = slowFairShare(c);
        fc.pre(c.wanted > first.length);
        expect(fastFairShare(c)).toEqual([...first, ...rest]);
      }),
    );
  });

  it("should give a crowded group's second best only after every group's best", () => {
    // Candidates 0-3 in group 0 (values 9, 8, 7, 6), 4-5 in group 1 (values 5, 4).
    const value = Float64Array.of(9, 8, 7, 6, 5, 4);
    const groupOf = Int32Array.of(0, 0, 0, 0, 1, 1);
    expect(Array.from(fairShareOrder(value, groupOf, 6, 2, 1, 6))).toEqual([0, 4, 1, 2, 3, 5]);
  });

  it('should leave the candidates outside the first part in index order when no more are wanted', () => {
    const value = Float64Array.of(1, 5, 3, 9, 2);
    const groupOf = Int32Array.of(0, 0, 0, 0, 0);
    expect(Array.from(fairShareOrder(value, groupOf, 5, 1, 2, 2))).toEqual([3, 1, 0, 2, 4]);
  });
});
