/**
 * Where a user's SameGame move generator parts from tilefall's, found as chess programmers find it
 * with perftree: the engine's divide (one count per first move) is compared with tilefall's; the
 * first move whose count differs is played and the position after it asked one depth less, until
 * a position where the two list different moves (a region the engine misses, a move it invents, a
 * region it counts as several moves) or, at depth 1, count a move differently. Every question sends
 * the root board and the moves played so far, so the engine plays them itself: a bug in how it
 * plays a move shows as a wrong list of moves on the position after it.
 */
import { type Board, type Cell, cellColor, EMPTY } from '../samegame/engine/board.js';
import { firstCell, playMove, regions } from '../samegame/engine/rules.js';
import { perft } from '../samegame/search/perft.js';
import type { PerftAnswer, PerftAnswerLine, PerftQuestion } from './perft-question.js';

/** One level of the descent: the moves played before it, the engine's and tilefall's counts. */
export interface PerftLevel {
  readonly depth: number;
  /** The moves played from the root before this question. */
  readonly moves: readonly Cell[];
  /** The engine's total, and tilefall's sequences at that depth. */
  readonly engineTotal: number;
  readonly total: number;
  /** The first move whose count differs (played for the next level), when the move lists agree. */
  readonly differs?: { readonly move: Cell; readonly engine: number; readonly tilefall: number };
}

/** A legal move the engine's answer has no line for. */
export interface MissedMove {
  readonly move: Cell;
  readonly color: number;
  readonly cells: number;
}

/** A line of the engine's answer that names no legal move, and why it is none. */
export interface InventedMove {
  readonly x: number;
  readonly y: number;
  readonly count: number;
  readonly why: 'off the board' | 'an empty cell' | 'a single cell';
}

/** A legal move the engine's answer names on two lines or more (it sees the region as several). */
export interface SplitMove {
  readonly move: Cell;
  readonly cells: number;
  readonly lines: readonly PerftAnswerLine[];
}

/** How the two move generators part at the position the descent ends on. */
export interface PerftParting {
  readonly depth: number;
  /** The moves played from the root to the position. */
  readonly moves: readonly Cell[];
  /** The position, tilefall's, as rows top first. */
  readonly position: Board;
  readonly missed: readonly MissedMove[];
  readonly invented: readonly InventedMove[];
  readonly split: readonly SplitMove[];
  /** At depth 1, a move the engine lists once with a count other than 1. */
  readonly miscounted: readonly { readonly move: Cell; readonly engine: number }[];
  /** Set when the engine's total is not the sum of its lines. */
  readonly badTotal?: { readonly total: number; readonly sum: number };
}

/** What the descent found. */
export type PerftDescent =
  | { readonly kind: 'agree'; readonly levels: readonly PerftLevel[]; readonly questions: number }
  | {
      readonly kind: 'part';
      readonly levels: readonly PerftLevel[];
      readonly parting: PerftParting;
      readonly questions: number;
    }
  /**
   * The engine counted `engine` sequences for a first move, but asked about the position after it
   * one depth less, a total of `childTotal`, which tilefall's counts agree with: its answers
   * disagree with each other (a state kept from one question to the next, or an undo that is wrong).
   */
  | {
      readonly kind: 'inconsistent';
      readonly levels: readonly PerftLevel[];
      readonly move: Cell;
      readonly engine: number;
      readonly childTotal: number;
      readonly questions: number;
    }
  | {
      readonly kind: 'no-answer';
      readonly levels: readonly PerftLevel[];
      readonly question: PerftQuestion;
      readonly answer: Exclude<PerftAnswer, { kind: 'answer' }>;
      readonly questions: number;
    }
  /** tilefall's own perft could not count the depth (too many positions). */
  | { readonly kind: 'too-deep'; readonly message: string };

/** The regions of a position that are moves, by cell index: each its name and its size. */
function movesByCell(board: Board): { names: Cell[]; sizes: number[]; regionOfCell: Int32Array } {
  const regionOfCell = new Int32Array(board.width * board.height).fill(-1);
  const names: Cell[] = [];
  const sizes: number[] = [];
  for (const region of regions(board)) {
    if (region.length < 2) continue;
    for (const c of region) regionOfCell[c.x * board.height + c.y] = names.length;
    names.push(firstCell(region));
    sizes.push(region.length);
  }
  return { names, sizes, regionOfCell };
}

