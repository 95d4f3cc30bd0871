/**
 * The mutable Columns kernel that search uses: the field on typed arrays, no allocation per
 * column. A landing can only create matches through its three new jewels (a settled field has
 * none), so the common case is checked locally; a full scan runs only when something matches.
 * A property test plays it side by side with the immutable engine.
 */
import { EMPTY } from '../core/cells.js';
import type { Field } from './field.js';
import type { Piece } from './instance.js';
import { READINGS, sticksOut } from './readings.js';

/**
 * The match directions of the readings as typed arrays for the hot loop. Each direction steps
 * right or straight up (dx >= 0), so a window is found from its first cell.
 */
const MATCH_WINDOWS = {
  dx: Int32Array.from(READINGS.directions, ([x]) => x),
  dy: Int32Array.from(READINGS.directions, ([, y]) => y),
  span: READINGS.matchLength,
};

/** A Columns field on typed arrays, changed in place (search only). */
export class Kernel {
  readonly width: number;
  readonly height: number;
  /** Column-major, bottom to top: `cells[x * height + y]`, -1 for empty. */
  readonly cells: Int8Array;
  readonly heights: Uint8Array;
  score = 0;
  private readonly marked: Uint8Array;
  /** The box of cells the last clear moved or emptied: columns fromX..toX, rows fromY up. */
  private readonly changed = { fromX: 0, toX: -1, fromY: 0 };
  /** The box holding every cell the last {@link markMatches} marked. */
  private readonly markedBox = { fromX: 0, toX: -1, fromY: 0 };
  private readonly wholeField: { readonly fromX: number; readonly toX: number; readonly fromY: number };

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.cells = new Int8Array(width * height).fill(EMPTY);
    this.heights = new Uint8Array(width);
    this.marked = new Uint8Array(width * height);
    this.wholeField = { fromX: 0, toX: width - 1, fromY: 0 };
  }

  static fromField(field: Field): Kernel {
    const k = new Kernel(field.width, field.height);
    field.stacks.forEach((stack, x) => {
      k.cells.set(stack, x * field.height);
      k.heights[x] = stack.length;
    });
    return k;
  }

  toField(): Field {
    const stacks = Array.from({ length: this.width }, (_, x) =>
      Array.from(this.cells.subarray(x * this.height, x * this.height + this.heights[x])),
    );
    return { width: this.width, height: this.height, stacks };
  }

  copyFrom(other: Kernel): void {
    this.cells.set(other.cells);
    this.heights.set(other.heights);
    this.score = other.score;
  }

  clone(): Kernel {
    const k = new Kernel(this.width, this.height);
    k.copyFrom(this);
    return k;
  }

  /** The jewel at (x, y), or -1 when empty or off the field. */
  jewelAt(x: number, y: number): number {
    if (x < 0 || x >= this.width || y < 0 || y >= this.heights[x]) return EMPTY;
    return this.cells[x * this.height + y];
  }

  /** True when a line of three equal jewels passes through (x, y). */
  private matchThrough(x: number, y: number): boolean {
    const j = this.jewelAt(x, y);
    if (j === EMPTY) return false;
    for (const [dx, dy] of READINGS.directions) {
      let run = 1;
      for (let k = 1; this.jewelAt(x + k * dx, y + k * dy) === j; k++) run++;
      for (let k = 1; this.jewelAt(x - k * dx, y - k * dy) === j; k++) run++;
      if (run >= READINGS.matchLength) return true;
    }
    return false;
  }

  /**
   * Marks every match that holds a cell of the changed box (columns `fromX..toX`, rows from
   * `fromY` up) and returns how many there are (windows, each counted once). A window with no
   * changed cell was there before the change, and a settled field has no match, so the rest of
   * the field need not be looked at.
   */
  private markMatches(fromX: number, toX: number, fromY: number): number {
    const { width, height, heights, cells, marked } = this;
    const { dx, dy, span } = MATCH_WINDOWS;
    // A window reaching the box starts at most span - 1 columns left of it and rows below it.
    const reach = span - 1;
    const box = this.markedBox;
    box.fromX = width;
    box.toX = -1;
    box.fromY = height;
    let matches = 0;
    for (let x = Math.max(0, fromX - reach); x <= toX; x++) {
      for (let y = Math.max(0, fromY - reach); y < heights[x]; y++) {
        const i = x * height + y;
        const j = cells[i];
        for (let d = 0; d < dx.length; d++) {
          // Every cell of the window must exist: inside the field and below its stack's top.
          let k = 1;
          for (; k < span; k++) {
            const cx = x + k * dx[d];
            const cy = y + k * dy[d];
            if (cx >= width || cy < 0 || cy >= heights[cx] || cells[cx * height + cy] !== j) break;
          }
          if (k < span) continue;
          matches++;
          for (k = 0; k < span; k++) marked[(x + k * dx[d]) * height + y + k * dy[d]] = 1;
          const last = x + reach * dx[d];
          if (x < box.fromX) box.fromX = x;
          if (last > box.toX) box.toX = last;
          const low = dy[d] < 0 ? y - reach : y;
          if (low < box.fromY) box.fromY = low;
        }
      }
    }
    return matches;
  }

  /**
   * Removes marked jewels (or all of `colour` when >= 0), letting the jewels above fall. Returns
   * how many went; the box of cells that moved or emptied is left in `changed`.
   */
  private clearAndSettle(colour = -1): number {
    const { width, height, heights, cells, marked, changed } = this;
    // Marks lie in the marked box; a colour clear may touch any column.
    const box = colour >= 0 ? this.wholeField : this.markedBox;
    let cleared = 0;
    changed.fromX = width;
    changed.toX = -1;
    changed.fromY = height;
    for (let x = box.fromX; x <= box.toX; x++) {
      const base = x * height;
      let write = box.fromY;
      for (let y = box.fromY; y < heights[x]; y++) {
        const i = base + y;
        const gone = colour >= 0 ? cells[i] === colour : marked[i] === 1;
        marked[i] = 0;
        if (gone) {
          // Everything from here up in this column moves or empties.
          if (x < changed.fromX) changed.fromX = x;
          changed.toX = x;
          if (write < changed.fromY) changed.fromY = write;
          cleared++;
        } else cells[base + write++] = cells[i];
      }
      if (write < heights[x]) {
        for (let y = write; y < heights[x]; y++) cells[base + y] = EMPTY;
        heights[x] = write;
      }
    }
    return cleared;
  }

  /** The matching loop from a changed box; returns its points. */
  private resolve(fromX: number, toX: number, fromY: number): number {
    READINGS.comboStartsAtOnePerColumn satisfies true; // every call is one column's loop
    let points = 0;
    for (let combo = 1; ; combo++) {
      const matches = this.markMatches(fromX, toX, fromY);
      if (matches === 0) return points;
      points += READINGS.pointsPerMatch * combo * matches;
      this.clearAndSettle();
      ({ fromX, toX, fromY } = this.changed);
    }
  }

  /**
   * Drops one jewel on column `x` and runs the matching loop; returns the points, or -1 when the
   * stack is full (nothing changed). Not a move of the game: the chain potential's probe.
   */
  dropJewel(x: number, jewel: number): number {
    const top = this.heights[x];
    if (top >= this.height) return -1;
    this.cells[x * this.height + top] = jewel;
    this.heights[x] = top + 1;
    const points = this.matchThrough(x, top) ? this.resolve(x, x, top) : 0;
    this.score += points;
    return points;
  }

  /**
   * Plays a piece at 0-based column `x` with `shifts`; returns the points earned, or -1 when the
   * column would stick out (game over: nothing changed).
   */
  play(piece: Piece, x: number, shifts: number): number {
    const { height, heights, cells } = this;
    const top = heights[x];
    if (sticksOut(top, height, piece.magic)) return -1;
    let points = 0;
    if (piece.magic) {
      READINGS.magicOnFloorClears satisfies false; // on the floor it has no colour to clear
      if (top === 0) return 0;
      const colour = cells[x * height + top - 1];
      points = READINGS.pointsPerMagicJewel * this.clearAndSettle(colour);
      if (this.changed.toX >= 0) points += this.resolve(this.changed.fromX, this.changed.toX, this.changed.fromY);
    } else {
      const s = shifts % 3;
      const base = x * height + top;
      cells[base] = piece.jewels[s];
      cells[base + 1] = piece.jewels[(s + 1) % 3];
      cells[base + 2] = piece.jewels[(s + 2) % 3];
      heights[x] = top + 3;
      if (this.matchThrough(x, top) || this.matchThrough(x, top + 1) || this.matchThrough(x, top + 2))
        points = this.resolve(x, x, top);
    }
    this.score += points;
    return points;
  }
}
