import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { judgeActions } from '../../../lib/samegame/engine/referee.js';
import { replay, replayCells, replayOfVerdict } from '../../../lib/samegame/engine/replay.js';
import { legalMoves, play, regionAt } from '../../../lib/samegame/engine/rules.js';
import { formatBoardLines } from '../../../lib/samegame/engine/text.js';
import { boardArb, moveChoicesArb } from '../arbitraries.js';

/** Actions that follow legal moves (by choice index), with an out-of-bounds one at the end sometimes. */
function actionsFor(board: Board, choices: readonly number[], spoil: boolean): string[] {
  const actions: string[] = [];
  let current = board;
  for (const choice of choices) {
    const moves = legalMoves(current);
    if (moves.length === 0) break;
    const move = moves[choice % moves.length];
    actions.push(`${move.x} ${move.y}`);
    const outcome = play(current, move);
    if (!outcome.ok) throw new Error(outcome.error.message);
    current = outcome.value.board;
  }
  if (spoil) actions.push('99 99');
  return actions;
}

describe('sameGameReplay', () => {
  it("should hold, for every action the referee judged, the referee's board and score, and outline the region each move removes", () => {
    fc.assert(
      fc.property(
        boardArb(),
        moveChoicesArb,
        fc.boolean(),
        fc.constantFrom('multi-turn', 'one-turn'),
        (board, choices, spoil, protocol) => {
          const actions = actionsFor(board, choices, spoil);
          const verdict = judgeActions(board, actions, protocol);
          const replay = replayOfVerdict(board, verdict);
          expect(replay.frames).toHaveLength(verdict.actions.length + 1);
          let current = board;
          verdict.actions.forEach((record, k) => {
            const frame = replay.frames[k + 1];
            expect(frame.score).toBe(record.score);
            expect(frame.action?.status).toBe(record.status);
            if (record.status === 'applied' && record.x !== undefined && record.y !== undefined) {
              const region = regionAt(current, { x: record.x, y: record.y }).map((c) => c.x * current.height + c.y);
              expect([...(replay.frames[k].next ?? [])].sort((a, b) => a - b)).toEqual(region.sort((a, b) => a - b));
              const outcome = play(current, { x: record.x, y: record.y });
              if (!outcome.ok) throw new Error(outcome.error.message);
              current = outcome.value.board;
            }
            expect(frame.cells).toBe(replayCells(current));
          });
          expect(formatBoardLines(verdict.board)).toEqual(formatBoardLines(current));
          expect(replay.verdict.score).toBe(verdict.score);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should count the clear bonus apart from the points of the move that earned it', () => {
    const board: Board = { width: 2, height: 1, colors: 1, cells: [0, 0] };
    const replay = replayOfVerdict(board, judgeActions(board, ['0 0'], 'multi-turn'));
    expect(replay.frames[1].action).toMatchObject({ status: 'applied', removed: 2, points: 1000, clearBonus: 1000 });
    expect(replay.frames[1]).toMatchObject({ cells: '..', cellsLeft: 0, colorsLeft: 0, score: 1000 });
  });
});

describe('replay', () => {
  const board = { width: 2, height: 1, colors: 1, cells: [0, 0] };

  it('should draw the game the referee judges, and refuse what referee refuses', () => {
    expect(replay(board, '0 0\n')).toEqual({
      ok: true,
      value: replayOfVerdict(board, judgeActions(board, ['0 0'], 'multi-turn')),
    });
    expect(replay({ ...board, cells: [0, 1] }, '')).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells[1]' },
    });
    expect(replay(board, null as never)).toMatchObject({ ok: false, error: { field: 'output' } });
  });
});