/** Why the cell an engine names is no move. */
function whyNoMove(board: Board, x: number, y: number): InventedMove['why'] {
  if (x < 0 || y < 0 || x >= board.width || y >= board.height) return 'off the board';
  return cellColor(board, x, y) === EMPTY ? 'an empty cell' : 'a single cell';
}

/** The engine's lines matched to the position's moves: counts by move, and what matches none. */
function matchLines(board: Board, lines: readonly PerftAnswerLine[]) {
  const { names, sizes, regionOfCell } = movesByCell(board);
  const byMove: PerftAnswerLine[][] = names.map(() => []);
  const invented: InventedMove[] = [];
  for (const line of lines) {
    const onBoard = line.x >= 0 && line.y >= 0 && line.x < board.width && line.y < board.height;
    const move = onBoard ? regionOfCell[line.x * board.height + line.y] : -1;
    if (move < 0) invented.push({ ...line, why: whyNoMove(board, line.x, line.y) });
    else byMove[move].push(line);
  }
  return { names, sizes, byMove, invented };
}

/** The position after `moves` from `board` (each legal: tilefall chose them). */
function positionAfter(board: Board, moves: readonly Cell[]): Board {
  let position = board;
  for (const move of moves) {
    const played = playMove(position, move);
    if (!played.ok) throw new Error(`a descent move is not legal: ${played.error.message}`);
    position = played.value.board;
  }
  return position;
}

/**
 * Descends from `board` at `depth`, asking `ask` each question, until the engine and tilefall
 * agree at the root or the position where they part is found. It asks at most `depth` questions.
 */
export async function findPerftParting(
  board: Board,
  depth: number,
  ask: (question: PerftQuestion) => Promise<PerftAnswer>,
): Promise<PerftDescent> {
  const levels: PerftLevel[] = [];
  const moves: Cell[] = [];
  let parent: { move: Cell; engine: number } | undefined;
  for (let d = depth; d >= 1; d--) {
    const position = positionAfter(board, moves);
    const question = { board, moves: [...moves], depth: d };
    const answer = await ask(question);
    const questions = levels.length + 1;
    if (answer.kind !== 'answer') return { kind: 'no-answer', levels, question, answer, questions };
    const ours = perft(position, d, { divide: true });
    if (!ours.ok) return { kind: 'too-deep', message: ours.error.message };
    const ourCount = new Map((ours.value.divide ?? []).map((m) => [`${m.move.x} ${m.move.y}`, m.sequences]));
    const countOf = (move: Cell): number => ourCount.get(`${move.x} ${move.y}`) ?? 0;
    const total = ours.value.depths[d - 1].sequences;
    const { names, sizes, byMove, invented } = matchLines(position, answer.lines);
    const sum = answer.lines.reduce((s, line) => s + line.count, 0);
    const missed: MissedMove[] = [];
    const split: SplitMove[] = [];
    names.forEach((move, i) => {
      const color = cellColor(position, move.x, move.y);
      if (byMove[i].length === 0) missed.push({ move, color, cells: sizes[i] });
      if (byMove[i].length > 1) split.push({ move, cells: sizes[i], lines: byMove[i] });
    });
    const level = { depth: d, moves: [...moves], engineTotal: answer.total, total };
    const part = (miscounted: PerftParting['miscounted']): PerftDescent => ({
      kind: 'part',
      levels: [...levels, level],
      parting: {
        depth: d,
        moves: [...moves],
        position,
        missed,
        invented,
        split,
        miscounted,
        ...(sum === answer.total ? {} : { badTotal: { total: answer.total, sum } }),
      },
      questions,
    });
    if (missed.length > 0 || invented.length > 0 || split.length > 0 || sum !== answer.total) return part([]);
    // The move lists agree: compare the counts, in tilefall's order of the moves.
    const differing = names.findIndex((move, i) => byMove[i][0].count !== countOf(move));
    if (differing < 0) {
      if (parent === undefined) return { kind: 'agree', levels: [level], questions };
      levels.push(level);
      return {
        kind: 'inconsistent',
        levels,
        move: parent.move,
        engine: parent.engine,
        childTotal: answer.total,
        questions,
      };
    }
    const move = names[differing];
    const engine = byMove[differing][0].count;
    if (d === 1) {
      const miscounted = names.flatMap((m, i) =>
        byMove[i][0].count === 1 ? [] : [{ move: m, engine: byMove[i][0].count }],
      );
      return part(miscounted);
    }
    levels.push({ ...level, differs: { move, engine, tilefall: countOf(move) } });
    moves.push(move);
    parent = { move, engine };
  }
  throw new Error('the descent ended without a verdict');
}
