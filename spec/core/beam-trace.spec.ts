import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BeamTrace } from '../../lib/core/beam-trace.js';

/** Random beam levels: each kept position names a parent in the level before and a move. */
const levelsArb = fc
  .array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 })
  .chain((sizes) =>
    fc.tuple(
      ...sizes.map((size, d) =>
        fc.array(fc.tuple(fc.nat(d === 0 ? 0 : sizes[d - 1] - 1), fc.nat(1000)), { minLength: size, maxLength: size }),
      ),
    ),
  );

describe('BeamTrace', () => {
  it('should read back every kept position its moves from the root, as the levels recorded them', () => {
    fc.assert(
      fc.property(levelsArb, fc.nat(), fc.nat(), (levels, pick, last) => {
        const trace = new BeamTrace();
        for (const level of levels) {
          trace.push(
            Int32Array.from(level, ([p]) => p),
            Int32Array.from(level, ([, m]) => m),
          );
        }
        expect(trace.depth).toBe(levels.length);
        // The slow way: follow each parent pointer back by hand.
        let index = pick % levels[levels.length - 1].length;
        const expected: number[] = [];
        for (let d = levels.length - 1; d >= 0; d--) {
          expected.unshift(levels[d][index][1]);
          index = levels[d][index][0];
        }
        const chosen = pick % levels[levels.length - 1].length;
        expect(trace.line(chosen)).toEqual(expected);
        expect(trace.lineTo(levels.length, chosen, last)).toEqual([...expected, last]);
      }),
    );
  });

  it('should read back, after truncating to a depth, the lines of that depth as they were', () => {
    fc.assert(
      fc.property(levelsArb, levelsArb, fc.nat(), fc.nat(), (levels, extra, cut, pick) => {
        const depth = cut % (levels.length + 1);
        const trace = new BeamTrace();
        const push = (level: [number, number][]) =>
          trace.push(
            Int32Array.from(level, ([p]) => p),
            Int32Array.from(level, ([, m]) => m),
          );
        for (const level of levels.slice(0, depth)) push(level);
        const index = depth === 0 ? 0 : pick % levels[depth - 1].length;
        const before = trace.line(index);
        for (const level of levels.slice(depth)) push(level);
        for (const level of extra) push(level);
        trace.truncate(depth);
        expect(trace.depth).toBe(depth);
        expect(trace.line(index)).toEqual(before);
      }),
    );
  });

  it('should read back every line of the last level unchanged after compacting, whenever it compacts', () => {
    fc.assert(
      fc.property(levelsArb, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (levels, compactAfter) => {
        const plain = new BeamTrace();
        const compacted = new BeamTrace();
        levels.forEach((level, d) => {
          for (const trace of [plain, compacted]) {
            trace.push(
              Int32Array.from(level, ([p]) => p),
              Int32Array.from(level, ([, m]) => m),
            );
          }
          if (compactAfter[d]) compacted.compact();
        });
        compacted.compact();
        const last = levels[levels.length - 1];
        expect(compacted.depth).toBe(plain.depth);
        for (let i = 0; i < last.length; i++) expect(compacted.line(i)).toEqual(plain.line(i));
      }),
    );
  });

  it('should keep, after compacting, only the ancestors of the last level', () => {
    const trace = new BeamTrace();
    trace.push(Int32Array.of(0, 0, 0), Int32Array.of(1, 2, 3));
    trace.push(Int32Array.of(2, 2), Int32Array.of(4, 5));
    trace.compact();
    // Only the third position of level 1 is an ancestor: one line reads [3, 4], the other [3, 5].
    expect(trace.line(0)).toEqual([3, 4]);
    expect(trace.line(1)).toEqual([3, 5]);
    expect(trace.lineTo(1, 0)).toEqual([3]);
  });

  it('should give the root an empty line', () => {
    expect(new BeamTrace().line(0)).toEqual([]);
    expect(new BeamTrace().lineTo(0, 0, 7)).toEqual([7]);
  });
});
