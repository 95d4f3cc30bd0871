import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as weights from '../../lib/columns/weights.js';
import { COLOUR_RULES, type DEFAULT_WEIGHTS, WEIGHT_NAMES, weightsForColours } from '../../lib/columns/weights.js';
import { describeWeightsContract } from '../support/weights-contract.js';

describeWeightsContract(weights);

describe('weightsForColours', () => {
  it('should zero the dominant colour on three colours or fewer, flatten six or fewer (most on five or fewer), store less on eight or more, and keep every other weight', () => {
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(WEIGHT_NAMES.map((name) => [name, fc.double({ noNaN: true, min: -100, max: 100 })])),
        ),
        fc.integer({ min: 1, max: 26 }),
        (given, colours) => {
          const used = weightsForColours(given as typeof DEFAULT_WEIGHTS, colours);
          // The measured values (README), not read back from COLOUR_RULES.
          const expected = (name: string): number => {
            if (name === 'dominantColor' && colours <= 3) return 0;
            if (name === 'bumpiness' && colours <= 5) return -7;
            if (name === 'bumpiness' && colours === 6) return -4;
            if (name === 'jewels' && colours >= 8) return 20;
            return given[name];
          };
          for (const name of WEIGHT_NAMES) expect(used[name]).toBe(expected(name));
        },
      ),
    );
  });
});

describe('COLOUR_RULES', () => {
  it('should never have two rules that hold for one colour count set the same weight (so their order does not matter)', () => {
    for (let colours = 1; colours <= 26; colours++) {
      const holding = COLOUR_RULES.filter((rule) => colours >= rule.fromColours && colours <= rule.toColours);
      const names = holding.flatMap((rule) => Object.keys(rule.set));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('should set only weights that exist, to finite numbers', () => {
    for (const rule of COLOUR_RULES) {
      for (const [name, value] of Object.entries(rule.set)) {
        expect(WEIGHT_NAMES).toContain(name);
        expect(Number.isFinite(value)).toBe(true);
      }
    }
  });
});
