/**
 * The mutable SameGame kernel that search uses: typed arrays and preallocated scratch buffers,
 * no allocation per move. It follows exactly the rules of `rules.ts` (a property test plays both
 * side by side); it is never handed user data directly, only boards the engine validated.
 *
 * Layout: column-major, bottom to top (`cells[x * height + y]`), -1 for empty, plus each
 * column's height and the count of non-empty columns, so gravity and compaction are array moves.
 */
import { bitCount } from '../../core/bit-count.js';
import { type Board, EMPTY } from '../engine/board.js';
import { CLEAR_BONUS } from '../engine/rules.js';

/** What {@link Kernel.survey} reports about a position; allocate once with {@link createSurvey}. */
export interface Survey {
  readonly colorCounts: Int32Array;
  /** Regions per color. */
  readonly colorRegions: Int32Array;
  readonly moves: Int32Array;
  readonly sizes: Int32Array;
  regions: number;
  singletons: number;
  regionPoints: number;
  moveCount: number;
}

/** Scratch space for {@link Kernel.survey} on boards of this shape. */
export function createSurvey(width: number, height: number, colors: number): Survey {
  const cells = width * height;
  return {
    colorCounts: new Int32Array(colors),
    colorRegions: new Int32Array(colors),
    moves: new Int32Array(cells),
    sizes: new Int32Array(cells),
    regions: 0,
    singletons: 0,
    regionPoints: 0,
    moveCount: 0,
  };
}

/**
 * Region totals per column boundary (color-indexed arrays hold `colors` entries per boundary):
 * the two halves of a {@link ParentSurvey}.
 */
export interface BoundaryTotals {
  readonly colorCounts: Int32Array;
  readonly colorRegions: Int32Array;
  readonly regions: Int32Array;
  readonly singletons: Int32Array;
  readonly regionPoints: Float64Array;
  readonly moveCount: Int32Array;
}

/**
 * A position's regions summed boundary by boundary, for surveying its children cheaply
 * ({@link Kernel.surveyChild}): `left` entry `b` holds the totals of the regions lying wholly
 * left of column `b`, `right` entry `b` those of the regions lying wholly in column `b` or right
 * of it. A move changes no column left of the leftmost one it empties cells in, nor (unless a
 * column empties and the columns right of it shift) right of the rightmost one, so a child keeps
 * the regions beyond those columns' neighbors as they were.
 */
export interface ParentSurvey {
  readonly left: BoundaryTotals;
  readonly right: BoundaryTotals;
}

function createBoundaryTotals(boundaries: number, colors: number): BoundaryTotals {
  return {
    colorCounts: new Int32Array(boundaries * colors),
    colorRegions: new Int32Array(boundaries * colors),
    regions: new Int32Array(boundaries),
    singletons: new Int32Array(boundaries),
    regionPoints: new Float64Array(boundaries),
    moveCount: new Int32Array(boundaries),
  };
}

/** Room for a {@link ParentSurvey} of boards `width` columns wide. */
export function createParentSurvey(width: number, colors: number): ParentSurvey {
  return { left: createBoundaryTotals(width + 1, colors), right: createBoundaryTotals(width + 1, colors) };
}

function clearTotals(totals: BoundaryTotals): void {
  totals.colorCounts.fill(0);
  totals.colorRegions.fill(0);
  totals.regions.fill(0);
  totals.singletons.fill(0);
  totals.regionPoints.fill(0);
  totals.moveCount.fill(0);
}

/** Adds one region of `n` cells of color `c` to boundary `b` of `totals`. */
function addRegion(totals: BoundaryTotals, colors: number, b: number, c: number, n: number): void {
  totals.colorCounts[b * colors + c] += n;
  totals.colorRegions[b * colors + c]++;
  totals.regions[b]++;
  if (n === 1) totals.singletons[b]++;
  else {
    totals.regionPoints[b] += (n - 2) * (n - 2);
    totals.moveCount[b]++;
  }
}

/** Makes boundary `to` of `totals` also hold boundary `from`'s totals (a running sum step). */
function accumulate(totals: BoundaryTotals, colors: number, to: number, from: number): void {
  for (let c = 0; c < colors; c++) {
    totals.colorCounts[to * colors + c] += totals.colorCounts[from * colors + c];
    totals.colorRegions[to * colors + c] += totals.colorRegions[from * colors + c];
  }
  totals.regions[to] += totals.regions[from];
  totals.singletons[to] += totals.singletons[from];
  totals.regionPoints[to] += totals.regionPoints[from];
  totals.moveCount[to] += totals.moveCount[from];
}

