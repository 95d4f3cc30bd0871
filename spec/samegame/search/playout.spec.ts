import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../lib/core/random.js';
import { judgeActions } from '../../../lib/samegame/engine/referee.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import { cellPlayout, randomPlayout } from '../../../lib/samegame/search/playout.js';
import { fallContacts } from '../../../lib/samegame/search/rollout-contest.js';
import { indicesToCells } from '../../../lib/samegame/search/solver.js';
import { NEVER } from '../../../lib/samegame/search/tabu-rule.js';
import { readRepoFile } from '../../support/repo.js';
import { boardArb, standardBoardArb } from '../arbitraries.js';

describe('randomPlayout', () => {
  it('should play a legal game to a terminal position, scored as the engine scores it, with or without tabu and contests', () => {
    // A strict tabu (NEVER) on boards up to 31 rows is played on bitmasks, the rest on the cells:
    // both kinds are drawn here, and boards taller than a mask word too.
    const optionsArb = fc.record({
      tabuColor: fc.integer({ min: -1, max: 5 }),
      tabuMinRegion: fc.oneof(fc.integer({ min: 2, max: 60 }), fc.constant(NEVER)),
      contestMoves: fc.integer({ min: 0, max: 12 }),
    });
    const boardsArb = fc.oneof(boardArb(), standardBoardArb, boardArb({ maxWidth: 3, maxHeight: 40, maxColors: 3 }));
    fc.assert(
      fc.property(boardsArb, fc.integer(), optionsArb, (board, seed, options) => {
        const kernel = Kernel.fromBoard(board);
        const moves = new Int32Array(board.cells.length);
        const out = { length: 0 };
        const points = randomPlayout(kernel, createRandom(seed), { moves, played: out, ...options });
        const verdict = judgeActions(
          board,
          indicesToCells(board.height, Array.from(moves.subarray(0, out.length))).map((c) => `${c.x} ${c.y}`),
          'multi-turn',
        );
        expect(verdict.end).toBe('terminal');
        expect(verdict.score).toBe(points);
        expect(kernel.isTerminal()).toBe(true);
      }),
    );
  });

  it('should play the same game on the cells as a playout that remembers no region, whatever stale marks and sizes it starts with', () => {
    // The cell playout marks the cells of every region it refused, with the region's size, to
    // skip the flood fill when one is drawn again in the same position. A kernel with an empty
    // marks array can store no mark (typed arrays ignore writes out of range), so it flood-fills
    // every draw: the reference.
    const eraArb = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 1000 }),
      fc.integer({ min: 0xffffffff - 60, max: 0xffffffff }),
    );
    fc.assert(
      fc.property(
        standardBoardArb,
        fc.integer(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 2, max: 60 }),
        eraArb,
        fc.integer(),
        (board, seed, tabuColor, tabuMinRegion, era, fill) => {
          const play = (kernel: Kernel) => {
            const moves = new Int32Array(board.cells.length);
            const played = { length: 0 };
            const points = cellPlayout(kernel, createRandom(seed), { moves, played, tabuColor, tabuMinRegion });
            return { points, moves: Array.from(moves.subarray(0, played.length)) };
          };
          const stale = Kernel.fromBoard(board);
          stale.markEra = era;
          const random = createRandom(fill);
          for (let i = 0; i < stale.marks.length; i++) {
            stale.marks[i] = era === 0 ? 0 : random.below(era) + 1;
            stale.markSizes[i] = random.below(300);
          }
          const forgetful = Kernel.fromBoard(board);
          Object.defineProperty(forgetful, 'marks', { value: new Uint32Array(0) });
          expect(play(stale)).toEqual(play(forgetful));
        },
      ),
      { numRuns: 60 },
    );
  });

  // Legal regions of sizes 2 (0s), 3 (1s), 5 (2s) and 2 (0s at the top right), plus one
  // singleton and the alternating column.
  const board = { width: 3, height: 6, colors: 3, cells: [0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 0, 1, 0, 1, 0, 1, 0] };
  /** Share of 6000 playouts whose first move took each region, keyed by the region's size. */
  const firstMoveShares = (): Map<number, number> => {
    const random = createRandom(42);
    const firsts = new Map<number, number>();
    const moves = new Int32Array(18);
    const kernel = Kernel.fromBoard(board);
    for (let i = 0; i < 6000; i++) {
      kernel.copyFrom(Kernel.fromBoard(board));
      randomPlayout(kernel, random, { moves });
      const first = Kernel.fromBoard(board);
      first.regionAt(moves[0]);
      // The two 2-cell regions are told apart by their lowest cell.
      const key =
        first.regionLength * 100 + first.region.subarray(0, first.regionLength).reduce((a, b) => Math.min(a, b), 99);
      firsts.set(key, (firsts.get(key) ?? 0) + 1 / 6000);
    }
    return firsts;
  };

  it('should make more fall contacts with its contest moves than a plain playout makes with its first moves', () => {
    const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
    if (!boards.ok) throw new Error(boards.error.message);
    const start = Kernel.fromBoard(boards.value[10]);
    /** Mean contacts of the first two moves over 1000 TabuColor playouts from standard board 11. */
    const meanContacts = (contestMoves: number): number => {
      const random = createRandom(7);
      const moves = new Int32Array(225);
      const kernel = start.clone();
      let total = 0;
      for (let i = 0; i < 1000; i++) {
        kernel.copyFrom(start);
        randomPlayout(kernel, random, { moves, tabuColor: 0, contestMoves });
        kernel.copyFrom(start);
        for (let m = 0; m < 2; m++) {
          kernel.regionAt(moves[m]);
          total += fallContacts(kernel);
          kernel.removeRegion();
        }
      }
      return total / 2000;
    };
    const plain = meanContacts(0);
    const contest = meanContacts(2);
    // Best of three draws against one: measured 1.33 against 0.70; the noise of 2000 moves is about 0.02.
    expect(contest).toBeGreaterThan(plain + 0.3);
  });

  it('should pick every legal move of a position with about equal frequency', () => {
    const shares = firstMoveShares();
    expect(shares.size).toBe(4);
    // 6000 draws: the standard error of each share is 0.0056, so 0.03 is over five of them.
    for (const share of shares.values()) expect(Math.abs(share - 0.25)).toBeLessThan(0.03);
  });
});
