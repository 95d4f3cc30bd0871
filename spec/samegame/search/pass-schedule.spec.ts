import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_PASS_WIDTH,
  nextPassWidth,
  PASS_GROWTH,
  type PassPlan,
} from '../../../lib/samegame/search/pass-schedule.js';

/** A plan whose budget is set in nodes only: the pass just run cost 1,000 nodes per unit of width. */
const byNodes = (previous: number, nodesLeft: number, maxWidth = 20_000): PassPlan => ({
  previous,
  nodesPerWidth: 1_000,
  timePerWidthMs: 0,
  nodesLeft,
  timeLeftMs: Infinity,
  maxWidth,
});

describe('nextPassWidth', () => {
  it('should make the next pass 4 times wider when the budget left affords it', () => {
    expect(nextPassWidth(byNodes(32, 1e9))).toBe(128);
  });

  it('should aim at 90 % of the width the budget left affords, in nodes or in time, whichever is less', () => {
    // 1,000,000 nodes left at 1,000 a unit of width afford 1,000 wide.
    expect(nextPassWidth(byNodes(512, 1_000_000))).toBe(900);
    // The same pass, with 500 ms left at 1 ms a unit of width: time is the tighter limit.
    expect(nextPassWidth({ ...byNodes(512, 1_000_000), timePerWidthMs: 1, timeLeftMs: 500 })).toBe(450);
  });

  it('should not let a limit that is not set bound the width', () => {
    // What the solver passes without a time limit: the milliseconds spent are Infinity - Infinity.
    const unbounded = { ...byNodes(64, Infinity), timePerWidthMs: Number.NaN, timeLeftMs: Infinity };
    expect(nextPassWidth(unbounded)).toBe(PASS_GROWTH * 64);
  });

  it('should run no pass wider than memory allows', () => {
    expect(nextPassWidth(byNodes(4_096, 1e12, 10_000))).toBe(10_000);
  });

  it('should run a pass as narrow as the first when the budget left affords less', () => {
    // What a 20 s solve meets: after a pass 1,639 wide, 140,000 nodes buy a pass 126 wide, and
    // 5,000 nodes less than 8.
    expect(nextPassWidth(byNodes(1_639, 140_000))).toBe(126);
    expect(nextPassWidth(byNodes(1_639, 5_000))).toBe(FIRST_PASS_WIDTH);
  });

  it('should give a width from the first pass width to the memory cap, at most 4 times the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e10, noNaN: true }),
        fc.integer({ min: FIRST_PASS_WIDTH, max: 100_000 }),
        (previous, nodesPerWidth, nodesLeft, maxWidth) => {
          const width = nextPassWidth({
            previous,
            nodesPerWidth,
            timePerWidthMs: 0,
            nodesLeft,
            timeLeftMs: Infinity,
            maxWidth,
          });
          expect(Number.isInteger(width)).toBe(true);
          expect(width).toBeGreaterThanOrEqual(FIRST_PASS_WIDTH);
          expect(width).toBeLessThanOrEqual(maxWidth);
          expect(width).toBeLessThanOrEqual(Math.max(FIRST_PASS_WIDTH, PASS_GROWTH * previous));
          // Within what the budget affords, unless that is below the first pass's width.
          expect(width).toBeLessThanOrEqual(Math.max(FIRST_PASS_WIDTH, nodesLeft / nodesPerWidth));
        },
      ),
    );
  });
});