/**
 * Scratch buffers of one board shape: flood-fill stamps and stack, the last region found, marks,
 * and the column and row of each cell. Kernels cloned from one another share them, so a kept
 * position costs its cells and heights only (a 300 s search keeps tens of thousands). Sharing is
 * safe because one thread's search uses one kernel at a time; {@link Kernel.removeRegion} checks
 * that the region it plays is still its own.
 */
class KernelScratch {
  readonly stamp: Uint32Array;
  generation = 0;
  readonly stack: Int32Array;
  readonly region: Int32Array;
  /** The kernel whose {@link Kernel.regionAt} filled {@link region} last (undefined: none). */
  regionOwner: Kernel | undefined;
  readonly marks: Uint32Array;
  readonly markSizes: Int32Array;
  markEra = 0;
  readonly columnOf: Uint8Array;
  readonly rowOf: Uint8Array;
  /** Lowest removed row per column during a removal (gravity starts there); 255 between removals. */
  readonly lowest: Uint8Array;

  constructor(width: number, height: number) {
    const cells = width * height;
    this.stamp = new Uint32Array(cells);
    this.stack = new Int32Array(cells);
    this.region = new Int32Array(cells);
    this.marks = new Uint32Array(cells);
    this.markSizes = new Int32Array(cells);
    this.columnOf = new Uint8Array(cells);
    this.rowOf = new Uint8Array(cells);
    this.lowest = new Uint8Array(width).fill(255);
    for (let i = 0; i < cells; i++) {
      this.columnOf[i] = (i / height) | 0;
      this.rowOf[i] = i % height;
    }
  }
}

/** A SameGame position on typed arrays, changed in place by moves (search only). */
export class Kernel {
  readonly width: number;
  readonly height: number;
  readonly colors: number;
  /** Color per cell, column-major; -1 for empty. */
  readonly cells: Int8Array;
  /** Filled cells per column. */
  readonly heights: Uint8Array;
  /** Columns with at least one cell; they are always the leftmost ones. */
  columns: number;
  /** Filled cells on the board. */
  filled: number;
  /** Points earned since this kernel was made from a board (clear bonus included). */
  score: number;
  /** Cells of the last region found by {@link regionAt}: the first `regionLength` entries of {@link region}. */
  regionLength = 0;
  /**
   * The columns the last {@link removeRegion} changed: from the leftmost column of its region to
   * the rightmost, or to the board's last column when a column emptied (the columns right of it
   * moved). For {@link surveyChild} and the Zobrist hash of a child; meaningless before a move
   * (a copy does not take them over).
   */
  changedFrom = 0;
  changedTo = 0;
  private readonly scratch: KernelScratch;

  /** An empty board of this shape; with `sharing`, it uses that kernel's scratch buffers (see {@link clone}). */
  constructor(width: number, height: number, colors: number, sharing?: Kernel) {
    this.width = width;
    this.height = height;
    this.colors = colors;
    this.cells = new Int8Array(width * height).fill(EMPTY);
    this.heights = new Uint8Array(width);
    this.columns = 0;
    this.filled = 0;
    this.score = 0;
    this.scratch = sharing?.scratch ?? new KernelScratch(width, height);
  }

  /**
   * Per-cell marks for a caller's own bookkeeping within one position (a playout marks the cells
   * of every region it has refused, with the region's size in {@link markSizes}); a mark is
   * current while it equals {@link markEra}, so {@link nextMarkEra} forgets every mark at once.
   * Shared with clones, like all scratch.
   */
  get marks(): Uint32Array {
    return this.scratch.marks;
  }

  /** A number per marked cell (a playout keeps its region's size there); read it only under a current mark. */
  get markSizes(): Int32Array {
    return this.scratch.markSizes;
  }

  /** The current mark era (see {@link marks}). */
  get markEra(): number {
    return this.scratch.markEra;
  }

  set markEra(era: number) {
    this.scratch.markEra = era;
  }

  /** The cells of the last region found (see {@link regionLength}). */
  get region(): Int32Array {
    return this.scratch.region;
  }

  /** A kernel holding `board` (which must be settled, as every engine board is). */
  static fromBoard(board: Board): Kernel {
    const k = new Kernel(board.width, board.height, board.colors);
    for (let i = 0; i < board.cells.length; i++) k.cells[i] = board.cells[i];
    k.settle(0);
    return k;
  }

  /** The engine board this kernel holds. */
  toBoard(): Board {
    return { width: this.width, height: this.height, colors: this.colors, cells: Array.from(this.cells) };
  }

