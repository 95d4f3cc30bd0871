import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../../lib/core/budget.js';
import { createRandom } from '../../../lib/core/random.js';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { beamSearch } from '../../../lib/samegame/search/beam.js';
import { BeamArena } from '../../../lib/samegame/search/beam-arena.js';
import { Evaluator } from '../../../lib/samegame/search/evaluation.js';
import { createSurvey, Kernel } from '../../../lib/samegame/search/kernel.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { Zobrist } from '../../../lib/samegame/search/zobrist.js';
import { boardArb, standardBoardArb } from '../arbitraries.js';

/** One rollout beam pass on `board`: its best game, whether it was exhaustive, the nodes it spent and every level it kept. */
function pass(board: Board, width: number, seed: number, arena?: BeamArena) {
  const budget = new Budget({ nodes: 60_000 });
  const levels: string[] = [];
  const { best, exhaustive } = beamSearch(Kernel.fromBoard(board), {
    width,
    evaluator: new Evaluator(DEFAULT_WEIGHTS, createSurvey(board.width, board.height, board.colors)),
    zobrist: new Zobrist(board.width * board.height, board.colors),
    budget,
    rollouts: { factor: 2.5, random: createRandom(seed), blend: 0 },
    arena,
    observe: (level) =>
      levels.push(
        JSON.stringify([level.positions.map((k) => Array.from(k.cells)), level.lines.map((l) => l && Array.from(l))]),
      ),
  });
  return { best, exhaustive, nodes: budget.nodes, levels };
}

describe('BeamArena', () => {
  it('should leave a pass the same, level by level, whether its buffers are fresh or left by earlier passes', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxWidth: 8, maxHeight: 8 }), standardBoardArb),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.nat(),
        (board, earlierWidth, width, seed) => {
          const arena = new BeamArena(Kernel.fromBoard(board));
          pass(board, earlierWidth, seed + 1, arena);
          expect(pass(board, width, seed, arena)).toEqual(pass(board, width, seed));
        },
      ),
      { numRuns: 30 },
    );
  });
});
