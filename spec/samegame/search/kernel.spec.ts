import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../lib/core/random.js';
import { EMPTY } from '../../../lib/samegame/engine/board.js';
import { isTerminal, legalMoves, play, regions } from '../../../lib/samegame/engine/rules.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { createParentSurvey, createSurvey, Kernel, type Survey } from '../../../lib/samegame/search/kernel.js';
import { randomPlayout } from '../../../lib/samegame/search/playout.js';
import { readRepoFile } from '../../support/repo.js';
import { boardArb, moveChoicesArb, positionAfter, standardBoardArb } from '../arbitraries.js';

/** Random boards up to 12 x 12 and the standard boards. */
const boards = fc.oneof(boardArb({ maxWidth: 12, maxHeight: 12 }), standardBoardArb);

const sortedMoves = (k: Kernel): number[] => {
  const moves = new Int32Array(k.width * k.height);
  return Array.from(moves.subarray(0, k.legalMoves(moves)));
};

/** A survey's totals (everything but the move list) as plain data. */
const totals = (s: Survey) => ({
  colorCounts: Array.from(s.colorCounts),
  colorRegions: Array.from(s.colorRegions),
  regions: s.regions,
  singletons: s.singletons,
  regionPoints: s.regionPoints,
  moveCount: s.moveCount,
});

/** Standard board 1, a kernel of it, a clone of that kernel, and room for its moves. */
function firstStandardBoard() {
  const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
  if (!boards.ok) throw new Error(boards.error.message);
  const board = boards.value[0];
  const kernel = Kernel.fromBoard(board);
  return { board, kernel, clone: kernel.clone(), moves: new Int32Array(board.cells.length) };
}