  /** A copy of the position that shares this kernel's scratch buffers (use it in the same thread). */
  clone(): Kernel {
    const k = new Kernel(this.width, this.height, this.colors, this);
    k.copyFrom(this);
    return k;
  }

  /** Makes this kernel hold the same position and score as `other` (same shape). */
  copyFrom(other: Kernel): void {
    this.cells.set(other.cells);
    this.heights.set(other.heights);
    this.columns = other.columns;
    this.filled = other.filled;
    this.score = other.score;
  }

  /**
   * Recounts heights, columns and filled cells after {@link cells} was written directly (every
   * column filled from the bottom, no gaps), and sets the score: how a packed position is loaded.
   */
  settle(score: number): void {
    this.score = score;
    const h = this.height;
    this.columns = 0;
    this.filled = 0;
    for (let x = 0; x < this.width; x++) {
      let y = 0;
      while (y < h && this.cells[x * h + y] !== EMPTY) y++;
      this.heights[x] = y;
      this.filled += y;
      if (y > 0) this.columns = x + 1;
    }
  }

  private nextGeneration(): number {
    const scratch = this.scratch;
    if (++scratch.generation === 0xffffffff) {
      scratch.stamp.fill(0);
      scratch.generation = 1;
    }
    return scratch.generation;
  }

  /** Starts a new mark era (every earlier mark is forgotten) and returns it. */
  nextMarkEra(): number {
    const scratch = this.scratch;
    if (scratch.markEra === 0xffffffff) {
      scratch.marks.fill(0);
      scratch.markEra = 0;
    }
    return ++scratch.markEra;
  }

  /** Finds the region of cell `index` into {@link region}; returns its size (0 for an empty cell). */
  regionAt(index: number): number {
    const color = this.cells[index];
    this.scratch.regionOwner = this;
    this.regionLength = color === EMPTY ? 0 : this.flood(index, color, this.nextGeneration(), this.scratch.region);
    return this.regionLength;
  }

  /**
   * The name {@link legalMoves} gives the region of cell `index`: its smallest cell index. (A
   * rollout records the cell it happened to draw; the beam matches moves by this name.)
   */
  moveOf(index: number): number {
    this.regionAt(index);
    let smallest = index;
    for (let i = 0; i < this.regionLength; i++) if (this.region[i] < smallest) smallest = this.region[i];
    return smallest;
  }

  /** Colors with at least one cell on the board (a 32-bit mask: boards have at most 20 colors). */
  colorsLeft(): number {
    let seen = 0;
    const { cells, heights, height: h } = this;
    for (let x = 0; x < this.columns; x++)
      for (let i = x * h, top = i + heights[x]; i < top; i++) seen |= 1 << cells[i];
    return bitCount(seen);
  }

  // Flood fill of `color` from `start`, stamping visited cells with `gen`; writes cells to `out`.
  private flood(start: number, color: number, gen: number, out: Int32Array): number {
    const { cells, height: h } = this;
    const { stamp, stack, rowOf } = this.scratch;
    const last = this.columns * h;
    let top = 0;
    let n = 0;
    stack[top++] = start;
    stamp[start] = gen;
    while (top > 0) {
      const i = stack[--top];
      out[n++] = i;
      const y = rowOf[i];
      // The color first: most neighbors have another one, and then the stamp is not read.
      if (y + 1 < h && cells[i + 1] === color && stamp[i + 1] !== gen) {
        stamp[i + 1] = gen;
        stack[top++] = i + 1;
      }
      if (y > 0 && cells[i - 1] === color && stamp[i - 1] !== gen) {
        stamp[i - 1] = gen;
        stack[top++] = i - 1;
      }
      if (i + h < last && cells[i + h] === color && stamp[i + h] !== gen) {
        stamp[i + h] = gen;
        stack[top++] = i + h;
      }
      if (i >= h && cells[i - h] === color && stamp[i - h] !== gen) {
        stamp[i - h] = gen;
        stack[top++] = i - h;
      }
    }
    return n;
  }

  /**
   * Lists the legal moves: for each region of at least 2 cells, its first cell in column-major
   * order (the engine's `legalMoves` order and naming) into `moves`, its size into `sizes`.
   * Returns the count. `sizes` may be omitted.
   */
  legalMoves(moves: Int32Array, sizes?: Int32Array): number {
    const { cells, height: h } = this;
    const { stamp, region } = this.scratch;
    this.scratch.regionOwner = undefined;
    const gen = this.nextGeneration();
    let count = 0;
    for (let x = 0; x < this.columns; x++) {
      const top = x * h + this.heights[x];
      for (let i = x * h; i < top; i++) {
        if (stamp[i] === gen) continue;
        const n = this.flood(i, cells[i], gen, region);
        if (n >= 2) {
          moves[count] = i;
          if (sizes) sizes[count] = n;
          count++;
        }
      }
    }
    this.regionLength = 0;
    return count;
  }

