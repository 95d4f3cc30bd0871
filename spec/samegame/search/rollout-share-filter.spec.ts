import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BeamCandidates, INHERITED_LINE, NO_LINE } from '../../../lib/samegame/search/beam-candidates.js';
import { fairShareOrder } from '../../../lib/samegame/search/fair-share-order.js';
import { RolloutShareFilter } from '../../../lib/samegame/search/rollout-share-filter.js';

/** A level: per parent, its children's values (few distinct, so ties are common) and which child inherits a line (-1: none). */
const levelArb = fc.array(
  fc
    .array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 })
    .chain((values) => fc.tuple(fc.constant(values), fc.integer({ min: -1, max: values.length - 1 }))),
  { minLength: 1, maxLength: 60 },
);

type Level = [number[], number][];

/** The level's children in the order made: value, parent, and whether each inherits a line. */
function childrenOf(level: Level) {
  return level.flatMap(([values, heir], parent) => values.map((value, m) => ({ value, parent, heir: m === heir })));
}

/** Builds the level through the filter; each slot's `move` holds the child's number in making order. */
function filtered(level: Level, perParent: number, wanted: number): BeamCandidates {
  const candidates = new BeamCandidates();
  const filter = new RolloutShareFilter(candidates, perParent, wanted);
  let made = 0;
  level.forEach(([values, heir], parent) => {
    filter.beginParent();
    filter.makeRoom(values.length);
    values.forEach((value, m) => {
      const c = filter.add();
      candidates.value[c] = value;
      candidates.parent[c] = parent;
      candidates.move[c] = made++;
      candidates.source[c] = m === heir ? INHERITED_LINE : NO_LINE;
      filter.offer(c);
    });
  });
  filter.finish();
  return candidates;
}

describe('RolloutShareFilter', () => {
  it('should keep exactly the fair-share order every child would give the rollouts, and every child that inherits a line', () => {
    fc.assert(
      fc.property(
        levelArb,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 200 }),
        (level, perParent, wanted) => {
          const children = childrenOf(level);
          const value = Float64Array.from(children, (c) => c.value);
          const parent = Int32Array.from(children, (c) => c.parent);
          const all = fairShareOrder(value, parent, children.length, level.length, perParent, wanted);
          const probed = Array.from(all.subarray(0, Math.min(children.length, wanted)));

          const kept = filtered(level, perParent, wanted);
          const keptOrder = fairShareOrder(kept.value, kept.parent, kept.count, level.length, perParent, wanted);
          const keptProbed = Array.from(keptOrder.subarray(0, Math.min(kept.count, wanted)), (c) => kept.move[c]);
          expect(keptProbed).toEqual(probed);

          const heirs = children.flatMap((c, i) => (c.heir ? [i] : []));
          const keptNumbers = new Set(Array.from({ length: kept.count }, (_, c) => kept.move[c]));
          for (const heir of heirs) expect(keptNumbers.has(heir)).toBe(true);
          // Kept children stay in the order they were made.
          const numbers = Array.from({ length: kept.count }, (_, c) => kept.move[c]);
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        },
      ),
    );
  });
});
