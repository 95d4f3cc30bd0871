import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as weights from '../../../lib/columns/search/weights.js';
import {
  COLOR_RULES,
  type DEFAULT_WEIGHTS,
  WEIGHT_NAMES,
  weightsForColors,
} from '../../../lib/columns/search/weights.js';
import { describeWeightsContract } from '../../support/weights-contract.js';

describeWeightsContract(weights, { potentialFactor: weights.POTENTIAL_FACTOR_RANGE });

describe('weightsForColors', () => {
  it('should zero the dominant color on three colors or fewer, flatten six or fewer (most on five or fewer), store less on eight or more, and keep every other weight', () => {
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(WEIGHT_NAMES.map((name) => [name, fc.double({ noNaN: true, min: -100, max: 100 })])),
        ),
        fc.integer({ min: 1, max: 26 }),
        (given, colors) => {
          const used = weightsForColors(given as typeof DEFAULT_WEIGHTS, colors);
          // The measured values (docs/columns-solver.md), not read back from COLOR_RULES.
          const expected = (name: string): number => {
            if (name === 'dominantColor' && colors <= 3) return 0;
            if (name === 'bumpiness' && colors <= 5) return -7;
            if (name === 'bumpiness' && colors === 6) return -4;
            if (name === 'jewels' && colors >= 8) return 20;
            return given[name];
          };
          for (const name of WEIGHT_NAMES) expect(used[name]).toBe(expected(name));
        },
      ),
    );
  });
});

describe('COLOR_RULES', () => {
  it('should never have two rules that hold for one color count set the same weight (so their order does not matter)', () => {
    for (let colors = 1; colors <= 26; colors++) {
      const holding = COLOR_RULES.filter((rule) => colors >= rule.fromColors && colors <= rule.toColors);
      const names = holding.flatMap((rule) => Object.keys(rule.set));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('should set only weights that exist, to finite numbers', () => {
    for (const rule of COLOR_RULES) {
      for (const [name, value] of Object.entries(rule.set)) {
        expect(WEIGHT_NAMES).toContain(name);
        expect(Number.isFinite(value)).toBe(true);
      }
    }
  });
});
