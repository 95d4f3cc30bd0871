import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyField, type Field, formatField, jewelCount } from '../../../lib/columns/engine/field.js';
import { pieceFromToken } from '../../../lib/columns/engine/instance.js';
import { findMatches, playColumn, shiftJewels } from '../../../lib/columns/engine/landing.js';
import { formatMoves } from '../../../lib/columns/engine/moves.js';
import { READINGS } from '../../../lib/columns/engine/readings.js';
import { playMoves } from '../../../lib/columns/engine/referee.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { quickstartPlacements } from '../../../lib/columns/search/baselines.js';
import { accepted, gameArb } from '../arbitraries.js';

const fieldOf = (width: number, height: number, columns: string[]): Field => ({
  width,
  height,
  stacks: Array.from({ length: width }, (_, x) => [...(columns[x] ?? '')].map((c) => c.charCodeAt(0) - 97)),
});

/** Every field reached in a random game, with the column played on it. */
const stepsArb = gameArb(100).map(({ instance, placements }) => {
  const steps: {
    field: Field;
    piece: (typeof instance.pieces)[number];
    placement: { position: number; shifts: number };
  }[] = [];
  let field = emptyField(instance.width, instance.height);
  for (let i = 0; i < instance.pieces.length; i++) {
    const placement = placements[i] ?? READINGS.defaultPlacement;
    steps.push({ field, piece: instance.pieces[i], placement });
    const outcome = playColumn(field, instance.pieces[i], placement);
    if (outcome.gameOver) break;
    field = outcome.field;
  }
  return steps;
});

