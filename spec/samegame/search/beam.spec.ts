import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../../lib/core/budget.js';
import { createRandom } from '../../../lib/core/random.js';
import { type Board, EMPTY } from '../../../lib/samegame/engine/board.js';
import { legalMoves, play } from '../../../lib/samegame/engine/rules.js';
import { beamSearch, type KeptLevel, rolloutRank } from '../../../lib/samegame/search/beam.js';
import { Evaluator } from '../../../lib/samegame/search/evaluation.js';
import { createSurvey, Kernel } from '../../../lib/samegame/search/kernel.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { Zobrist } from '../../../lib/samegame/search/zobrist.js';
import { boardArb, standardBoardArb } from '../arbitraries.js';

/** Plays cell indices (each in its own position) on the immutable engine; returns the points and the final board. */
function replay(board: Board, line: ArrayLike<number>): { points: number; board: Board } {
  let points = 0;
  for (let i = 0; i < line.length; i++) {
    const outcome = play(board, { x: Math.floor(line[i] / board.height), y: line[i] % board.height });
    if (!outcome.ok) throw new Error(`move ${i} of the line: ${outcome.error.message}`);
    points += outcome.value.points;
    board = outcome.value.board;
  }
  return { points, board };
}

function search(
  board: Board,
  seed: number,
  width: number,
  ranking: {
    factor?: number;
    blend?: number;
    cellsLeft?: number;
    colorsLeft?: number;
    contestMoves?: number;
    contestEvery?: number;
  } = {},
) {
  const levels: {
    depth: number;
    boards: Board[];
    scores: number[];
    lines: (number[] | undefined)[];
    ranks: number[];
  }[] = [];
  const root = Kernel.fromBoard(board);
  const budget = new Budget({ nodes: 200_000 });
  const { best: result } = beamSearch(root, {
    width,
    evaluator: new Evaluator(DEFAULT_WEIGHTS, createSurvey(board.width, board.height, board.colors)),
    zobrist: new Zobrist(board.width * board.height, board.colors),
    budget,
    rollouts: { factor: 2, random: createRandom(seed), blend: 0, ...ranking },
    // The positions are the search's own buffers: copy what the test needs during the call.
    observe: (level: KeptLevel) =>
      levels.push({
        depth: level.depth,
        boards: level.positions.map((k) => k.toBoard()),
        scores: level.positions.map((k) => k.score),
        lines: level.lines.map((l) => (l ? Array.from(l) : undefined)),
        ranks: Array.from(level.ranks),
      }),
  });
  return { result, levels, nodes: budget.nodes };
}

describe('rolloutRank', () => {
  it('should add the weighted cells and colors left to the final score', () => {
    fc.assert(
      fc.property(
        boardArb({ maxColors: 8 }),
        fc.integer({ min: -200, max: 20 }),
        fc.integer({ min: -400, max: 50 }),
        (board, cellsLeft, colorsLeft) => {
          const kernel = Kernel.fromBoard(board);
          const cells = board.cells.filter((c) => c !== EMPTY);
          const expected = cellsLeft * cells.length + colorsLeft * new Set(cells).size;
          // A difference, so that 0 and -0 (an empty board) compare equal.
          expect(rolloutRank(kernel, { cellsLeft, colorsLeft }) - expected).toBe(0);
        },
      ),
    );
  });
});