describe('Kernel', () => {
  it('should play every move exactly as the engine does: same boards, scores and legal moves after each move', () => {
    fc.assert(
      fc.property(boards, fc.array(fc.nat(), { maxLength: 120 }), (start, picks) => {
        const kernel = Kernel.fromBoard(start);
        let board = start;
        let score = 0;
        for (const pick of picks) {
          const engineMoves = legalMoves(board);
          expect(sortedMoves(kernel)).toEqual(engineMoves.map((m) => m.x * board.height + m.y));
          expect(kernel.isTerminal()).toBe(isTerminal(board));
          if (engineMoves.length === 0) break;
          const move = engineMoves[pick % engineMoves.length];
          const outcome = play(board, move);
          if (!outcome.ok) throw new Error(outcome.error.message);
          board = outcome.value.board;
          score += outcome.value.points;
          const points = kernel.play(move.x * board.height + move.y);
          expect(points).toBe(outcome.value.points);
          expect(kernel.toBoard()).toEqual(board);
          expect(kernel.score).toBe(score);
        }
      }),
    );
  });

  it('should play as the engine on each of several clones used in turn, though they share scratch buffers', () => {
    fc.assert(
      fc.property(
        boards,
        fc.array(fc.tuple(fc.nat(2), fc.nat(), fc.boolean()), { maxLength: 80 }),
        fc.integer(),
        (start, turns, seed) => {
          const first = Kernel.fromBoard(start);
          const kernels = [first, first.clone(), first.clone()];
          const boards = [start, start, start];
          const random = createRandom(seed);
          for (const [who, pick, survey] of turns) {
            const engineMoves = legalMoves(boards[who]);
            if (engineMoves.length === 0) continue;
            const move = engineMoves[pick % engineMoves.length];
            const outcome = play(boards[who], move);
            if (!outcome.ok) throw new Error(outcome.error.message);
            boards[who] = outcome.value.board;
            kernels[who].play(move.x * start.height + move.y);
            // Another clone surveys, or plays a playout on a copy, between two moves.
            const other = kernels[(who + 1) % 3];
            if (survey) other.survey(createSurvey(start.width, start.height, start.colors));
            else randomPlayout(other.clone(), random, { tabuColor: 0, tabuMinRegion: 3 });
          }
          for (const [k, kernel] of kernels.entries()) expect(kernel.toBoard()).toEqual(boards[k]);
        },
      ),
    );
  });

  it('should refuse to remove a region when another clone has found one since', () => {
    const { board, kernel: a, clone: b, moves } = firstStandardBoard();
    a.legalMoves(moves);
    a.regionAt(moves[0]);
    b.regionAt(moves[1]);
    expect(() => a.removeRegion()).toThrow(/no region of this kernel/);
    expect(a.toBoard()).toEqual(board);
    b.removeRegion();
    expect(() => b.removeRegion()).toThrow(/no region of this kernel/);
  });

  it('should name the region of any of its cells as the engine names that legal move', () => {
    fc.assert(
      fc.property(boardArb({ maxWidth: 12, maxHeight: 12 }), fc.nat(), (board, pick) => {
        const movable = regions(board).filter((r) => r.length >= 2);
        fc.pre(movable.length > 0);
        const region = movable[pick % movable.length];
        const named = legalMoves(board).find((m) => region.some((c) => c.x === m.x && c.y === m.y));
        const kernel = Kernel.fromBoard(board);
        for (const cell of region)
          expect(kernel.moveOf(cell.x * board.height + cell.y)).toBe(named!.x * board.height + named!.y);
      }),
    );
  });

  it('should count the colors left as the distinct colors of the board', () => {
    fc.assert(
      fc.property(boardArb({ maxColors: 20 }), (board) => {
        expect(Kernel.fromBoard(board).colorsLeft()).toBe(new Set(board.cells.filter((c) => c !== EMPTY)).size);
      }),
    );
  });

  it('should refuse an empty cell and a single cell without changing anything', () => {
    fc.assert(
      fc.property(boardArb(), fc.nat(), (b, pick) => {
        const kernel = Kernel.fromBoard(b);
        const index = pick % b.cells.length;
        fc.pre(kernel.regionAt(index) < 2);
        expect(kernel.play(index)).toBe(-1);
        expect(kernel.toBoard()).toEqual(b);
        expect(kernel.score).toBe(0);
      }),
    );
  });

  it('should survey every region as the engine lists them: colors, counts, singletons, points and moves', () => {
    fc.assert(
      fc.property(boards, (board) => {
        const survey = createSurvey(board.width, board.height, board.colors);
        Kernel.fromBoard(board).survey(survey);
        const all = regions(board);
        const movable = all.filter((r) => r.length >= 2);
        const colorOf = (r: (typeof all)[number]) => board.cells[r[0].x * board.height + r[0].y];
        expect(totals(survey)).toEqual({
          colorCounts: Array.from({ length: board.colors }, (_, c) =>
            all.filter((r) => colorOf(r) === c).reduce((n, r) => n + r.length, 0),
          ),
          colorRegions: Array.from({ length: board.colors }, (_, c) => all.filter((r) => colorOf(r) === c).length),
          regions: all.length,
          singletons: all.length - movable.length,
          regionPoints: movable.reduce((n, r) => n + (r.length - 2) ** 2, 0),
          moveCount: legalMoves(board).length,
        });
      }),
    );
  });

  it("should survey each child from its parent's column totals exactly as a full survey of the child does", () => {
    fc.assert(
      fc.property(boards, moveChoicesArb, (board, picks) => {
        const parent = positionAfter(board, picks);
        const parentSurvey = createParentSurvey(board.width, board.colors);
        const moves = new Int32Array(board.cells.length);
        const count = parent.surveyParent(parentSurvey, moves);
        expect(Array.from(moves.subarray(0, count))).toEqual(sortedMoves(parent));
        const full = createSurvey(board.width, board.height, board.colors);
        const fromParent = createSurvey(board.width, board.height, board.colors);
        const child = parent.clone();
        for (let m = 0; m < count; m++) {
          child.copyFrom(parent);
          child.play(moves[m]);
          child.survey(full);
          child.surveyChild(fromParent, parentSurvey);
          expect(totals(fromParent)).toEqual(totals(full));
        }
      }),
    );
  });

  it('should change no column outside changedFrom to changedTo, and name the columns of the move', () => {
    fc.assert(
      fc.property(boards, moveChoicesArb, (board, picks) => {
        const parent = positionAfter(board, picks);
        const moves = new Int32Array(board.cells.length);
        const count = parent.legalMoves(moves);
        const child = parent.clone();
        const h = board.height;
        for (let m = 0; m < count; m++) {
          child.copyFrom(parent);
          child.regionAt(moves[m]);
          const columns = Array.from(child.region.subarray(0, child.regionLength), (i) => Math.floor(i / h));
          child.removeRegion();
          expect(child.changedFrom).toBe(Math.min(...columns));
          expect(child.changedTo).toBeGreaterThanOrEqual(Math.max(...columns));
          for (let x = 0; x < board.width; x++) {
            if (x >= child.changedFrom && x <= child.changedTo) continue;
            expect(Array.from(child.cells.subarray(x * h, x * h + h))).toEqual(
              Array.from(parent.cells.subarray(x * h, x * h + h)),
            );
          }
        }
      }),
    );
  });

  it.each([
    // Columns bottom to top: [1 2] [0 0] [1 2] [1 0] [2 2], height 2.
    { move: 'the 1s of columns 2 and 3 (no column empties)', cell: 4, from: 2, to: 3 },
    { move: 'the 0s of column 1 (it empties: the columns right of it move)', cell: 2, from: 1, to: 4 },
  ])('should say which columns a move of $move changed', ({ cell, from, to }) => {
    const kernel = Kernel.fromBoard({ width: 5, height: 2, colors: 3, cells: [1, 2, 0, 0, 1, 2, 1, 0, 2, 2] });
    expect(kernel.play(cell)).toBe(0);
    expect([kernel.changedFrom, kernel.changedTo]).toEqual([from, to]);
  });

  it('should copy a position without sharing state', () => {
    const { board, kernel: original, clone: copy, moves } = firstStandardBoard();
    expect(copy.legalMoves(moves)).toBeGreaterThan(0);
    copy.play(moves[0]);
    expect(original.toBoard()).toEqual(board);
    expect(copy.toBoard()).not.toEqual(board);
  });
});
