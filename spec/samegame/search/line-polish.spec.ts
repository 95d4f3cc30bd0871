import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../../lib/core/budget.js';
import { createRandom } from '../../../lib/core/random.js';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { judgeLine } from '../../../lib/samegame/engine/referee.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { bestRandomPlayout } from '../../../lib/samegame/search/baselines.js';
import type { Line } from '../../../lib/samegame/search/beam.js';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import { LinePolisher, polishLines } from '../../../lib/samegame/search/line-polish.js';
import { indicesToCells } from '../../../lib/samegame/search/solver.js';
import { readRepoFile } from '../../support/repo.js';
import { boardArb, standardBoardArb } from '../arbitraries.js';

const standard = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!standard.ok) throw new Error(standard.error.message);

/** A random playout's game from the start of `board`, as a line (the benchmark's baseline, one playout). */
const playoutLine = (board: Board, seed: number): Line => bestRandomPlayout(board, { nodes: 1 }, seed);

/** The engine's verdict on `line` from the start of `board`. */
function engineScore(board: Board, line: Line): { end: string; score: number } {
  const verdict = judgeLine(board, indicesToCells(board.height, line.moves));
  return { end: verdict.end, score: verdict.score };
}

describe('LinePolisher', () => {
  it('should return a complete line the engine scores exactly as claimed, never below the line it was given', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxWidth: 10, maxHeight: 10 }), standardBoardArb),
        fc.integer(),
        fc.integer({ min: 0, max: 20_000 }),
        fc.nat({ max: 60 }),
        (board, seed, nodes, from) => {
          const line = playoutLine(board, seed);
          const polisher = new LinePolisher(Kernel.fromBoard(board), createRandom(seed + 1));
          const polished = polisher.polish(line, new Budget({ nodes }), from);
          expect(engineScore(board, polished)).toEqual({ end: 'terminal', score: polished.score });
          expect(polished.score).toBeGreaterThanOrEqual(line.score);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should give the line back when its sweep starts after the last move', () => {
    const board = standard.value[2];
    const line = playoutLine(board, 3);
    const polisher = new LinePolisher(Kernel.fromBoard(board), createRandom(3));
    expect(polisher.polish(line, new Budget({ nodes: 1_000_000 }), line.moves.length)).toBe(line);
    // From the start, the same line is improved: the start is what the first call skipped.
    expect(polisher.polish(line, new Budget({ nodes: 1_000_000 }), 0).score).toBeGreaterThan(line.score);
  });

  it('should return a complete line the engine scores exactly as claimed after a perturbation', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxWidth: 10, maxHeight: 10 }), standardBoardArb),
        fc.integer(),
        (board, seed) => {
          const line = playoutLine(board, seed);
          const polisher = new LinePolisher(Kernel.fromBoard(board), createRandom(seed + 1));
          const changed = polisher.perturbAndPolish(line, new Budget({ nodes: 5_000 }));
          expect(engineScore(board, changed)).toEqual({ end: 'terminal', score: changed.score });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should improve a random playout of every one of the first five standard boards', () => {
    for (const board of standard.value.slice(0, 5)) {
      const line = playoutLine(board, 7);
      const polished = new LinePolisher(Kernel.fromBoard(board), createRandom(8)).polish(
        line,
        new Budget({ nodes: 2_000_000 }),
      );
      expect(polished.score).toBeGreaterThan(line.score);
    }
  });

  it('should give back the line it was given when the budget is spent', () => {
    const board = standard.value[0];
    const line = playoutLine(board, 3);
    const spent = new Budget({ nodes: 0 });
    expect(new LinePolisher(Kernel.fromBoard(board), createRandom(1)).polish(line, spent)).toBe(line);
  });

  it('should stop within one replay of its node budget', () => {
    const board = standard.value[1];
    const line = playoutLine(board, 5);
    for (const nodes of [1, 500, 5_000]) {
      const budget = new Budget({ nodes });
      new LinePolisher(Kernel.fromBoard(board), createRandom(2)).polish(line, budget);
      // A replay is at most one move per two filled cells, plus the one node of a move listing.
      expect(budget.nodes).toBeLessThanOrEqual(nodes + board.cells.length / 2 + 1);
    }
  });

  it('should give the same line for the same seed and budget', () => {
    const board = standard.value[2];
    const line = playoutLine(board, 9);
    const run = () =>
      new LinePolisher(Kernel.fromBoard(board), createRandom(4)).polish(line, new Budget({ nodes: 200_000 }));
    expect(run()).toEqual(run());
  });
});

describe('polishLines', () => {
  it('should return a complete line at least as good as every line it was given, reporting each better line as found', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxWidth: 10, maxHeight: 10 }), standardBoardArb),
        fc.array(fc.integer(), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 30_000 }),
        (board, seeds, nodes) => {
          const lines = seeds.map((seed) => playoutLine(board, seed));
          const [first, ...candidates] = lines;
          const reported: number[] = [];
          const polisher = new LinePolisher(Kernel.fromBoard(board), createRandom(seeds[0]));
          const best = polishLines(first, candidates, polisher, new Budget({ nodes }), (line) =>
            reported.push(line.score),
          );
          expect(engineScore(board, best)).toEqual({ end: 'terminal', score: best.score });
          for (const line of lines) expect(best.score).toBeGreaterThanOrEqual(line.score);
          // Every report beats the one before it and the line it started from; the last is the answer.
          for (let i = 0; i < reported.length; i++)
            expect(reported[i]).toBeGreaterThan(i === 0 ? first.score : reported[i - 1]);
          if (reported.length > 0) expect(reported.at(-1)).toBe(best.score);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('should answer with the better of its line and a candidate when the budget polishes nothing', () => {
    const board = standard.value[0];
    const a = playoutLine(board, 1);
    const b = playoutLine(board, 2);
    expect(a.score).not.toBe(b.score);
    const polisher = new LinePolisher(Kernel.fromBoard(board), createRandom(3));
    // One node: the first line's replay spends it, so no neighbor is tried.
    for (const [line, candidate] of [
      [a, b],
      [b, a],
    ])
      expect(polishLines(line, [candidate], polisher, new Budget({ nodes: 1 }), () => {})).toBe(
        a.score > b.score ? a : b,
      );
  });
});
