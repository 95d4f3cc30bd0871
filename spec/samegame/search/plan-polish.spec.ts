import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../lib/core/random.js';
import type { Board, Cell } from '../../../lib/samegame/engine/board.js';
import { judgeLine } from '../../../lib/samegame/engine/referee.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { bestRandomPlayout } from '../../../lib/samegame/search/baselines.js';
import { polishPlan } from '../../../lib/samegame/search/plan-polish.js';
import { indicesToCells } from '../../../lib/samegame/search/solver.js';
import { readRepoFile } from '../../support/repo.js';
import { boardArb, moveChoicesArb, positionAfter, standardBoardArb } from '../arbitraries.js';

const standard = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!standard.ok) throw new Error(standard.error.message);

/** One random playout's game from `board`, as a plan of cells. */
const playoutPlan = (board: Board, seed: number): Cell[] =>
  indicesToCells(board.height, bestRandomPlayout(board, { nodes: 1 }, seed).moves);

/** The engine's verdict on `plan` from `board`: how the game ends and its points. */
function engineVerdict(board: Board, plan: readonly Cell[]): { end: string; score: number } {
  const verdict = judgeLine(board, plan);
  return { end: verdict.end, score: verdict.score };
}

describe('polishPlan', () => {
  it('should return a plan the engine plays to the end from the board, never scoring less than the plan given', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxWidth: 10, maxHeight: 10 }), standardBoardArb),
        moveChoicesArb,
        fc.integer(),
        fc.integer({ min: 0, max: 20_000 }),
        (start, picks, seed, nodes) => {
          // Mid-game positions too: emptied columns, low stacks.
          const board = positionAfter(start, picks.slice(0, 20)).toBoard();
          const plan = playoutPlan(board, seed);
          const polished = polishPlan(board, plan, { nodes }, createRandom(seed));
          const before = engineVerdict(board, plan);
          const after = engineVerdict(board, polished);
          expect(after.end).toBe('terminal');
          expect(after.score).toBeGreaterThanOrEqual(before.score);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should improve a random playout from ten moves into each of the first three standard boards', () => {
    for (const start of standard.value.slice(0, 3)) {
      const board = positionAfter(start, [0, 3, 1, 4, 1, 5, 9, 2, 6, 5]).toBoard();
      const plan = playoutPlan(board, 11);
      const polished = polishPlan(board, plan, { nodes: 300_000 }, createRandom(12));
      expect(engineVerdict(board, polished).score).toBeGreaterThan(engineVerdict(board, plan).score);
    }
  });

  it('should find the same plan again from the same seed and node budget', () => {
    const board = standard.value[5];
    const plan = playoutPlan(board, 3);
    const first = polishPlan(board, plan, { nodes: 100_000 }, createRandom(4));
    const again = polishPlan(board, plan, { nodes: 100_000 }, createRandom(4));
    expect(again).toEqual(first);
  });

  it('should give back a plan that is not legal from the board, unchanged', () => {
    const board = standard.value[0];
    const plan = playoutPlan(board, 5);
    // One move more than the game has: the board is terminal by then.
    const illegal = [...plan, plan[0]];
    expect(polishPlan(board, illegal, { nodes: 100_000 }, createRandom(6))).toBe(illegal);
    const offBoard = [{ x: board.width, y: 0 }, ...plan];
    expect(polishPlan(board, offBoard, { nodes: 100_000 }, createRandom(6))).toBe(offBoard);
  });
});