  /**
   * One pass over every region, for evaluations: fills `survey` with color counts, region and
   * singleton counts and the points of all current regions, and lists the legal moves (as
   * {@link legalMoves} does) into `survey.moves` / `survey.sizes`.
   */
  survey(survey: Survey): void {
    survey.colorCounts.fill(0);
    survey.colorRegions.fill(0);
    survey.regions = 0;
    survey.singletons = 0;
    survey.regionPoints = 0;
    survey.moveCount = 0;
    this.surveyColumns(survey, 0, this.columns, true);
  }

  /**
   * Lists the legal moves (as {@link legalMoves} does) and fills `totals` with this position's
   * regions summed column boundary by boundary, for {@link surveyChild} on its children.
   */
  surveyParent(totals: ParentSurvey, moves: Int32Array): number {
    const { cells, height: h, colors } = this;
    const { stamp, region } = this.scratch;
    const { left, right } = totals;
    this.scratch.regionOwner = undefined;
    const gen = this.nextGeneration();
    const boundaries = left.regions.length;
    clearTotals(left);
    clearTotals(right);
    // Each region is first counted at the boundary right of its rightmost column (left) and at
    // its leftmost column, where the column-major scan meets it first (right)...
    let count = 0;
    for (let x = 0; x < this.columns; x++) {
      const top = x * h + this.heights[x];
      for (let i = x * h; i < top; i++) {
        if (stamp[i] === gen) continue;
        const c = cells[i];
        const n = this.flood(i, c, gen, region);
        let last = i;
        for (let r = 0; r < n; r++) if (region[r] > last) last = region[r];
        addRegion(left, colors, ((last / h) | 0) + 1, c, n);
        addRegion(right, colors, x, c, n);
        if (n >= 2) moves[count++] = i;
      }
    }
    // ...then the left totals run left to right and the right ones right to left, so left
    // boundary b sums every region left of it and right boundary b every region from it on.
    for (let b = 1; b < boundaries; b++) accumulate(left, colors, b, b - 1);
    for (let b = boundaries - 2; b >= 0; b--) accumulate(right, colors, b, b + 1);
    this.regionLength = 0;
    return count;
  }

  /**
   * {@link survey}'s totals for this kernel after one move from the position `totals` was filled
   * from ({@link surveyParent}): the regions wholly left of the column left of
   * {@link changedFrom}, and those wholly right of the column right of {@link changedTo}, are
   * the parent's; only the columns between are flooded, a fraction of what a flood of everything
   * from `changedFrom - 1` on would visit. The move list is not written.
   */
  surveyChild(survey: Survey, totals: ParentSurvey): void {
    const { colors } = this;
    const { left, right } = totals;
    // The columns beside the changed ones touch them: their regions may have grown.
    const from = Math.max(0, this.changedFrom - 1);
    const after = Math.min(this.width, this.changedTo + 2);
    for (let c = 0; c < colors; c++) {
      survey.colorCounts[c] = left.colorCounts[from * colors + c] + right.colorCounts[after * colors + c];
      survey.colorRegions[c] = left.colorRegions[from * colors + c] + right.colorRegions[after * colors + c];
    }
    survey.regions = left.regions[from] + right.regions[after];
    survey.singletons = left.singletons[from] + right.singletons[after];
    survey.regionPoints = left.regionPoints[from] + right.regionPoints[after];
    survey.moveCount = left.moveCount[from] + right.moveCount[after];
    this.surveyColumns(survey, from, after, false);
  }