describe('playColumn', () => {
  it('should conserve jewels: before + 3 landed - cleared - magic = after', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { field, piece, placement } of steps) {
          const outcome = playColumn(field, piece, placement);
          if (outcome.gameOver) continue;
          const cleared = outcome.steps.reduce((n, s) => n + s.cleared, 0);
          expect(jewelCount(outcome.field)).toBe(
            jewelCount(field) + (piece.magic ? 0 : 3) - cleared - outcome.magicCleared,
          );
        }
      }),
    );
  });

  it('should leave no match and no jewel above the field after a column resolves', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { field, piece, placement } of steps) {
          const outcome = playColumn(field, piece, placement);
          expect(findMatches(outcome.field).matches).toBe(0);
          for (const stack of outcome.field.stacks) expect(stack.length).toBeLessThanOrEqual(field.height);
        }
      }),
    );
  });

  it('should score every step 47 x combo x matches, combo counting from 1', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { field, piece, placement } of steps) {
          const outcome = playColumn(field, piece, placement);
          outcome.steps.forEach((step, i) => {
            expect(step.combo).toBe(i + 1);
            expect(step.points).toBe(47 * step.combo * step.matches);
          });
          expect(outcome.points).toBe(47 * outcome.magicCleared + outcome.steps.reduce((n, s) => n + s.points, 0));
        }
      }),
    );
  });

  it('should never change the field it is given', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { field, piece, placement } of steps) {
          const before = structuredClone(field);
          playColumn(field, piece, placement);
          expect(field).toEqual(before);
        }
      }),
    );
  });

  it('should end the game when the column would stick out, scoring nothing, magic or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 19 }), fc.constantFrom('***', 'abc', 'aaa'), (height, token) => {
        const full = fieldOf(3, height, ['ab'.repeat(height).slice(0, height - 2), 'ba']);
        const outcome = playColumn(full, pieceFromToken(token), { position: 1, shifts: 0 });
        expect(outcome).toMatchObject({ gameOver: true, points: 0 });
        expect(outcome.field).toBe(full);
      }),
    );
  });

  it('should score 0 for magic on the floor and clear nothing', () => {
    const field = fieldOf(3, 13, ['', 'abab', 'ba']);
    const outcome = playColumn(field, { magic: true }, { position: 1, shifts: 0 });
    expect(outcome).toMatchObject({ gameOver: false, points: 0, magicCleared: 0 });
    expect(formatField(outcome.field)).toEqual(['', 'abab', 'ba']);
  });

  // Golden positions worked by hand.
  it('should clear every jewel of the color a magic column lands on, 47 each', () => {
    const field = fieldOf(3, 13, ['ab', 'cb', 'bca']);
    const outcome = playColumn(field, { magic: true }, { position: 1, shifts: 0 });
    // Landed on b (top of column 1): the three b jewels go for 141; the columns settle to
    // "a", "c", "ca", which hold no line of three.
    expect(outcome).toMatchObject({ points: 141, magicCleared: 3, steps: [] });
    expect(formatField(outcome.field)).toEqual(['a', 'c', 'ca']);
  });

  it('should count a run of L equal jewels as L - 2 matches', () => {
    for (let length = 3; length <= 7; length++) {
      expect(findMatches(fieldOf(1, 13, ['a'.repeat(length)])).matches).toBe(length - 2);
      expect(findMatches(fieldOf(length, 13, new Array(length).fill('a'))).matches).toBe(length - 2);
    }
    // A plus sign of two triples is 2 matches, its center in both.
    expect(findMatches(fieldOf(3, 13, ['ba', 'aaa', 'ca'])).matches).toBe(2);
  });

  it('should find diagonal matches in both directions', () => {
    expect(findMatches(fieldOf(3, 13, ['a', 'ba', 'bca'])).matches).toBe(1); // "/"
    expect(findMatches(fieldOf(3, 13, ['bca', 'ba', 'a'])).matches).toBe(1); // "\"
  });

  it('should chain: a clear lets jewels fall into a second match at combo 2', () => {
    // Columns (bottom to top): "ba", "ca", "edd". Dropping "daf" on the third makes "edddaf":
    // the vertical ddd clears (combo 1, 47); "a" falls to row 1 beside a, a: combo 2, 94.
    const field = fieldOf(3, 13, ['ba', 'ca', 'edd']);
    const outcome = playColumn(field, pieceFromToken('daf'), { position: 3, shifts: 0 });
    expect(outcome.steps).toMatchObject([
      { combo: 1, matches: 1, cleared: 3, points: 47 },
      { combo: 2, matches: 1, cleared: 3, points: 94 },
    ]);
    expect(outcome.points).toBe(141);
    expect(formatField(outcome.field)).toEqual(['b', 'c', 'ef']);
    // Each step shows the field it found its matches in, and which jewels it cleared.
    expect(formatField(outcome.landed)).toEqual(['ba', 'ca', 'edddaf']);
    expect(formatField(outcome.steps[0].field)).toEqual(['ba', 'ca', 'edddaf']);
    expect(outcome.steps[0].marked).toEqual([
      [false, false],
      [false, false],
      [false, true, true, true, false, false],
    ]);
    expect(formatField(outcome.steps[1].field)).toEqual(['ba', 'ca', 'eaf']);
    expect(outcome.steps[1].marked).toEqual([
      [false, true],
      [false, true],
      [false, true, false],
    ]);
  });

  it('should apply shifts by moving the bottom jewel to the top', () => {
    expect(shiftJewels([0, 1, 2], 0)).toEqual([0, 1, 2]);
    expect(shiftJewels([0, 1, 2], 1)).toEqual([1, 2, 0]);
    expect(shiftJewels([0, 1, 2], 2)).toEqual([2, 0, 1]);
  });
});

describe('playGame', () => {
  it("should give the statement's sample, played by the quickstart, the statement's output and 141 points", () => {
    const sample = parseInstance('6 13 11 aba bba bbb aab bac cac *** ccb cda aad dbc');
    if (!sample.ok) throw new Error(sample.error.message);
    const placements = quickstartPlacements(sample.value);
    expect(formatMoves(placements)).toBe('11\n1 0\n2 0\n3 0\n3 0\n4 0\n5 0\n6 0\n6 0\n1 0\n2 0\n3 0\n');
    expect(accepted(playMoves(sample.value, placements)).score).toBe(141);
  });

  it('should play columns after the output at position 1 without shift', () => {
    fc.assert(
      fc.property(gameArb(40), ({ instance, placements }) => {
        const explicit = [
          ...placements,
          ...instance.pieces.slice(placements.length).map(() => ({ position: 1, shifts: 0 })),
        ];
        // The same game: the verdicts differ only in the placements they were given.
        expect({ ...accepted(playMoves(instance, placements)), placements: [] }).toEqual({
          ...accepted(playMoves(instance, explicit)),
          placements: [],
        });
      }),
    );
  });
});
