import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../lib/core/random.js';
import { type Board, colorAt } from '../../../lib/samegame/engine/board.js';
import { judgeLine } from '../../../lib/samegame/engine/referee.js';
import { legalMoves, play, regionAt } from '../../../lib/samegame/engine/rules.js';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import { MaskPlayout, maskFallContacts } from '../../../lib/samegame/search/mask-playout.js';
import { fallContacts } from '../../../lib/samegame/search/rollout-contest.js';
import { indicesToCells } from '../../../lib/samegame/search/solver.js';
import { NEVER } from '../../../lib/samegame/search/tabu-rule.js';
import { boardArb, moveChoicesArb, positionAfter, standardBoardArb } from '../arbitraries.js';

/** The referee's verdict on the kernel-indexed `moves` from `start` (thrown at an illegal move). */
function replay(start: Board, moves: readonly number[]): { board: Board; points: number } {
  const verdict = judgeLine(start, indicesToCells(start.height, moves));
  if (verdict.error) throw new Error(`move ${verdict.error.action} refused: ${verdict.error.message}`);
  return { board: verdict.board, points: verdict.score };
}

const seedArb = fc.integer({ min: 1, max: 0x7fffffff });

/** Four regions, of 2, 3, 5 (color 2) and 2 cells, for the draw-frequency specs. */
const FOUR_REGIONS: Board = {
  width: 3,
  height: 6,
  colors: 3,
  cells: [0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 0, 1, 0, 1, 0, 1, 0],
};

/** `maskFallContacts` of the region `kernel.regionAt(index)` finds, with the masks built from the kernel. */
function maskContactsOf(kernel: Kernel, index: number): number {
  const { width, height, colors } = kernel;
  const masks = new Int32Array(width * colors);
  const heights = new Int32Array(width);
  for (let x = 0; x < kernel.columns; x++) {
    heights[x] = kernel.heights[x];
    for (let y = 0; y < heights[x]; y++) masks[x * colors + kernel.cells[x * height + y]] |= 1 << y;
  }
  const n = kernel.regionAt(index);
  const region = new Int32Array(width);
  let from = width;
  let to = -1;
  for (const cell of kernel.region.subarray(0, n)) {
    const x = Math.floor(cell / height);
    region[x] |= 1 << (cell % height);
    from = Math.min(from, x);
    to = Math.max(to, x);
  }
  return maskFallContacts(masks, colors, heights, region, from, to, kernel.columns);
}

