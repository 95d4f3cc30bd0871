/**
 * Perft for SameGame, as chess programmers count moves: for each depth, the move sequences of
 * exactly that many moves and the distinct positions they reach, and (divide) the deepest depth
 * split by first move, so that two engines whose counts differ find the move where they part.
 *
 * It walks the game tree level by level on the fast kernel and merges transpositions as it goes:
 * each level maps a position's key to the number of sequences that reach it, so a position is
 * expanded once however many sequences reach it. Keys are the exact cells, never a hash.
 */
import {
  type ArgumentError,
  checkOptions,
  checkWholeNumber,
  describeValue,
  refuse,
} from '../../core/argument-error.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, type Cell, checkBoard, EMPTY } from '../engine/board.js';
import { Kernel } from './kernel.js';

/** The deepest depth {@link perft} counts; a standard board's positions outgrow memory well before it. */
export const MAX_PERFT_DEPTH = 8;

/**
 * The most distinct positions one depth may hold: below the 2^24 entries a JavaScript `Map` or
 * `Set` can hold, by more than the children of one position (a check runs after each position).
 */
const MAX_PERFT_POSITIONS = 16_000_000;

/** What {@link perft} counts beside the depths, and how far it may go. */
export interface PerftOptions {
  /** Also split the deepest depth by first move ({@link PerftCounts.divide}). */
  readonly divide?: boolean;
  /**
   * The most distinct positions a depth may reach before perft stops with `too-many-positions`:
   * a whole number from 1 to 16 million (the default, below what a JavaScript `Map` holds);
   * memory grows with it.
   */
  readonly maxPositions?: number;
}

/** The counts of one depth. */
export interface PerftDepth {
  readonly depth: number;
  /**
   * Move sequences of exactly `depth` moves, a move being one region of two or more cells; a
   * sequence that reaches a board with no move left sooner is not one.
   */
  readonly sequences: number;
  /**
   * Distinct positions those sequences reach. A position is the board's cells alone: two
   * sequences that leave the same cells with different scores reach one position.
   */
  readonly positions: number;
}

/** The deepest depth's counts of the sequences that start with one move. */
export interface PerftFirstMove {
  /** The first move, named as `legalMoves` names it: its region's first cell in column-major order. */
  readonly move: Cell;
  /** Sequences of exactly the deepest depth's moves that start with this move. */
  readonly sequences: number;
  /**
   * Distinct positions those sequences reach. A position reached after two different first moves
   * counts under both, so these add up to at least the depth's positions, often more.
   */
  readonly positions: number;
}

/** What {@link perft} found. */
export interface PerftCounts {
  /** Depth 1 to the depth asked for, in order. */
  readonly depths: readonly PerftDepth[];
  /** With `divide`: every legal first move, in `legalMoves` order; their sequences add up to the deepest depth's. */
  readonly divide?: readonly PerftFirstMove[];
}

/**
 * Why {@link perft} counted nothing: a depth that is not a whole number from 1 to 8, a limit
 * reached, a value that is not a valid board, or options that are not {@link PerftOptions}.
 */
export type PerftErrorCode = 'depth' | 'too-many-positions' | 'too-many-sequences' | 'invalid-board' | 'invalid-option';

/** A refused count, with a message that says which limit (or which argument, with the field at fault). */
export type PerftError =
  | { readonly code: 'depth' | 'too-many-positions' | 'too-many-sequences'; readonly message: string }
  | ArgumentError<'invalid-board' | 'invalid-option'>;

/** A level of the walk: each distinct position's key and the number of sequences reaching it. */
type Level = Map<string, number>;

/**
 * Exact position keys: the cells packed into a string of one-byte characters, as many cells to a
 * character as the board's colors allow (a color plus one, zero for empty, is a digit), up to the
 * last filled column. A `Map` compares string keys whole, so two positions share a key only when
 * their cells are equal, and a one-byte string costs little more than its packed cells.
 */
class PositionKeys {
  /** Values a cell takes: each color and empty. */
  private readonly base: number;
  private readonly cellsPerChar: number;
  private readonly codes: number[] = [];

  constructor(colors: number) {
    this.base = colors + 1;
    this.cellsPerChar = Math.max(1, Math.floor(Math.log(256) / Math.log(this.base) + 1e-9));
  }

  /** The key of `kernel`'s position. */
  keyOf(kernel: Kernel): string {
    const { cells } = kernel;
    const { base, cellsPerChar, codes } = this;
    // The key stops at the last filled column: every cell right of it is empty, so equal keys
    // still mean equal cells.
    const used = kernel.columns * kernel.height;
    const chars = Math.ceil(used / cellsPerChar);
    codes.length = chars;
    for (let c = 0; c < chars; c++) {
      let code = 0;
      for (let i = Math.min(used, (c + 1) * cellsPerChar) - 1; i >= c * cellsPerChar; i--) {
        code = code * base + (cells[i] - EMPTY);
      }
      codes[c] = code;
    }
    return String.fromCharCode.apply(null, codes);
  }

