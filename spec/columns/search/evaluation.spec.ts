import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Jewel } from '../../../lib/columns/engine/field.js';
import { Evaluator, FieldSummary, stackDanger, summarizeField } from '../../../lib/columns/search/evaluation.js';
import { Kernel } from '../../../lib/columns/search/kernel.js';
import { WEIGHT_NAMES, type Weights } from '../../../lib/columns/search/weights.js';

/** A kernel holding the given stacks (bottom to top), without playing anything. */
function kernelOf(height: number, stacks: Jewel[][]): Kernel {
  return Kernel.fromField({ width: stacks.length, height, stacks });
}

/** Weights with one feature at 1 and the rest 0: the evaluation then reads that feature alone. */
const only = (feature: (typeof WEIGHT_NAMES)[number]): Weights =>
  Object.fromEntries(WEIGHT_NAMES.map((f) => [f, f === feature ? 1 : 0])) as unknown as Weights;

describe('summarizeField', () => {
  it('should count a diagonal pair whose lower jewel tops the right stack', () => {
    // a b / b: the b at (0, 1) and the b at (1, 0) touch diagonally.
    const s = summarizeField(kernelOf(13, [[0, 1], [1], []]), new FieldSummary());
    expect(s.pairs).toBe(1);
    expect(s.jewels).toBe(3);
    expect(s.maxHeight).toBe(2);
    expect(s.bumpiness).toBe(2);
    expect(s.danger).toBe(0);
    expect(Array.from(s.counts.subarray(0, 3))).toEqual([1, 2, 0]);
    expect(Array.from(s.exposed.subarray(0, 3))).toEqual([0, 2, 0]);
  });

  it('should count each of the four neighbor directions once', () => {
    // Column 0: a a; column 1: a a. Pairs: two vertical, two horizontal, two diagonal.
    expect(
      summarizeField(
        kernelOf(13, [
          [0, 0],
          [0, 0],
        ]),
        new FieldSummary(),
      ).pairs,
    ).toBe(6);
  });

  it('should square how far each stack rises above six rows below the top', () => {
    // Height 13: stacks of 9 and 8 are 2 and 1 above row 7.
    expect(summarizeField(kernelOf(13, [Array(9).fill(0), Array(8).fill(1), [2]]), new FieldSummary()).danger).toBe(
      4 + 1,
    );
    expect(stackDanger(7, 13)).toBe(0);
  });

  it('should count every pair a brute-force neighbor count finds', () => {
    const stacksArb = fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 10 }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(stacksArb, (stacks) => {
        let expected = 0;
        const at = (x: number, y: number) =>
          x >= 0 && x < stacks.length && y >= 0 && y < stacks[x].length ? stacks[x][y] : -1;
        for (let x = 0; x < stacks.length; x++)
          for (let y = 0; y < stacks[x].length; y++)
            for (const [dx, dy] of [
              [0, 1],
              [1, 0],
              [1, 1],
              [1, -1],
            ])
              if (at(x + dx, y + dy) === stacks[x][y]) expected++;
        expect(summarizeField(kernelOf(13, stacks), new FieldSummary()).pairs).toBe(expected);
      }),
    );
  });
});

describe('Evaluator', () => {
  const field = kernelOf(13, [[0, 1, 1], [1], [2, 2]]);

  it('should count stored jewels only while a magic column is still to come', () => {
    const evaluator = new Evaluator(only('jewels'));
    expect(evaluator.value(field, true)).toBe(6);
    expect(evaluator.value(field, false)).toBe(0);
  });

  it('should take the largest color showing on a stack top as the magic target', () => {
    // b (3 jewels) tops columns 0 and 1; c (2) tops column 2; a (1) is buried.
    expect(new Evaluator(only('magicTarget')).value(field, true)).toBe(3);
    expect(new Evaluator(only('dominantColor')).value(field, true)).toBe(3);
    expect(new Evaluator(only('maxHeight')).value(field, false)).toBe(3);
  });
});
