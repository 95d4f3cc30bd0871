// The perft descent against engines written here: tilefall's own rules with one planted fault, so
// that where the fault lies is known and the descent must end there.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPerftParting } from '../../lib/judge/perft-descent.js';
import type { PerftAnswer, PerftAnswerLine, PerftQuestion } from '../../lib/judge/perft-question.js';
import { type Board, boardsEqual, type Cell } from '../../lib/samegame/engine/board.js';
import { legalMoves, playMove } from '../../lib/samegame/engine/rules.js';
import { rowsBoard } from '../samegame/boards.js';

const played = (board: Board, move: Cell): Board => {
  const played = playMove(board, move);
  if (!played.ok) throw new Error(played.error.message);
  return played.value.board;
};

/** A move generator: the legal moves of a position, as an engine lists them (cell and count 1 at depth 1). */
type Generator = (position: Board) => Cell[];

/** An engine that counts with `generate`, and plays moves as tilefall does. */
function engineOf(generate: Generator) {
  const count = (position: Board, depth: number): number =>
    depth === 1
      ? generate(position).length
      : generate(position).reduce((s, m) => s + count(played(position, m), depth - 1), 0);
  return async ({ board, moves, depth }: PerftQuestion): Promise<PerftAnswer> => {
    const position = moves.reduce(played, board);
    const lines: PerftAnswerLine[] = generate(position).map((m) => ({
      ...m,
      count: depth === 1 ? 1 : count(played(position, m), depth - 1),
    }));
    return { kind: 'answer', lines, total: lines.reduce((s, l) => s + l.count, 0) };
  };
}

/** Columns 0 0 | 1 1 | 2 2 (bottom to top), and a 4 x 3 board of three colors with a dozen moves. */
const THREE = rowsBoard(
  [
    [0, 1, 2],
    [0, 1, 2],
  ],
  3,
);
const MIXED = rowsBoard(
  [
    [0, 1, 1, 2],
    [0, 2, 1, 2],
    [1, 2, 0, 0],
  ],
  3,
);

describe('findPerftParting', () => {
  it('should agree with a correct engine after one question', async () => {
    const descent = await findPerftParting(MIXED, 3, engineOf(legalMoves));
    expect(descent).toMatchObject({ kind: 'agree', questions: 1 });
  });

  it('should end on the position of a missed move, whatever move and position the fault is planted on', async () => {
    const boards = fc
      .array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }), { minLength: 3, maxLength: 4 })
      .map((rows) => rowsBoard(rows, 3));
    await fc.assert(
      fc.asyncProperty(
        boards,
        fc.array(fc.nat(), { minLength: 0, maxLength: 2 }),
        fc.nat(),
        async (board, path, pick) => {
          let target = board;
          for (const step of path) {
            const moves = legalMoves(target);
            fc.pre(moves.length > 0);
            target = played(target, moves[step % moves.length]);
          }
          const targetMoves = legalMoves(target);
          fc.pre(targetMoves.length > 0);
          const dropped = targetMoves[pick % targetMoves.length];
          const buggy = (position: Board) =>
            boardsEqual(position, target)
              ? legalMoves(position).filter((m) => m.x !== dropped.x || m.y !== dropped.y)
              : legalMoves(position);
          // The dropped move is a leaf there: deeper, a move whose game ends at once counts 0 either way.
          const depth = path.length + 1;
          const descent = await findPerftParting(board, depth, engineOf(buggy));
          expect(descent.kind).toBe('part');
          if (descent.kind !== 'part') return;
          expect(boardsEqual(descent.parting.position, target)).toBe(true);
          expect(descent.parting.missed.map((m) => m.move)).toEqual([dropped]);
          expect(descent.questions).toBeLessThanOrEqual(depth);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should name a move invented on a single cell, after playing down to it', async () => {
    // After the 0s go, the 1s and 2s slide left: the engine also lists the emptied cell 2 0 then.
    const position = played(THREE, { x: 0, y: 0 });
    const buggy = (p: Board) => (boardsEqual(p, position) ? [...legalMoves(p), { x: 2, y: 0 }] : legalMoves(p));
    const descent = await findPerftParting(THREE, 2, engineOf(buggy));
    expect(descent).toMatchObject({
      kind: 'part',
      parting: { depth: 1, moves: [{ x: 0, y: 0 }], invented: [{ x: 2, y: 0, count: 1, why: 'an empty cell' }] },
      questions: 2,
    });
  });

  it('should name a region counted as two moves, and a move off the board', async () => {
    const buggy = (p: Board) => [...legalMoves(p), { x: 0, y: 1 }, { x: 7, y: 0 }];
    const descent = await findPerftParting(THREE, 1, engineOf(buggy));
    expect(descent).toMatchObject({
      kind: 'part',
      parting: {
        split: [
          {
            move: { x: 0, y: 0 },
            cells: 2,
            lines: [
              { x: 0, y: 0 },
              { x: 0, y: 1 },
            ],
          },
        ],
        invented: [{ x: 7, y: 0, why: 'off the board' }],
      },
    });
  });

  it('should name a depth-1 count other than 1, and a total that is not the sum of its lines', async () => {
    const miscount = async (q: PerftQuestion): Promise<PerftAnswer> => ({
      kind: 'answer',
      lines: legalMoves(q.board).map((m, i) => ({ ...m, count: i === 1 ? 2 : 1 })),
      total: 4,
    });
    expect(await findPerftParting(THREE, 1, miscount)).toMatchObject({
      kind: 'part',
      parting: { miscounted: [{ move: { x: 1, y: 0 }, engine: 2 }] },
    });
    const badTotal = async (q: PerftQuestion): Promise<PerftAnswer> => {
      const right = await engineOf(legalMoves)(q);
      return right.kind === 'answer' ? { ...right, total: right.total + 1 } : right;
    };
    expect(await findPerftParting(MIXED, 2, badTotal)).toMatchObject({
      kind: 'part',
      parting: { depth: 2, moves: [], badTotal: { total: expect.any(Number), sum: expect.any(Number) } },
    });
  });

  it('should say the answers disagree with each other when the position after a miscounted move agrees', async () => {
    const right = engineOf(legalMoves);
    const firstOnly = async (q: PerftQuestion): Promise<PerftAnswer> => {
      const answer = await right(q);
      if (answer.kind !== 'answer' || q.moves.length > 0) return answer;
      const lines = answer.lines.map((l, i) => (i === 0 ? { ...l, count: l.count + 1 } : l));
      return { kind: 'answer', lines, total: answer.total + 1 };
    };
    const descent = await findPerftParting(MIXED, 3, firstOnly);
    expect(descent).toMatchObject({ kind: 'inconsistent', questions: 2, move: legalMoves(MIXED)[0] });
  });

  it('should stop at an engine that gives no answer, with the question it was asked', async () => {
    const silent = async (): Promise<PerftAnswer> => ({ kind: 'stalled', waitedMs: 5, printed: [] });
    expect(await findPerftParting(THREE, 2, silent)).toMatchObject({
      kind: 'no-answer',
      question: { depth: 2, moves: [] },
      questions: 1,
    });
  });
});
