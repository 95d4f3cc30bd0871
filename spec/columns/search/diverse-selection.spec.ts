import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiversityRule, selectDiverse } from '../../../lib/columns/search/diverse-selection.js';
import { selectDistinctBest } from '../../../lib/core/select-distinct.js';

interface Candidates {
  readonly value: Float64Array;
  readonly hash: Float64Array;
  readonly parent: Int32Array;
  readonly parents: number;
}

/** Candidates with many ties and repeated hashes, over up to 8 parents. */
const candidatesArbitrary = fc
  .array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 7 })), {
    maxLength: 200,
  })
  .map(
    (rows): Candidates => ({
      value: Float64Array.from(rows, ([v]) => v),
      hash: Float64Array.from(rows, ([, h]) => h),
      parent: Int32Array.from(rows, ([, , p]) => p),
      parents: 8,
    }),
  );

const ruleArbitrary = fc.record({
  width: fc.integer({ min: 1, max: 30 }),
  cap: fc.integer({ min: 1, max: 4 }),
  pool: fc.constantFrom(0, 0.5, 1, 1.5, 2, 4),
});

/** The rule written the plain way: a full sort, each hash once, the capped walk, the fill, a sort. */
function reference({ value, hash, parent }: Candidates, { width, cap, pool }: DiversityRule): number[] {
  const order = [...value.keys()].sort((a, b) => value[b] - value[a] || a - b);
  const seen = new Set<number>();
  const distinct = order.filter((c) => !seen.has(hash[c]) && seen.add(hash[c]));
  const walked = distinct.slice(0, Math.max(width, Math.ceil(pool * width)));
  const kept: number[] = [];
  const aside: number[] = [];
  const perParent = new Map<number, number>();
  for (const c of walked) {
    if (kept.length === width) break;
    const n = perParent.get(parent[c]) ?? 0;
    if (n < cap) {
      perParent.set(parent[c], n + 1);
      kept.push(c);
    } else aside.push(c);
  }
  kept.push(...aside.slice(0, width - kept.length));
  return kept.sort((a, b) => value[b] - value[a] || a - b);
}

const select = (c: Candidates, rule: DiversityRule) =>
  Array.from(selectDiverse(c.value, c.hash, c.parent, c.parents, c.value.length, rule));

describe('selectDiverse', () => {
  it('should choose exactly what the plain capped walk over the best distinct children chooses', () => {
    fc.assert(
      fc.property(candidatesArbitrary, ruleArbitrary, (c, rule) => {
        expect(select(c, rule)).toEqual(reference(c, rule));
      }),
    );
  });

  it('should fill the whole width when there are enough distinct children, each hash once, best first', () => {
    fc.assert(
      fc.property(candidatesArbitrary, ruleArbitrary, (c, rule) => {
        const kept = select(c, rule);
        expect(kept.length).toBe(Math.min(rule.width, new Set(c.hash).size));
        expect(new Set(kept.map((k) => c.hash[k])).size).toBe(kept.length);
        for (let i = 1; i < kept.length; i++) expect(c.value[kept[i - 1]]).toBeGreaterThanOrEqual(c.value[kept[i]]);
      }),
    );
  });

  it('should never keep a parent past its cap while a walked child of a parent under its cap is left out', () => {
    fc.assert(
      fc.property(candidatesArbitrary, ruleArbitrary, (c, rule) => {
        const kept = select(c, rule);
        const perParent = new Map<number, number>();
        for (const k of kept) perParent.set(c.parent[k], (perParent.get(c.parent[k]) ?? 0) + 1);
        if (![...perParent.values()].some((n) => n > rule.cap)) return;
        const depth = Math.max(rule.width, Math.ceil(rule.pool * rule.width));
        const walked = selectDistinctBest(c.value, c.hash, c.value.length, depth);
        for (const w of walked)
          if (!kept.includes(w)) expect(perParent.get(c.parent[w]) ?? 0).toBeGreaterThanOrEqual(rule.cap);
      }),
    );
  });

  it('should be the plain distinct selection when the cap is the width or more', () => {
    fc.assert(
      fc.property(
        candidatesArbitrary,
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(0, 1, 5, Number.POSITIVE_INFINITY),
        (c, width, over) => {
          expect(select(c, { width, cap: width + over, pool: 4 })).toEqual(
            Array.from(selectDistinctBest(c.value, c.hash, c.value.length, width)),
          );
        },
      ),
    );
  });

  it('should choose what the plain walk chooses on many parents and candidates, call after call', () => {
    // Past the reused buffers' first sizes (64 parents, 256 walked children), then smaller again.
    const many = (parents: number, maxLength: number) =>
      fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.nat(5_000), fc.nat(parents - 1)), { maxLength }).map(
        (rows): Candidates => ({
          value: Float64Array.from(rows, ([v]) => v),
          hash: Float64Array.from(rows, ([, h]) => h),
          parent: Int32Array.from(rows, ([, , p]) => p),
          parents,
        }),
      );
    fc.assert(
      fc.property(
        many(120, 700),
        many(8, 60),
        ruleArbitrary,
        fc.integer({ min: 60, max: 200 }),
        (big, small, rule, wide) => {
          const wideRule = { ...rule, width: wide };
          expect(select(big, wideRule)).toEqual(reference(big, wideRule));
          expect(select(small, rule)).toEqual(reference(small, rule));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("should keep another parent's best child over a parent's second, and fill with the second when short", () => {
    // Parent 0 has the three best children; parent 1 the fourth; parent 2 a child past the pool.
    const c: Candidates = {
      value: Float64Array.of(10, 9, 8, 7, 1),
      hash: Float64Array.of(1, 2, 3, 4, 5),
      parent: Int32Array.of(0, 0, 0, 1, 2),
      parents: 3,
    };
    expect(select(c, { width: 2, cap: 1, pool: 2 })).toEqual([0, 3]);
    // A pool of 1 x width walks only children 0 and 1: the second place goes to 0's second child.
    expect(select(c, { width: 2, cap: 1, pool: 1 })).toEqual([0, 1]);
    // Three places walk all five: each parent's best child.
    expect(select(c, { width: 3, cap: 1, pool: 2 })).toEqual([0, 3, 4]);
  });
});