describe('maskFallContacts', () => {
  it("should count the contacts of any region's removal as the kernel's fallContacts does", () => {
    // Boards of two or three colors too: their big, winding regions cut a column in several runs.
    fc.assert(
      fc.property(
        fc.oneof(boardArb(), boardArb({ maxColors: 3 }), standardBoardArb),
        moveChoicesArb,
        fc.nat(),
        (board, picks, pick) => {
          const kernel = positionAfter(board, picks.slice(0, 12));
          const legal = new Int32Array(board.cells.length);
          const count = kernel.legalMoves(legal);
          if (count === 0) return;
          const masks = maskContactsOf(kernel, legal[pick % count]);
          kernel.regionAt(legal[pick % count]);
          expect(masks).toBe(fallContacts(kernel));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('should count no landing contact in a column the region cuts in two runs', () => {
    // Column 0 from the bottom: 0 1 1 0 1; column 1: 0 0 0 0 2. The 0s are one region that cuts
    // column 0 at rows 0 and 3; the 1 on top falls two rows, onto the lower 1, but the cells under
    // a cut of several runs are not looked at (fallContacts' rule), and column 1's 2 lands on the
    // floor. So no contact at all.
    const board = { width: 2, height: 5, colors: 3, cells: [0, 1, 1, 0, 1, 0, 0, 0, 0, 2] };
    const kernel = Kernel.fromBoard(board);
    expect(maskContactsOf(kernel, 0)).toBe(0);
    kernel.regionAt(0);
    expect(fallContacts(kernel)).toBe(0);
  });
});

describe('MaskPlayout', () => {
  it('should play a legal game to a terminal position and leave the kernel as the engine leaves the board', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb(), boardArb({ maxWidth: 4, maxHeight: 31, maxColors: 3 }), standardBoardArb),
        moveChoicesArb,
        fc.integer({ min: -1, max: 5 }),
        seedArb,
        fc.integer({ min: 0, max: 12 }),
        fc.oneof(fc.integer({ min: 2, max: 40 }), fc.constant(NEVER)),
        (board, picks, tabuColor, seed, contestMoves, tabuMinRegion) => {
          const kernel = positionAfter(board, picks.slice(0, 10));
          const start = kernel.toBoard();
          const scoreBefore = kernel.score;
          const moves = new Int32Array(board.cells.length);
          const masks = new MaskPlayout(board.width, board.colors);
          const { played, points } = masks.play(kernel, tabuColor, seed, moves, contestMoves, tabuMinRegion);
          const engine = replay(start, Array.from(moves.subarray(0, played)));
          expect(points).toBe(engine.points);
          expect(kernel.score).toBe(scoreBefore + points);
          expect(legalMoves(engine.board)).toEqual([]);
          expect(kernel.toBoard()).toEqual(engine.board);
          expect(kernel.filled).toBe(engine.board.cells.filter((c) => c >= 0).length);
          expect(kernel.isTerminal()).toBe(true);
        },
      ),
    );
  });

  it('should never take a tabu region under tabuMinRegion cells while a region of another color can be taken', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb({ maxColors: 4 }), standardBoardArb),
        fc.integer({ min: 0, max: 3 }),
        seedArb,
        fc.oneof(fc.integer({ min: 2, max: 40 }), fc.constant(NEVER)),
        (board, tabuColor, seed, tabuMinRegion) => {
          const kernel = Kernel.fromBoard(board);
          const moves = new Int32Array(board.cells.length);
          const masks = new MaskPlayout(board.width, board.colors);
          const { played } = masks.play(kernel, tabuColor, seed, moves, 0, tabuMinRegion);
          let position = board;
          for (const index of moves.subarray(0, played)) {
            const x = Math.floor(index / position.height);
            const y = index % position.height;
            if (
              colorAt(position, { x: x, y: y }) === tabuColor &&
              regionAt(position, { x: x, y: y }).length < tabuMinRegion
            ) {
              const others = legalMoves(position).filter((m) => colorAt(position, { x: m.x, y: m.y }) !== tabuColor);
              expect(others).toEqual([]);
            }
            const outcome = play(position, { x, y });
            if (!outcome.ok) throw new Error(outcome.error.message);
            position = outcome.value.board;
          }
        },
      ),
    );
  });

  it('should play the same game for the same seed, whatever it played before', () => {
    fc.assert(
      fc.property(standardBoardArb, standardBoardArb, seedArb, seedArb, (board, other, seed, otherSeed) => {
        const game = (masks: MaskPlayout) => {
          const moves = new Int32Array(225);
          const { played, points } = masks.play(Kernel.fromBoard(board), 0, seed, moves);
          return { points, moves: Array.from(moves.subarray(0, played)) };
        };
        const used = new MaskPlayout(15, 5);
        used.play(Kernel.fromBoard(other), 1, otherSeed, undefined);
        expect(game(used)).toEqual(game(new MaskPlayout(15, 5)));
      }),
      { numRuns: 40 },
    );
  });

  it('should take each region of a position with about equal chance, whatever its size', () => {
    // A draw by cell alone would take the 5-cell region 5 / 12 of the time.
    const board = FOUR_REGIONS;
    const masks = new MaskPlayout(3, 3);
    const random = createRandom(42);
    const moves = new Int32Array(18);
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      masks.play(Kernel.fromBoard(board), -1, random.below(0x7fffffff) + 1, moves);
      const x = Math.floor(moves[0] / 6);
      const region = regionAt(board, { x: x, y: moves[0] % 6 });
      const key = `${region.length}@${Math.min(...region.map((c) => c.x * 6 + c.y))}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(4);
    // The standard error of each share of 6000 is 0.0056: 0.03 is over five of them.
    for (const count of counts.values()) expect(Math.abs(count / 6000 - 0.25)).toBeLessThan(0.03);
  });

  it('should take a tabu region of tabuMinRegion cells early as often as any other region, and a smaller one never', () => {
    // The tabu color 2 is the one region of 5 cells, beside three other regions.
    const board = FOUR_REGIONS;
    const masks = new MaskPlayout(3, 3);
    const random = createRandom(43);
    const moves = new Int32Array(18);
    /** Share of 4000 playouts whose first move took the tabu color. */
    const tabuFirst = (tabuMinRegion: number): number => {
      let count = 0;
      for (let i = 0; i < 4000; i++) {
        masks.play(Kernel.fromBoard(board), 2, random.below(0x7fffffff) + 1, moves, 0, tabuMinRegion);
        if (board.cells[moves[0]] === 2) count++;
      }
      return count / 4000;
    };
    // One region of four: the standard error of a share of 4000 is 0.0068, so 0.035 is five of them.
    expect(Math.abs(tabuFirst(5) - 0.25)).toBeLessThan(0.035);
    expect(tabuFirst(6)).toBe(0);
    expect(tabuFirst(NEVER)).toBe(0);
  });

  it('should fit boards up to 31 rows high and no taller', () => {
    expect(MaskPlayout.fits(31)).toBe(true);
    expect(MaskPlayout.fits(32)).toBe(false);
  });
});
