import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../../lib/core/budget.js';
import { createRandom } from '../../../lib/core/random.js';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { judgeLine } from '../../../lib/samegame/engine/referee.js';
import { Evaluator } from '../../../lib/samegame/search/evaluation.js';
import { greedyLine } from '../../../lib/samegame/search/greedy.js';
import { createSurvey, Kernel } from '../../../lib/samegame/search/kernel.js';
import { indicesToCells } from '../../../lib/samegame/search/solver.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { boardArb, standardBoardArb } from '../arbitraries.js';

const evaluatorFor = (board: Board) =>
  new Evaluator(DEFAULT_WEIGHTS, createSurvey(board.width, board.height, board.colors));

describe('greedyLine', () => {
  it('should play a legal game to the end, scored as the engine scores it, whatever its node budget', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb(), standardBoardArb),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
        fc.integer(),
        (board, nodes, seed) => {
          const start = Kernel.fromBoard(board);
          const budget = nodes === undefined ? undefined : new Budget({ nodes });
          const line = greedyLine(start, { evaluator: evaluatorFor(board), budget, random: createRandom(seed) });
          const verdict = judgeLine(board, indicesToCells(board.height, line.moves));
          expect(verdict.end).toBe('terminal');
          expect(verdict.score).toBe(line.score);
          expect(start.toBoard()).toEqual(board);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should choose greedy moves until its node budget is spent, then count each finishing move as a node', () => {
    fc.assert(
      fc.property(standardBoardArb, fc.integer({ min: 1, max: 3000 }), (board, nodes) => {
        const unbounded = greedyLine(Kernel.fromBoard(board), { evaluator: evaluatorFor(board) });
        // The slow way: a greedy step spends four nodes per child it evaluates, and the budget is
        // looked at before each step and before every 16th child; once it is spent, the step in
        // progress is dropped.
        const kernel = Kernel.fromBoard(board);
        const scratch = new Int32Array(board.width * board.height);
        let chosen = 0;
        let spent = 0;
        stepping: while (spent < nodes && chosen < unbounded.moves.length) {
          const children = kernel.legalMoves(scratch);
          for (let m = 0; m < children; m++) {
            if ((m & 15) === 15 && spent >= nodes) break stepping;
            spent += 4;
          }
          kernel.play(unbounded.moves[chosen++]);
        }
        const budget = new Budget({ nodes });
        const line = greedyLine(Kernel.fromBoard(board), { evaluator: evaluatorFor(board), budget });
        expect(line.moves.slice(0, chosen)).toEqual(unbounded.moves.slice(0, chosen));
        const finishing = chosen < unbounded.moves.length ? line.moves.length - chosen : 0;
        expect(budget.nodes).toBe(spent + finishing);
      }),
      { numRuns: 30 },
    );
  });
});
