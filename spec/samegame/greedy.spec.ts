import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../lib/core/random.js';
import { Evaluator } from '../../lib/samegame/evaluation.js';
import { greedyLine } from '../../lib/samegame/greedy.js';
import { createSurvey, Kernel } from '../../lib/samegame/kernel.js';
import { referee } from '../../lib/samegame/referee.js';
import { indicesToCells } from '../../lib/samegame/solver.js';
import { DEFAULT_WEIGHTS } from '../../lib/samegame/weights.js';
import { boardArb, standardBoardArb } from './arbitraries.js';

describe('greedyLine', () => {
  it('should play a legal game to the end, scored as the engine scores it, with or without rollouts', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb(), standardBoardArb),
        fc.integer({ min: 0, max: 3 }),
        fc.integer(),
        (board, rollouts, seed) => {
          const start = Kernel.fromBoard(board);
          const line = greedyLine(start, {
            evaluator: new Evaluator(DEFAULT_WEIGHTS, createSurvey(board.width, board.height, board.colors)),
            rollouts,
            random: createRandom(seed),
          });
          const verdict = referee(
            board,
            indicesToCells(board.height, line.moves).map((c) => `${c.x} ${c.y}`),
            'multi-turn',
          );
          expect(verdict.end).toBe('terminal');
          expect(verdict.score).toBe(line.score);
          expect(start.toBoard()).toEqual(board);
        },
      ),
      { numRuns: 40 },
    );
  });
});
