/**
 * The mutable Columns kernel that search uses: the field on typed arrays, no allocation per
 * column. A landing can only create matches through its three new jewels (a settled field has
 * none), so the common case is checked locally; a full scan runs only when something matches.
 * A property test plays it side by side with the immutable engine.
 */
import { type Field } from './field.js';
import { type Piece } from './instance.js';
import { READINGS } from './readings.js';

const EMPTY = -1;

/** A Columns field on typed arrays, changed in place (search only). */
export class ColumnsKernel {
  readonly width: number;
  readonly height: number;
  /** Column-major, bottom to top: `cells[x * height + y]`, -1 for empty. */
  readonly cells: Int8Array;
  readonly heights: Uint8Array;
  score = 0;
  private readonly marked: Uint8Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.cells = new Int8Array(width * height).fill(EMPTY);
    this.heights = new Uint8Array(width);
    this.marked = new Uint8Array(width * height);
  }

  static fromField(field: Field): ColumnsKernel {
    const k = new ColumnsKernel(field.width, field.height);
    field.stacks.forEach((stack, x) => {
      stack.forEach((j, y) => (k.cells[x * field.height + y] = j));
      k.heights[x] = stack.length;
    });
    return k;
  }

  toField(): Field {
    const stacks = Array.from({ length: this.width }, (_, x) => Array.from(this.cells.subarray(x * this.height, x * this.height + this.heights[x])));
    return { width: this.width, height: this.height, stacks };
  }

  copyFrom(other: ColumnsKernel): void {
    this.cells.set(other.cells);
    this.heights.set(other.heights);
    this.score = other.score;
  }

  clone(): ColumnsKernel {
    const k = new ColumnsKernel(this.width, this.height);
    k.copyFrom(this);
    return k;
  }

  private at(x: number, y: number): number {
    if (x < 0 || x >= this.width || y < 0 || y >= this.heights[x]) return EMPTY;
    return this.cells[x * this.height + y];
  }

  /** True when a line of three equal jewels passes through (x, y). */
  private matchThrough(x: number, y: number): boolean {
    const j = this.at(x, y);
    if (j === EMPTY) return false;
    for (const [dx, dy] of READINGS.directions) {
      let run = 1;
      for (let k = 1; this.at(x + k * dx, y + k * dy) === j; k++) run++;
      for (let k = 1; this.at(x - k * dx, y - k * dy) === j; k++) run++;
      if (run >= READINGS.matchLength) return true;
    }
    return false;
  }

  /** Marks every match and returns how many there are (windows of three, each counted once). */
  private markMatches(): number {
    const { width, height, heights, cells, marked } = this;
    let matches = 0;
    for (let x = 0; x < width; x++) {
      for (let y = 0; y < heights[x]; y++) {
        const j = cells[x * height + y];
        for (const [dx, dy] of READINGS.directions) {
          if (this.at(x + dx, y + dy) !== j || this.at(x + 2 * dx, y + 2 * dy) !== j) continue;
          matches++;
          marked[x * height + y] = 1;
          marked[(x + dx) * height + y + dy] = 1;
          marked[(x + 2 * dx) * height + y + 2 * dy] = 1;
        }
      }
    }
    return matches;
  }

  /** Removes marked jewels (or all of `colour` when >= 0), letting the jewels above fall. Returns how many went. */
  private clearAndSettle(colour = -1): number {
    const { width, height, heights, cells, marked } = this;
    let cleared = 0;
    for (let x = 0; x < width; x++) {
      const base = x * height;
      let write = 0;
      for (let y = 0; y < heights[x]; y++) {
        const i = base + y;
        const gone = colour >= 0 ? cells[i] === colour : marked[i] === 1;
        marked[i] = 0;
        if (gone) cleared++;
        else cells[base + write++] = cells[i];
      }
      for (let y = write; y < heights[x]; y++) cells[base + y] = EMPTY;
      heights[x] = write;
    }
    return cleared;
  }

  /** The matching loop; returns its points. */
  private resolve(): number {
    let points = 0;
    for (let combo = 1; ; combo++) {
      const matches = this.markMatches();
      if (matches === 0) return points;
      points += READINGS.pointsPerMatch * combo * matches;
      this.clearAndSettle();
    }
  }

  /**
   * Plays a piece at 0-based column `x` with `shifts`; returns the points earned, or -1 when the
   * column would stick out (game over: nothing changed).
   */
  play(piece: Piece, x: number, shifts: number): number {
    const { height, heights, cells } = this;
    const top = heights[x];
    if (top + 3 > height) return -1;
    let points = 0;
    if (piece.magic) {
      if (top === 0) return 0;
      const colour = cells[x * height + top - 1];
      points = READINGS.pointsPerMagicJewel * this.clearAndSettle(colour);
      points += this.resolve();
    } else {
      const s = shifts % 3;
      const base = x * height + top;
      cells[base] = piece.jewels[s];
      cells[base + 1] = piece.jewels[(s + 1) % 3];
      cells[base + 2] = piece.jewels[(s + 2) % 3];
      heights[x] = top + 3;
      if (this.matchThrough(x, top) || this.matchThrough(x, top + 1) || this.matchThrough(x, top + 2)) points = this.resolve();
    }
    this.score += points;
    return points;
  }
}
