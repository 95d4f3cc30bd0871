/**
 * Chain potential: the most points one more jewel could set off on a field. In long games most
 * points come from chains (combo 3 to 7 in the solver's games, magic a tenth at most), and a
 * field that is one jewel away from a long chain looks no better to the static evaluation than
 * any other: this probe sees it. One jewel stands in for the three of a real column, and only
 * where it could match something: on each stack's top cell, in a color of one of that cell's
 * neighbors (below, beside, or diagonal) — any other color cannot complete a window there.
 */

import { ALL_JEWELS, type Jewel } from '../engine/field.js';
import { ColorBitboards, MAX_BITBOARD_HEIGHT } from './color-bitboards.js';
import { Kernel } from './kernel.js';

/** Measures chain potentials of fields of one shape, reusing one scratch kernel. */
export class ChainProbe {
  /** Jewels dropped so far (the probe's work, counted into node budgets). */
  drops = 0;
  private readonly scratch: Kernel;
  /** The same probe on color bitboards (fields up to {@link MAX_BITBOARD_HEIGHT} rows; faster). */
  private readonly bitboards: ColorBitboards | undefined;

  /** For fields of one shape whose jewels are among `colors` (letters 0..25; default all). */
  constructor(width: number, height: number, colors: readonly Jewel[] = ALL_JEWELS) {
    this.scratch = new Kernel(width, height);
    this.bitboards = height <= MAX_BITBOARD_HEIGHT ? new ColorBitboards(width, height, colors) : undefined;
  }

  /** The most points a single jewel dropped on `field` would earn (0 when none matches). */
  measure(field: Kernel): number {
    return this.bitboards === undefined ? this.measureOnKernel(field) : this.measureOnBitboards(field, this.bitboards);
  }

  /** {@link measure} on color bitboards: the same drops, in the same count. */
  private measureOnBitboards(field: Kernel, bitboards: ColorBitboards): number {
    bitboards.load(field);
    let best = 0;
    for (let x = 0; x < field.width; x++) {
      if (field.heights[x] >= field.height) continue;
      for (let colors = bitboards.neighborColors(x), c = 0; colors !== 0; c++, colors >>>= 1) {
        if ((colors & 1) === 0) continue;
        this.drops++;
        if (!bitboards.completesMatch(x, c)) continue;
        const points = bitboards.dropPoints(x, c);
        if (points > best) best = points;
      }
    }
    return best;
  }

  /** {@link measure} on the kernel itself (any height). */
  private measureOnKernel(field: Kernel): number {
    const { width, height, heights, cells } = field;
    let best = 0;
    for (let x = 0; x < width; x++) {
      const top = heights[x];
      if (top >= height) continue;
      // The colors of the cells a window through (x, top) could pair it with: the one below,
      // and the three beside it on either side (rows top - 1 to top + 1), as bits.
      let colors = 0;
      if (top > 0) colors |= 1 << cells[field.columnBase(x) + top - 1];
      for (let side = x - 1; side <= x + 1; side += 2) {
        if (side < 0 || side >= width) continue;
        const base = field.columnBase(side);
        const sideTop = heights[side];
        for (let y = top > 0 ? top - 1 : 0; y <= top + 1 && y < sideTop; y++) colors |= 1 << cells[base + y];
      }
      for (let color = 0; colors !== 0; color++, colors >>>= 1) {
        if ((colors & 1) === 0) continue;
        this.drops++;
        // Most drops match nothing: that is checked on the field itself, without a copy.
        if (!field.dropMatches(x, color)) continue;
        this.scratch.copyFrom(field);
        const points = this.scratch.dropJewel(x, color);
        if (points > best) best = points;
      }
    }
    return best;
  }
}
