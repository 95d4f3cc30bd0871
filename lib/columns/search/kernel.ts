/**
 * The mutable Columns kernel that search uses: the field on typed arrays, no allocation per
 * column. A landing can only create matches through its three new jewels (a settled field has
 * none), so the common case is checked locally; a full scan runs only when something matches.
 * A property test plays it side by side with the immutable engine.
 */
import { EMPTY } from '../../core/cells.js';
import type { Field } from '../engine/field.js';
import type { Piece } from '../engine/instance.js';
import { READINGS, sticksOut } from '../engine/readings.js';

/**
 * The readings the kernel's match scan writes out by hand (windows of three; vertical,
 * horizontal and both diagonals). Changing the readings must change that scan too: the module
 * refuses to load otherwise, and the kernel-versus-engine property tests would fail.
 */
const UNROLLED_READINGS = { matchLength: 3, directions: '0,1|1,0|1,1|1,-1' };
if (
  READINGS.matchLength !== UNROLLED_READINGS.matchLength ||
  READINGS.directions
    .map(([x, y]) => `${x},${y}`)
    .sort()
    .join('|') !== UNROLLED_READINGS.directions.split('|').sort().join('|')
)
  throw new Error('lib/columns/search/kernel.ts: the match scan is written for other readings');

/**
 * Empty cells kept around the field on every side: a window's cells two steps from a jewel on
 * the field are always inside the array, and off the field or above a stack they are empty, so
 * the match checks need no bounds tests (a jewel never equals {@link EMPTY}).
 */
export const GUARD = 2;

