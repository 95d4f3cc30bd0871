/**
 * A field as one 32-bit word per color per column (bit y set: that color at row y), for the
 * chain probe: whether a jewel completes a window, and the chain it sets off, take a few word
 * operations per column instead of a walk over cells, so the probe is faster than the same
 * probe on the {@link Kernel}, the conversion from the kernel included, with the same points
 * (the search log). Fields up to {@link MAX_BITBOARD_HEIGHT} rows (the statement's are 19 at
 * most).
 */
import { bitCount } from '../../core/bit-count.js';
import { JEWEL_COLORS, type Jewel } from '../engine/field.js';
import { READINGS } from '../engine/readings.js';
import type { Kernel } from './kernel.js';

/** The tallest field the words hold with room for the shifts of a window two rows up. */
export const MAX_BITBOARD_HEIGHT = 29;

/** Empty columns kept on either side, so the windows two columns away need no bounds tests. */
const GUARD = 2;

/** One field's colors as column words, with a scratch copy for playing a drop out. */
export class ColorBitboards {
  /** Word of color index c in column x: `words[(x + GUARD) * colors + c]`. */
  private readonly words: Uint32Array;
  private readonly heights: Uint8Array;
  private readonly scratch: Uint32Array;
  private readonly marks: Uint32Array;
  /** A jewel's color index (0..colors - 1) by its letter (0..25). */
  private readonly index = new Int8Array(JEWEL_COLORS).fill(-1);
  private readonly colors: number;

  /** For fields of `width` x `height` holding jewels of `colors` (letters 0..25). */
  constructor(
    private readonly width: number,
    height: number,
    colors: readonly Jewel[],
  ) {
    if (height > MAX_BITBOARD_HEIGHT) throw new Error(`ColorBitboards: fields up to ${MAX_BITBOARD_HEIGHT} rows`);
    this.colors = colors.length;
    colors.forEach((c, i) => {
      this.index[c] = i;
    });
    const columns = width + 2 * GUARD;
    this.words = new Uint32Array(columns * this.colors);
    this.scratch = new Uint32Array(columns * this.colors);
    this.heights = new Uint8Array(columns);
    this.marks = new Uint32Array(columns);
  }

  /** Takes the field of `k` (whose jewels must all be among the colors given). */
  load(k: Kernel): void {
    const { words, heights, index, colors } = this;
    words.fill(0);
    for (let x = 0; x < this.width; x++) {
      const top = k.heights[x];
      const base = k.columnBase(x);
      const column = (x + GUARD) * colors;
      heights[x + GUARD] = top;
      for (let y = 0; y < top; y++) words[column + index[k.cells[base + y]]] |= 1 << y;
    }
  }

  /** The color indices (as bits) of the cells a window through the top of stack x could pair a jewel with. */
  neighborColors(x: number): number {
    const { words, colors } = this;
    const column = x + GUARD;
    const top = this.heights[column];
    // The cell below, and rows top - 1 to top + 1 of the stacks either side.
    const below = top > 0 ? 1 << (top - 1) : 0;
    const beside = top > 0 ? 7 << (top - 1) : 3;
    let bits = 0;
    for (let c = 0; c < colors; c++) {
      const own = words[column * colors + c] & below;
      const sides = (words[(column - 1) * colors + c] | words[(column + 1) * colors + c]) & beside;
      if ((own | sides) !== 0) bits |= 1 << c;
    }
    return bits;
  }

  /** True when a jewel of color index c on stack x completes a window (the field is settled). */
  completesMatch(x: number, c: number): boolean {
    const { words, colors } = this;
    const column = x + GUARD;
    const top = this.heights[column];
    const bit = 1 << top;
    const l2 = words[(column - 2) * colors + c];
    const l1 = words[(column - 1) * colors + c];
    const own = words[column * colors + c] | bit;
    const r1 = words[(column + 1) * colors + c];
    const r2 = words[(column + 2) * colors + c];
    // Vertical: the two below. Horizontal and both diagonals: two of the four neighbors along
    // the line, on the same side or either side, shifted to row `top`.
    if ((own & (own >>> 1) & (own >>> 2) & (bit >>> 2)) !== 0) return true;
    const across = (l2 & l1) | (l1 & r1) | (r1 & r2);
    const up = ((l2 << 2) & (l1 << 1)) | ((l1 << 1) & (r1 >>> 1)) | ((r1 >>> 1) & (r2 >>> 2));
    const down = ((l2 >>> 2) & (l1 >>> 1)) | ((l1 >>> 1) & (r1 << 1)) | ((r1 << 1) & (r2 << 2));
    return ((across | up | down) & bit) !== 0;
  }

  /** The points of a jewel of color index c dropped on stack x and its matching loop (the field stays as loaded). */
  dropPoints(x: number, c: number): number {
    READINGS.comboStartsAtOnePerColumn satisfies true;
    const { colors, marks } = this;
    // The chain needs only the words: a column's height is where its bits end.
    const words = this.scratch;
    words.set(this.words);
    const column = x + GUARD;
    words[column * colors + c] |= 1 << this.heights[column];
    let fromX = column;
    let toX = column;
    let points = 0;
    for (let combo = 1; ; combo++) {
      // Every window holding a moved or new cell starts at most two columns left of one; only
      // the new jewel's color can match at first. (A settled field has no other window.)
      const first = combo === 1 ? c : 0;
      const last = combo === 1 ? c + 1 : colors;
      let matches = 0;
      for (let s = fromX - 2; s <= toX; s++) {
        for (let k = first; k < last; k++) {
          const a0 = words[s * colors + k];
          if (a0 === 0) continue;
          const a1 = words[(s + 1) * colors + k];
          const a2 = words[(s + 2) * colors + k];
          const vertical = a0 & (a0 >>> 1) & (a0 >>> 2);
          const across = a0 & a1 & a2;
          const up = a0 & (a1 >>> 1) & (a2 >>> 2);
          const down = a0 & (a1 << 1) & (a2 << 2);
          if ((vertical | across | up | down) === 0) continue;
          matches += bitCount(vertical) + bitCount(across) + bitCount(up) + bitCount(down);
          marks[s] |= vertical | (vertical << 1) | (vertical << 2) | across | up | down;
          marks[s + 1] |= across | (up << 1) | (down >>> 1);
          marks[s + 2] |= across | (up << 2) | (down >>> 2);
        }
      }
      if (matches === 0) return points;
      points += READINGS.pointsPerMatch * combo * matches;
      // Clear the marked cells; the cells above each fall (every color's word closes the gap).
      let nextFrom = words.length;
      let nextTo = -1;
      for (let s = fromX - 2; s <= toX + 2; s++) {
        let gone = marks[s];
        if (gone === 0) continue;
        marks[s] = 0;
        if (s < nextFrom) nextFrom = s;
        nextTo = s;
        while (gone !== 0) {
          const row = 31 - Math.clz32(gone);
          gone &= ~(1 << row);
          const below = (1 << row) - 1;
          for (let k = s * colors, end = k + colors; k < end; k++) {
            const w = words[k];
            words[k] = (w & below) | ((w >>> (row + 1)) << row);
          }
        }
      }
      fromX = nextFrom;
      toX = nextTo;
    }
  }
}
