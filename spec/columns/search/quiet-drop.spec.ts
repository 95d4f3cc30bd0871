import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READINGS } from '../../../lib/columns/engine/readings.js';
import { Evaluator } from '../../../lib/columns/search/evaluation.js';
import { Kernel } from '../../../lib/columns/search/kernel.js';
import { QuietDrops } from '../../../lib/columns/search/quiet-drop.js';
import { WEIGHT_BOUNDS, WEIGHT_NAMES, type Weights } from '../../../lib/columns/search/weights.js';
import { Zobrist } from '../../../lib/columns/search/zobrist.js';
import { gameArb } from '../arbitraries.js';

const weightsArb: fc.Arbitrary<Weights> = fc.record(
  Object.fromEntries(
    WEIGHT_NAMES.map((f) => [f, fc.double({ min: WEIGHT_BOUNDS[f][0], max: WEIGHT_BOUNDS[f][1], noNaN: true })]),
  ) as Record<keyof Weights, fc.Arbitrary<number>>,
);

describe('QuietDrops', () => {
  it('should value every quiet drop exactly as a full evaluation of the played field, with the same hash, and refuse the rest', () => {
    let quietSeen = 0;
    fc.assert(
      fc.property(gameArb(60), weightsArb, fc.boolean(), ({ instance, placements }, weights, ahead) => {
        const { width, height } = instance;
        const evaluator = new Evaluator(weights);
        const zobrist = new Zobrist(width, height);
        const quiet = new QuietDrops(evaluator, zobrist);
        const parent = new Kernel(width, height);
        const child = new Kernel(width, height);
        for (let i = 0; i < instance.pieces.length; i++) {
          const piece = instance.pieces[i];
          if (!piece.magic) {
            // Every placement of this piece on the current field, against a real play.
            quiet.setParent(parent);
            for (let x = 0; x < width; x++) {
              for (let s = 0; s < 3; s++) {
                const v = quiet.value(x, piece.jewels[s], piece.jewels[(s + 1) % 3], piece.jewels[(s + 2) % 3], ahead);
                child.copyFrom(parent);
                const points = child.play(piece, x, s);
                if (points !== 0) {
                  expect(v).toBeNaN();
                  continue;
                }
                quietSeen++;
                expect(v).toBe(evaluator.value(child, ahead));
                expect(quiet.hash).toBe(zobrist.hash(child));
              }
            }
          }
          const placement = placements[i] ?? READINGS.defaultPlacement;
          if (parent.play(piece, placement.position - 1, placement.shifts) < 0) break;
        }
      }),
      { numRuns: 60 },
    );
    // The property compares only quiet drops: it must have met many, or it checked nothing.
    expect(quietSeen).toBeGreaterThan(1000);
  });

  it('should hash different fields differently and equal fields equally', () => {
    const zobrist = new Zobrist(6, 13);
    const a = new Kernel(6, 13);
    const b = new Kernel(6, 13);
    a.play({ magic: false, jewels: [0, 1, 2] }, 0, 0);
    b.play({ magic: false, jewels: [0, 1, 2] }, 0, 1);
    expect(zobrist.hash(a)).not.toBe(zobrist.hash(b));
    b.copyFrom(a);
    expect(zobrist.hash(a)).toBe(zobrist.hash(b));
  });
});
