import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../lib/core/budget.js';

/** A clock the test moves by hand, for the time limits. */
function fakeClock(start = 1_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** Spends nodes one at a time as a search does, checking the budget before each; the nodes spent. */
function spendAll(budget: Budget): number {
  let spent = 0;
  while (!budget.exhausted()) {
    budget.nodes++;
    spent++;
    if (spent > 1_000_000) throw new Error('the budget never ran out');
  }
  return spent;
}

describe('Budget', () => {
  it('should allow exactly its nodes to a search that checks it before each node, never one more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), (nodes) => {
        const budget = new Budget({ nodes });
        expect(spendAll(budget)).toBe(nodes);
        expect(budget.nodes).toBe(nodes);
        expect(budget.nodesLeft()).toBe(0);
      }),
    );
  });

  it('should count the nodes left down from its limit', () => {
    const budget = new Budget({ nodes: 10 });
    budget.nodes += 4;
    expect(budget.nodesLeft()).toBe(6);
    expect(budget.exhausted()).toBe(false);
  });

  it('should run out at its deadline on its clock, not a moment before', () => {
    const clock = fakeClock();
    const budget = new Budget({ timeMs: 50 }, clock.now);
    expect(budget.timeLeftMs()).toBe(50);
    clock.advance(49.9);
    expect(budget.exhausted()).toBe(false);
    expect(budget.timeLeftMs()).toBeCloseTo(0.1, 9);
    clock.advance(0.1);
    expect(budget.exhausted()).toBe(true);
    expect(budget.timeLeftMs()).toBe(0);
  });

  it('should run out at whichever limit comes first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 5 }),
        (nodes, timeMs, timePerNodeMs) => {
          const clock = fakeClock();
          const budget = new Budget({ nodes, timeMs }, clock.now);
          let spent = 0;
          while (!budget.exhausted()) {
            budget.nodes++;
            spent++;
            clock.advance(timePerNodeMs);
          }
          expect(spent).toBe(Math.min(nodes, Math.ceil(timeMs / timePerNodeMs)));
        },
      ),
    );
  });

  it('should never run out without limits', () => {
    const clock = fakeClock();
    const budget = new Budget({}, clock.now);
    budget.nodes = 1e12;
    clock.advance(1e12);
    expect(budget.exhausted()).toBe(false);
    expect(budget.nodesLeft()).toBe(Number.POSITIVE_INFINITY);
    expect(budget.timeLeftMs()).toBe(Number.POSITIVE_INFINITY);
  });

  it('should read performance.now() when given no clock', () => {
    // No waiting involved: a 0 ms budget is over as soon as it starts, an hour-long one is not.
    expect(new Budget({ timeMs: 0 }).exhausted()).toBe(true);
    expect(new Budget({ timeMs: 3_600_000 }).exhausted()).toBe(false);
    expect(new Budget({ timeMs: 3_600_000 }).timeLeftMs()).toBeGreaterThan(3_000_000);
  });

  describe('reserve', () => {
    it('should move the deadline earlier by the time set aside', () => {
      const clock = fakeClock();
      const budget = new Budget({ timeMs: 100 }, clock.now);
      budget.reserve(30);
      expect(budget.timeLeftMs()).toBe(70);
      clock.advance(70);
      expect(budget.exhausted()).toBe(true);
    });

    it('should ignore a negative reserve, and have no effect without a time limit', () => {
      const clock = fakeClock();
      const timed = new Budget({ timeMs: 100 }, clock.now);
      timed.reserve(-30);
      expect(timed.timeLeftMs()).toBe(100);
      const counted = new Budget({ nodes: 10 }, clock.now);
      counted.reserve(1_000);
      expect(counted.timeLeftMs()).toBe(Number.POSITIVE_INFINITY);
      expect(counted.exhausted()).toBe(false);
    });
  });

  describe('share', () => {
    it('should give a phase its fraction of the nodes left, rounded down, without counting them', () => {
      const budget = new Budget({ nodes: 1_000 });
      budget.nodes = 100;
      const phase = budget.share(0.25);
      expect(phase.nodesLeft()).toBe(225);
      expect(phase.timeLeftMs()).toBe(Number.POSITIVE_INFINITY);
      spendAll(phase);
      expect(budget.nodes).toBe(100);
    });

    it('should never let a phase and the rest together spend more nodes than the whole budget', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 3_000 }),
          fc.integer({ min: 0, max: 3_000 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (nodes, before, fraction) => {
            // As the solver does: some nodes spent, a phase on a share, its nodes added back, then the rest.
            const budget = new Budget({ nodes });
            budget.nodes = Math.min(before, nodes);
            const phase = budget.share(fraction);
            spendAll(phase);
            budget.nodes += phase.nodes;
            expect(budget.nodes).toBeLessThanOrEqual(nodes);
            spendAll(budget);
            expect(budget.nodes).toBe(nodes);
          },
        ),
      );
    });

    it('should give a phase nothing once the nodes are overspent', () => {
      const budget = new Budget({ nodes: 10 });
      budget.nodes = 12;
      const phase = budget.share(0.5);
      expect(phase.nodesLeft()).toBe(0);
      expect(phase.exhausted()).toBe(true);
    });

    it('should give a phase its fraction of the time left, on the same clock', () => {
      const clock = fakeClock();
      const budget = new Budget({ timeMs: 200 }, clock.now);
      clock.advance(40);
      const phase = budget.share(0.5);
      expect(phase.timeLeftMs()).toBe(80);
      expect(phase.nodesLeft()).toBe(Number.POSITIVE_INFINITY);
      clock.advance(79);
      expect(phase.exhausted()).toBe(false);
      clock.advance(1);
      expect(phase.exhausted()).toBe(true);
      expect(budget.exhausted()).toBe(false);
      expect(budget.timeLeftMs()).toBe(80);
    });

    it('should give a phase no time once the deadline has passed, and no limits when there are none', () => {
      const clock = fakeClock();
      const late = new Budget({ timeMs: 10 }, clock.now);
      clock.advance(15);
      expect(late.share(0.5).exhausted()).toBe(true);
      const free = new Budget({}, clock.now).share(0.5);
      expect(free.nodesLeft()).toBe(Number.POSITIVE_INFINITY);
      expect(free.timeLeftMs()).toBe(Number.POSITIVE_INFINITY);
    });
  });
});
