import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyField } from '../../lib/columns/field.js';
import { Kernel } from '../../lib/columns/kernel.js';
import { READINGS } from '../../lib/columns/readings.js';
import { playColumn } from '../../lib/columns/rules.js';
import { gameArb } from './arbitraries.js';

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
});