  /** Makes `kernel` hold the position of `key` (a kernel of the same shape), its score 0. */
  load(key: string, kernel: Kernel): void {
    const { cells } = kernel;
    const { base, cellsPerChar } = this;
    cells.fill(EMPTY);
    for (let c = 0; c < key.length; c++) {
      let code = key.charCodeAt(c);
      for (let i = c * cellsPerChar; i < (c + 1) * cellsPerChar && i < cells.length; i++) {
        cells[i] = (code % base) + EMPTY;
        code = Math.floor(code / base);
      }
    }
    kernel.settle(0);
  }
}

/** The walk's tools for one board: keys, a parent and a child kernel, the parent's moves. */
class PerftWalker {
  readonly keys: PositionKeys;
  private readonly parent: Kernel;
  private readonly child: Kernel;
  private readonly moves: Int32Array;

  constructor(
    board: Board,
    private readonly maxPositions: number,
  ) {
    this.keys = new PositionKeys(board.colors);
    this.parent = Kernel.fromBoard(board);
    this.child = this.parent.clone();
    this.moves = new Int32Array(board.width * board.height);
  }

  /** Loads the position of `key` and lists its moves; returns their count. */
  private load(key: string): number {
    this.keys.load(key, this.parent);
    return this.parent.legalMoves(this.moves);
  }

  /** The key of the position after move `i` of the position {@link load} loaded last. */
  private childKey(i: number): string {
    this.child.copyFrom(this.parent);
    this.child.play(this.moves[i]);
    return this.keys.keyOf(this.child);
  }

  /** The legal moves of the position of `key`, as cell indices, in `legalMoves` order. */
  movesOf(key: string): number[] {
    return Array.from(this.moves.subarray(0, this.load(key)));
  }

  /** The key of the position after the move at cell `move` of the position of `key`. */
  after(key: string, move: number): string {
    this.keys.load(key, this.parent);
    this.child.copyFrom(this.parent);
    this.child.play(move);
    return this.keys.keyOf(this.child);
  }

  /** The next level: every position one move on, with the sequences that reach it. */
  step(level: Level): Result<Level, PerftError> {
    const next: Level = new Map();
    for (const [key, sequences] of level) {
      const count = this.load(key);
      for (let i = 0; i < count; i++) {
        const child = this.childKey(i);
        next.set(child, (next.get(child) ?? 0) + sequences);
      }
      if (next.size > this.maxPositions) return tooManyPositions(this.maxPositions);
    }
    return ok(next);
  }

  /**
   * The last level, as keys only: every position one move on from `level` is added to each of
   * `sinks` (no count per position is needed). Returns the sequences that reach them.
   */
  lastStep(level: Level, sinks: readonly Set<string>[]): Result<number, PerftError> {
    let sequences = 0;
    for (const [key, reaching] of level) {
      const count = this.load(key);
      for (let i = 0; i < count; i++) {
        const child = this.childKey(i);
        for (const sink of sinks) sink.add(child);
      }
      sequences += reaching * count;
      if (sinks.some((sink) => sink.size > this.maxPositions)) return tooManyPositions(this.maxPositions);
    }
    return checkedSequences(sequences);
  }

  /**
   * Every position `steps` moves on from `level`, added to each of `sinks`; returns the sequences
   * that reach them (with no step, `level`'s own).
   */
  reach(level: Level, steps: number, sinks: readonly Set<string>[]): Result<number, PerftError> {
    let current = level;
    for (let s = 1; s < steps; s++) {
      const next = this.step(current);
      if (!next.ok) return next;
      current = next.value;
    }
    if (steps > 0) return this.lastStep(current, sinks);
    for (const sink of sinks) for (const key of current.keys()) sink.add(key);
    if (sinks.some((sink) => sink.size > this.maxPositions)) return tooManyPositions(this.maxPositions);
    return checkedSequences(sum(current.values()));
  }
}

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

const tooManyPositions = (max: number): { readonly ok: false; readonly error: PerftError } =>
  err({ code: 'too-many-positions', message: `a depth reaches more than ${max} distinct positions` });

/** `sequences`, or an error when it is too large for a number to hold exactly. */
function checkedSequences(sequences: number): Result<number, PerftError> {
  if (sequences <= Number.MAX_SAFE_INTEGER) return ok(sequences);
  return err({ code: 'too-many-sequences', message: 'a depth has more sequences than a number holds exactly' });
}

/** `depth` when it is a whole number from 1 to {@link MAX_PERFT_DEPTH}. */
function checkDepth(depth: unknown): Result<number, PerftError> {
  if (typeof depth === 'number' && Number.isInteger(depth) && depth >= 1 && depth <= MAX_PERFT_DEPTH) return ok(depth);
  return err({
    code: 'depth',
    message: `depth must be an integer from 1 to ${MAX_PERFT_DEPTH}, got ${describeValue(depth)}`,
  });
}