describe('beamSearch', () => {
  it('should remember for each kept position a line the engine plays to exactly its rank', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxWidth: 8, maxHeight: 8, maxColors: 4 }), standardBoardArb),
        fc.integer(),
        fc.integer({ min: 1, max: 4 }),
        (board, seed, width) => {
          const { levels } = search(board, seed, width, { cellsLeft: -7, colorsLeft: -30 });
          for (const level of levels)
            level.lines.forEach((line, i) => {
              if (line === undefined) return;
              const end = replay(level.boards[i], line);
              const cells = end.board.cells.filter((c) => c !== EMPTY);
              expect(level.scores[i] + end.points - 7 * cells.length - 30 * new Set(cells).size).toBe(level.ranks[i]);
            });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('should keep the line of every ranked position, also on levels with more candidates than its buffers first held', () => {
    // Width 200 on a 15 x 15 board gives levels of thousands of candidates: the candidate
    // buffers are replaced by larger ones while a level is being built. (Reading them through a
    // copy taken before the loop lost lines of children that inherit one: caught here, not at
    // width 48.)
    fc.assert(
      fc.property(standardBoardArb, fc.integer(), (board, seed) => {
        const { levels } = search(board, seed, 200, { factor: 6, blend: 0.1, cellsLeft: -7, colorsLeft: -30 });
        // The root's children fill one level; the next ones hold thousands of candidates.
        expect(levels.length).toBeGreaterThan(1);
        for (const level of levels)
          level.lines.forEach((line, i) => {
            expect(line !== undefined).toBe(level.ranks[i] > Number.NEGATIVE_INFINITY);
            if (line === undefined) return;
            const end = replay(level.boards[i], line);
            const cells = end.board.cells.filter((c) => c !== EMPTY);
            expect(level.scores[i] + end.points - 7 * cells.length - 30 * new Set(cells).size).toBe(level.ranks[i]);
          });
      }),
      // Each run is a wide search: report the first failure rather than shrink it for minutes.
      { numRuns: 4, endOnFailure: true },
    );
  });

  it('should never let the best rollout rank it keeps fall from one level to the next, unless that line ends', () => {
    // Without the memory a level could keep only children whose own rollouts were all worse.
    // A line with one move left ends in a terminal position, which is a result, not a kept one.
    fc.assert(
      fc.property(standardBoardArb, fc.integer(), fc.integer({ min: 1, max: 3 }), (board, seed, width) => {
        const { levels } = search(board, seed, width);
        let compared = 0;
        for (let d = 1; d < levels.length; d++) {
          const going = levels[d - 1].ranks.filter((_, i) => (levels[d - 1].lines[i]?.length ?? 0) > 1);
          if (going.length === 0) continue; // every remembered line ended: nothing to carry on
          expect(levels[d].ranks.length).toBeGreaterThan(0);
          expect(Math.max(...levels[d].ranks)).toBeGreaterThanOrEqual(Math.max(...going));
          compared++;
        }
        // A standard board has dozens of levels with lines to carry: the property must compare some.
        expect(compared).toBeGreaterThan(10);
      }),
      { numRuns: 25 },
    );
  });

  it("should play contests in no rollout when contestEvery exceeds a level's rollouts, and in every one when it is 1", () => {
    fc.assert(
      fc.property(standardBoardArb, fc.integer(), (board, seed) => {
        // Width 2 and factor 2: at most 4 rollouts a level.
        expect(search(board, seed, 2, { contestMoves: 10, contestEvery: 5 })).toEqual(search(board, seed, 2));
        expect(search(board, seed, 2, { contestMoves: 10, contestEvery: 1 })).toEqual(
          search(board, seed, 2, { contestMoves: 10 }),
        );
      }),
      { numRuns: 10 },
    );
  });

  it('should return a game at least as good as every line it remembered', () => {
    fc.assert(
      fc.property(standardBoardArb, fc.integer(), (board, seed) => {
        const { result, levels } = search(board, seed, 2);
        const remembered = Math.max(...levels.flatMap((l) => l.ranks));
        expect(result).toBeDefined();
        expect(result!.score).toBeGreaterThanOrEqual(remembered);
        expect(replay(board, result!.moves).points).toBe(result!.score);
      }),
      { numRuns: 15 },
    );
  });

  it('should call a pass exhaustive exactly when no level had to drop a distinct position', () => {
    // The slow way, on the engine: level by level, every distinct position reachable in d moves
    // that still has a move (terminal ones are results, not kept), and how many children the
    // kept positions have before duplicates are merged (each must get its rollout).
    const expectedExhaustive = (board: Board, width: number, probes: number): boolean => {
      let level = [board];
      while (level.length > 0) {
        const next = new Map<string, Board>();
        let candidates = 0;
        for (const position of level) {
          for (const move of legalMoves(position)) {
            const outcome = play(position, move);
            if (!outcome.ok) throw new Error(outcome.error.message);
            if (legalMoves(outcome.value.board).length === 0) continue;
            candidates++;
            next.set(outcome.value.board.cells.join(','), outcome.value.board);
          }
        }
        if (candidates > probes || next.size > width) return false;
        level = [...next.values()];
      }
      return true;
    };
    fc.assert(
      fc.property(
        boardArb({ maxWidth: 5, maxHeight: 4, maxColors: 3 }),
        fc.integer({ min: 1, max: 12 }),
        (board, width) => {
          const { exhaustive } = beamSearch(Kernel.fromBoard(board), {
            width,
            evaluator: new Evaluator(DEFAULT_WEIGHTS, createSurvey(board.width, board.height, board.colors)),
            zobrist: new Zobrist(board.width * board.height, board.colors),
            budget: new Budget({ nodes: 10_000_000 }),
            rollouts: { factor: 3, random: createRandom(1), blend: 0 },
          });
          expect(exhaustive).toBe(expectedExhaustive(board, width, 3 * width));
        },
      ),
      { numRuns: 150 },
    );
  });
});