  /**
   * Adds the regions that have a cell in columns `from` to `to - 1` to the totals already in
   * `survey` (which must count every other region: those wholly left of `from` and wholly right
   * of `to - 1`); with `listMoves`, the moves found are written to `survey.moves` /
   * `survey.sizes` after those already counted.
   */
  private surveyColumns(survey: Survey, from: number, to: number, listMoves: boolean): void {
    const { cells, height: h } = this;
    const { stamp, region } = this.scratch;
    this.scratch.regionOwner = undefined;
    const gen = this.nextGeneration();
    const counts = survey.colorCounts;
    const colorRegions = survey.colorRegions;
    let regions = survey.regions;
    let singletons = survey.singletons;
    let regionPoints = survey.regionPoints;
    let moves = survey.moveCount;
    const columns = this.columns;
    const end = Math.min(to, columns);
    for (let x = from; x < end; x++) {
      const base = x * h;
      const top = base + this.heights[x];
      for (let i = base; i < top; i++) {
        if (stamp[i] === gen) continue;
        const c = cells[i];
        // A lone cell (about 100 of the 144 regions of a random 15 x 15 board) needs no flood fill.
        // The test is written out here and in the playout's draw loop: as a shared method it made
        // whole searches slower.
        if (
          (i + 1 >= top || cells[i + 1] !== c) &&
          (i === base || cells[i - 1] !== c) &&
          (x + 1 >= columns || cells[i + h] !== c) &&
          (x === 0 || cells[i - h] !== c)
        ) {
          stamp[i] = gen;
          counts[c]++;
          colorRegions[c]++;
          regions++;
          singletons++;
          continue;
        }
        const n = this.flood(i, c, gen, region);
        counts[c] += n;
        colorRegions[c]++;
        regions++;
        if (n === 1) singletons++;
        else {
          regionPoints += (n - 2) * (n - 2);
          if (listMoves) {
            survey.moves[moves] = i;
            survey.sizes[moves] = n;
          }
          moves++;
        }
      }
    }
    this.regionLength = 0;
    survey.regions = regions;
    survey.singletons = singletons;
    survey.regionPoints = regionPoints;
    survey.moveCount = moves;
  }

  /** True when no two neighboring cells share a color: no legal move. */
  isTerminal(): boolean {
    const { cells, heights, height: h } = this;
    for (let x = 0; x < this.columns; x++) {
      const base = x * h;
      const top = heights[x];
      const rightTop = x + 1 < this.columns ? heights[x + 1] : 0;
      for (let y = 0; y < top; y++) {
        const c = cells[base + y];
        if (y + 1 < top && cells[base + y + 1] === c) return false;
        if (y < rightTop && cells[base + h + y] === c) return false;
      }
    }
    return true;
  }

  /**
   * Plays the region found by the last {@link regionAt} (which must hold at least 2 cells):
   * removes it, applies gravity and column compaction, and returns the points earned, the clear
   * bonus included.
   */
  removeRegion(): number {
    const { cells, heights, height: h } = this;
    const { region, columnOf, rowOf, lowest } = this.scratch;
    // Another kernel sharing the scratch has filled the region since: a caller's bug, never a move.
    if (this.scratch.regionOwner !== this) throw new Error('removeRegion: no region of this kernel was found last');
    const n = this.regionLength;
    let minX = this.width;
    let maxX = -1;
    for (let r = 0; r < n; r++) {
      const i = region[r];
      cells[i] = EMPTY;
      const x = columnOf[i];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (rowOf[i] < lowest[x]) lowest[x] = rowOf[i];
    }
    // Gravity in the touched columns: slide the kept cells down, keeping their order.
    let emptied = false;
    for (let x = minX; x <= maxX; x++) {
      const from = lowest[x];
      if (from === 255) continue;
      lowest[x] = 255;
      const base = x * h;
      const top = heights[x];
      let write = from;
      for (let y = from + 1; y < top; y++) {
        const c = cells[base + y];
        if (c !== EMPTY) cells[base + write++] = c;
      }
      for (let y = write; y < top; y++) cells[base + y] = EMPTY;
      heights[x] = write;
      if (write === 0) emptied = true;
    }
    if (emptied) this.compactColumns(minX);
    this.changedFrom = minX;
    this.changedTo = emptied ? this.width - 1 : maxX;
    this.filled -= n;
    let points = (n - 2) * (n - 2);
    if (this.filled === 0) points += CLEAR_BONUS;
    this.score += points;
    this.regionLength = 0;
    this.scratch.regionOwner = undefined;
    return points;
  }

  // Compaction: drop emptied columns from `from` on, shifting the columns right of them left.
  private compactColumns(from: number): void {
    const { cells, heights, height: h } = this;
    let write = from;
    for (let x = from; x < this.columns; x++) {
      if (heights[x] === 0) continue;
      if (write !== x) {
        cells.copyWithin(write * h, x * h, x * h + h);
        heights[write] = heights[x];
      }
      write++;
    }
    for (let x = write; x < this.columns; x++) {
      cells.fill(EMPTY, x * h, x * h + h);
      heights[x] = 0;
    }
    this.columns = write;
  }

  /** Plays the move at cell `index` if it is legal; returns the points, or -1 when illegal. */
  play(index: number): number {
    if (this.regionAt(index) < 2) return -1;
    return this.removeRegion();
  }
}