/** The options of {@link perft}, checked: `divide` a boolean, `maxPositions` within its range. */
function checkPerftOptions(
  options: unknown,
): Result<{ divide: boolean; maxPositions: number }, ArgumentError<'invalid-option'>> {
  const fields = checkOptions('invalid-option', 'options', options, ['divide', 'maxPositions']);
  if (!fields.ok) return fields;
  const { divide = false, maxPositions = MAX_PERFT_POSITIONS } = fields.value;
  if (typeof divide !== 'boolean') return refuse('invalid-option', 'options.divide', 'a boolean', divide);
  const limit = checkWholeNumber('invalid-option', 'options.maxPositions', maxPositions, [1, MAX_PERFT_POSITIONS]);
  if (!limit.ok) return limit;
  return ok({ divide, maxPositions: limit.value });
}

/** Depths 1 to `last` from the root, and the level of positions at `last` with its sequences. */
function shallowDepths(
  walker: PerftWalker,
  root: string,
  last: number,
): Result<{ depths: PerftDepth[]; level: Level }, PerftError> {
  const depths: PerftDepth[] = [];
  let level: Level = new Map([[root, 1]]);
  for (let depth = 1; depth <= last; depth++) {
    const next = walker.step(level);
    if (!next.ok) return next;
    level = next.value;
    const sequences = checkedSequences(sum(level.values()));
    if (!sequences.ok) return sequences;
    depths.push({ depth, sequences: sequences.value, positions: level.size });
  }
  return ok({ depths, level });
}

/**
 * The deepest depth split by first move: each first move's subtree walked on its own (its
 * positions are counted apart from the others'), every deepest position also added to `all`.
 */
function divideByFirstMove(
  walker: PerftWalker,
  board: Board,
  root: string,
  depth: number,
  all: Set<string>,
): Result<PerftFirstMove[], PerftError> {
  const divide: PerftFirstMove[] = [];
  for (const move of walker.movesOf(root)) {
    const own = new Set<string>();
    const start: Level = new Map([[walker.after(root, move), 1]]);
    const sequences = walker.reach(start, depth - 1, [own, all]);
    if (!sequences.ok) return sequences;
    const cell = { x: Math.floor(move / board.height), y: move % board.height };
    divide.push({ move: cell, sequences: sequences.value, positions: own.size });
  }
  return ok(divide);
}

/**
 * Counts, for each depth from 1 to `depth`, the move sequences of exactly that many moves and
 * the distinct positions they reach (chess's perft). A move is one region of two or more cells,
 * named by its region; a sequence that reaches a board with no move left before `depth` moves
 * counts at the depths it reaches only. A position is the board's cells alone, not the score.
 * With `divide`, the deepest depth is also split by first move: the sequences that start with
 * each legal move and the distinct positions they reach (a position reached after two first
 * moves counts under both). Two engines whose counts differ find the first move where they part
 * with divide, then the next one on the position after it, and so on.
 *
 * Memory grows with the distinct positions of the deepest depth, a few hundred thousand at depth
 * 4 of a standard board; a depth that reaches more than `maxPositions` is a `too-many-positions`
 * error, and a depth outside 1 to 8 a `depth` error. A value that is not a valid board
 * (`invalid-board`) or options that are not {@link PerftOptions} (`invalid-option`) are refused
 * with the field at fault.
 *
 * @example
 * ```ts
 * import { boardFromRows, perft } from 'tilefall/samegame';
 *
 * // A row of 1s on a row of 0s: take either row first, then the other.
 * const board = boardFromRows([
 *   [1, 1],
 *   [0, 0],
 * ]);
 * if (!board.ok) throw new Error(board.error.message);
 * const counts = perft(board.value, 2, { divide: true });
 * if (counts.ok) {
 *   for (const { depth, sequences, positions } of counts.value.depths) console.log(depth, sequences, positions);
 *   // 1 2 2, then 2 2 1: both orders clear the board.
 *   console.log(counts.value.divide); // [{ move: { x: 0, y: 0 }, sequences: 1, positions: 1 }, ...]
 * }
 * ```
 */
export function perft(board: Board, depth: number, options: PerftOptions = {}): Result<PerftCounts, PerftError> {
  const checkedBoard = checkBoard(board);
  if (!checkedBoard.ok) return checkedBoard;
  const position = checkedBoard.value; // the copy checked: a getter of the caller's is not read again
  const checked = checkDepth(depth);
  if (!checked.ok) return checked;
  const checkedOptions = checkPerftOptions(options);
  if (!checkedOptions.ok) return checkedOptions;
  const { divide: split, maxPositions } = checkedOptions.value;
  const walker = new PerftWalker(position, maxPositions);
  const root = walker.keys.keyOf(Kernel.fromBoard(position));
  const shallow = shallowDepths(walker, root, depth - 1);
  if (!shallow.ok) return shallow;
  const deepest = new Set<string>();
  let divide: PerftFirstMove[] | undefined;
  let sequences: number;
  if (split) {
    const split = divideByFirstMove(walker, position, root, depth, deepest);
    if (!split.ok) return split;
    divide = split.value;
    const total = checkedSequences(sum(divide.map((m) => m.sequences)));
    if (!total.ok) return total;
    sequences = total.value;
  } else {
    const last = walker.lastStep(shallow.value.level, [deepest]);
    if (!last.ok) return last;
    sequences = last.value;
  }
  const depths = [...shallow.value.depths, { depth, sequences, positions: deepest.size }];
  return ok(divide === undefined ? { depths } : { depths, divide });
}