/** A Columns field on typed arrays, changed in place (search only). */
export class Kernel {
  readonly width: number;
  readonly height: number;
  /** Cells from one column to the next: the height and the guard rows below and above. */
  readonly stride: number;
  /**
   * Column-major, bottom to top, guards included: cell (x, y) is `cells[columnBase(x) + y]`;
   * -1 for empty, which every cell off the field or above its stack is.
   */
  readonly cells: Int8Array;
  readonly heights: Uint16Array;
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
    this.stride = height + 2 * GUARD;
    this.cells = new Int8Array((width + 2 * GUARD) * this.stride).fill(EMPTY);
    this.heights = new Uint16Array(width);
    this.marked = new Uint8Array(this.cells.length);
    this.wholeField = { fromX: 0, toX: width - 1, fromY: 0 };
  }

  static fromField(field: Field): Kernel {
    const k = new Kernel(field.width, field.height);
    field.stacks.forEach((stack, x) => {
      k.cells.set(stack, k.columnBase(x));
      k.heights[x] = stack.length;
    });
    return k;
  }

  toField(): Field {
    const stacks = Array.from({ length: this.width }, (_, x) =>
      Array.from(this.cells.subarray(this.columnBase(x), this.columnBase(x) + this.heights[x])),
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

  /** Where column `x` (-2 to width + 1) starts in {@link cells}: its row 0. */
  columnBase(x: number): number {
    return (x + GUARD) * this.stride + GUARD;
  }

  /** The jewel at (x, y), or -1 when empty or off the field. */
  jewelAt(x: number, y: number): number {
    if (x < 0 || x >= this.width || y < 0 || y >= this.heights[x]) return EMPTY;
    return this.cells[this.columnBase(x) + y];
  }

  /**
   * True when the `count` jewels just written on stack `x` from row `top` complete a window of
   * three: the vertical windows holding a new jewel, then for each new jewel the horizontal and
   * both diagonal windows through it. Written out (the hot path of every child and probe).
   */
  private landingMatches(x: number, top: number, count: number): boolean {
    const { cells, stride } = this;
    const base = this.columnBase(x);
    const end = top + count;
    for (let y = top >= 2 ? top - 2 : 0; y + 2 < end; y++) {
      const j = cells[base + y];
      if (cells[base + y + 1] === j && cells[base + y + 2] === j) return true;
    }
    for (let i = base + top; i < base + end; i++) {
      const j = cells[i];
      // Through cell i stepping one column right and 0, 1 or -1 rows (guards make every index valid).
      for (let step = stride - 1; step <= stride + 1; step++) {
        if (cells[i + step] === j) {
          if (cells[i - step] === j || cells[i + 2 * step] === j) return true;
        } else if (cells[i - step] === j && cells[i - 2 * step] === j) return true;
      }
    }
    return false;
  }

  /** True when `jewel` dropped on stack `x` would complete a match (the field is left as it was). */
  dropMatches(x: number, jewel: number): boolean {
    const top = this.heights[x];
    if (top >= this.height) return false;
    // The check reads cells only, so the jewel is written for it and taken back (heights untouched).
    const i = this.columnBase(x) + top;
    this.cells[i] = jewel;
    const matches = this.landingMatches(x, top, 1);
    this.cells[i] = EMPTY;
    return matches;
  }

  /**
   * True when jewels `a, b, c` (bottom to top) landing on stack `x` would complete a match; the
   * field is left as it was. The stack must have room for them (`sticksOut` false).
   */
  pieceMatches(x: number, a: number, b: number, c: number): boolean {
    const { cells } = this;
    const top = this.heights[x];
    const i = this.columnBase(x) + top;
    cells[i] = a;
    cells[i + 1] = b;
    cells[i + 2] = c;
    const matches = this.landingMatches(x, top, 3);
    cells[i] = EMPTY;
    cells[i + 1] = EMPTY;
    cells[i + 2] = EMPTY;
    return matches;
  }

  /**
   * Marks every match that holds a cell of the changed box (columns `fromX..toX`, rows from
   * `fromY` up) and returns how many there are (windows, each counted once). A window with no
   * changed cell was there before the change, and a settled field has no match, so the rest of
   * the field need not be looked at. The four directions are written out (the hot loop of a
   * search; {@link UNROLLED_READINGS} checks they are the readings' own): each window is found
   * from its leftmost cell, the vertical one from its lowest.
   */
  private markMatches(fromX: number, toX: number, fromY: number): number {
    const { width, height, stride, heights, cells } = this;
    const box = this.markedBox;
    box.fromX = width;
    box.toX = -1;
    box.fromY = height;
    let matches = 0;
    // A window reaching the box starts at most two columns left of it and two rows below it.
    const lowY = fromY > 2 ? fromY - 2 : 0;
    for (let x = fromX > 2 ? fromX - 2 : 0; x <= toX; x++) {
      const top = heights[x];
      const base = this.columnBase(x);
      // The next two columns (guard columns past the field's edge). Cells above a stack, off
      // the field, or below row 0 are empty, so no window test needs a bounds test.
      const base1 = base + stride;
      const base2 = base1 + stride;
      // Only windows holding a changed cell: vertical ones in changed columns, horizontal and
      // down-right ones (whose cells lie at or below their first) from row fromY.
      const changedColumn = x >= fromX;
      for (let y = lowY; y < top; y++) {
        const j = cells[base + y];
        if (changedColumn && cells[base + y + 1] === j && cells[base + y + 2] === j) {
          matches++;
          this.markWindow(x, y, 0, 1);
        }
        if (cells[base1 + y + 1] === j && cells[base2 + y + 2] === j) {
          matches++;
          this.markWindow(x, y, 1, 1);
        }
        if (y < fromY) continue;
        if (cells[base1 + y] === j && cells[base2 + y] === j) {
          matches++;
          this.markWindow(x, y, 1, 0);
        }
        if (cells[base1 + y - 1] === j && cells[base2 + y - 2] === j) {
          matches++;
          this.markWindow(x, y, 1, -1);
        }
      }
    }
    return matches;
  }

  /** Marks the three cells of the window from (x, y) stepping (dx, dy), and grows the marked box. */
  private markWindow(x: number, y: number, dx: number, dy: number): void {
    const { stride, marked } = this;
    const box = this.markedBox;
    const first = this.columnBase(x) + y;
    const step = dx * stride + dy;
    for (let k = 0; k < 3; k++) marked[first + k * step] = 1;
    if (x < box.fromX) box.fromX = x;
    if (x + 2 * dx > box.toX) box.toX = x + 2 * dx;
    const lowest = dy < 0 ? y - 2 : y;
    if (lowest < box.fromY) box.fromY = lowest;
  }

  /**
   * Removes marked jewels (or all of `color` when >= 0), letting the jewels above fall. Returns
   * how many went; the box of cells that moved or emptied is left in `changed`.
   */
  private clearAndSettle(color = -1): number {
    const { width, height, heights, cells, marked, changed } = this;
    // Marks lie in the marked box; a color clear may touch any column.
    const box = color >= 0 ? this.wholeField : this.markedBox;
    let cleared = 0;
    changed.fromX = width;
    changed.toX = -1;
    changed.fromY = height;
    for (let x = box.fromX; x <= box.toX; x++) {
      const base = this.columnBase(x);
      let write = box.fromY;
      for (let y = box.fromY; y < heights[x]; y++) {
        const i = base + y;
        const gone = color >= 0 ? cells[i] === color : marked[i] === 1;
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
    this.cells[this.columnBase(x) + top] = jewel;
    this.heights[x] = top + 1;
    const points = this.landingMatches(x, top, 1) ? this.resolve(x, x, top) : 0;
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
      READINGS.magicOnFloorClears satisfies false; // on the floor it has no color to clear
      if (top === 0) return 0;
      const color = cells[this.columnBase(x) + top - 1];
      points = READINGS.pointsPerMagicJewel * this.clearAndSettle(color);
      if (this.changed.toX >= 0) points += this.resolve(this.changed.fromX, this.changed.toX, this.changed.fromY);
    } else {
      const s = shifts % 3;
      const base = this.columnBase(x) + top;
      cells[base] = piece.jewels[s];
      cells[base + 1] = piece.jewels[(s + 1) % 3];
      cells[base + 2] = piece.jewels[(s + 2) % 3];
      heights[x] = top + 3;
      if (this.landingMatches(x, top, 3)) points = this.resolve(x, x, top);
    }
    this.score += points;
    return points;
  }
}
