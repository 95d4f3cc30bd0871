/**
 * Chain potential: the most points one more jewel could set off on a field. In long games most
 * points come from chains (combo 3 to 7 in the solver's games, magic a tenth at most), and a
 * field that is one jewel away from a long chain looks no better to the static evaluation than
 * any other: this probe sees it. One jewel stands in for the three of a real column, and only
 * where it could match something: on each stack's top cell, in a colour of one of that cell's
 * neighbours (below, beside, or diagonal) — any other colour cannot complete a window there.
 */
import { Kernel } from './kernel.js';

/** Measures chain potentials of fields of one shape, reusing one scratch kernel. */
export class ChainProbe {
  /** Jewels dropped so far (the probe's work, counted into node budgets). */
  drops = 0;
  private readonly scratch: Kernel;

  constructor(width: number, height: number) {
    this.scratch = new Kernel(width, height);
  }

  /** The most points a single jewel dropped on `field` would earn (0 when none matches). */
  measure(field: Kernel): number {
    const { scratch } = this;
    let best = 0;
    for (let x = 0; x < field.width; x++) {
      const top = field.heights[x];
      if (top >= field.height) continue;
      let tried = 0; // colours already dropped on this stack, as bits
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          if (dx === 0 && dy >= 0) continue; // the cell itself and the empty one above it
          const colour = field.jewelAt(x + dx, top + dy);
          if (colour < 0 || (tried & (1 << colour)) !== 0) continue;
          tried |= 1 << colour;
          this.drops++;
          // Most drops match nothing: that is checked on the field itself, without a copy.
          if (!field.dropMatches(x, colour)) continue;
          scratch.copyFrom(field);
          const points = scratch.dropJewel(x, colour);
          if (points > best) best = points;
        }
      }
    }
    return best;
  }
}
