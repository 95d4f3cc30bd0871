import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyField } from '../../../lib/columns/engine/field.js';
import { playColumn } from '../../../lib/columns/engine/landing.js';
import { READINGS } from '../../../lib/columns/engine/readings.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { GUARD, Kernel } from '../../../lib/columns/search/kernel.js';
import { EMPTY } from '../../../lib/core/cells.js';
import { gameArb } from '../arbitraries.js';

describe('Kernel', () => {
  it('should play every column exactly as the engine does: same fields, points and game over', () => {
    fc.assert(
      fc.property(gameArb(120), ({ instance, placements }) => {
        let field = emptyField(instance.width, instance.height);
        const kernel = new Kernel(instance.width, instance.height);
        for (let i = 0; i < instance.pieces.length; i++) {
          const placement = placements[i] ?? READINGS.defaultPlacement;
          const outcome = playColumn(field, instance.pieces[i], placement);
          const points = kernel.play(instance.pieces[i], placement.position - 1, placement.shifts);
          if (outcome.gameOver) {
            expect(points).toBe(-1);
            expect(kernel.toField()).toEqual(field);
            return;
          }
          expect(points).toBe(outcome.points);
          field = outcome.field;
          expect(kernel.toField()).toEqual(field);
        }
      }),
    );
  });

  it('should hold a stack as tall as the tallest field the engine takes (256 rows)', () => {
    const instance = parseInstance(
      ['1 256', '88', 'abb', '***', ...Array.from({ length: 86 }, () => 'bcb')].join('\n'),
    );
    if (!instance.ok) throw new Error(instance.error.message);
    const { pieces, height } = instance.value;
    // The magic column clears the b's, leaving one jewel; 85 columns of three reach 256 jewels.
    let field = emptyField(1, height);
    const kernel = new Kernel(1, height);
    for (const piece of pieces) {
      const outcome = playColumn(field, piece, READINGS.defaultPlacement);
      expect(kernel.play(piece, 0, 0)).toBe(outcome.gameOver ? -1 : outcome.points);
      if (outcome.gameOver) break;
      field = outcome.field;
      expect(kernel.heights[0]).toBe(field.stacks[0].length);
    }
    expect(field.stacks[0]).toHaveLength(256);
  });

  it('should keep every cell off the field or above a stack empty (the match checks read them unguarded)', () => {
    fc.assert(
      fc.property(gameArb(120), ({ instance, placements }) => {
        const kernel = new Kernel(instance.width, instance.height);
        expect(kernel.cells.length).toBe((instance.width + 2 * GUARD) * (instance.height + 2 * GUARD));
        for (let i = 0; i < instance.pieces.length; i++) {
          const placement = placements[i] ?? READINGS.defaultPlacement;
          if (kernel.play(instance.pieces[i], placement.position - 1, placement.shifts) < 0) return;
          const jewels = new Set<number>();
          for (let x = 0; x < kernel.width; x++)
            for (let y = 0; y < kernel.heights[x]; y++) jewels.add(kernel.columnBase(x) + y);
          kernel.cells.forEach((cell, index) => {
            if (!jewels.has(index)) expect(cell).toBe(EMPTY);
          });
        }
      }),
    );
  });
});
