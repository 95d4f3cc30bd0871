import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rolloutNodes } from '../../../lib/samegame/search/node-cost.js';

describe('rolloutNodes', () => {
  it('should charge one node a plain move and two a contest move', () => {
    expect(rolloutNodes(30, 0)).toBe(30);
    expect(rolloutNodes(30, 10)).toBe(40);
    // A rollout shorter than its contest allowance: every move it played was a contest.
    expect(rolloutNodes(4, 10)).toBe(8);
    expect(rolloutNodes(0, 10)).toBe(0);
  });

  it('should never charge less than a node a move, nor more than two', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(20), (length, contests) => {
        const nodes = rolloutNodes(length, contests);
        expect(nodes).toBeGreaterThanOrEqual(length);
        expect(nodes).toBeLessThanOrEqual(2 * length);
      }),
    );
  });

  it('should grow with every move played', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(20), (length, contests) => {
        expect(rolloutNodes(length + 1, contests)).toBeGreaterThan(rolloutNodes(length, contests));
      }),
    );
  });
});
