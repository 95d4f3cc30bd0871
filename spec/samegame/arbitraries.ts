// Domain arbitraries shared by the SameGame specs: settled boards of many shapes, some partly
// cleared, and move choices that pick among the legal moves of whatever board they meet.
import fc from 'fast-check';
import { type Board, EMPTY } from '../../lib/samegame/engine/board.js';
import { Kernel } from '../../lib/samegame/search/kernel.js';

export interface BoardArbOptions {
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  readonly maxColors?: number;
}

/** A settled board: random column heights (some columns empty, moved right), random colors. */
export function boardArb({ maxWidth = 9, maxHeight = 9, maxColors = 6 }: BoardArbOptions = {}): fc.Arbitrary<Board> {
  return fc
    .record({
      width: fc.integer({ min: 1, max: maxWidth }),
      height: fc.integer({ min: 1, max: maxHeight }),
      colors: fc.integer({ min: 1, max: maxColors }),
      fullness: fc.constantFrom('full', 'partial'),
    })
    .chain(({ width, height, colors, fullness }) =>
      fc
        .array(
          fc.record({
            height: fullness === 'full' ? fc.constant(height) : fc.integer({ min: 0, max: height }),
            colors: fc.array(fc.integer({ min: 0, max: colors - 1 }), { minLength: height, maxLength: height }),
          }),
          { minLength: width, maxLength: width },
        )
        .map((columns) => {
          const filled = columns.filter((c) => c.height > 0);
          const cells = new Array<number>(width * height).fill(EMPTY);
          filled.forEach((column, x) => {
            for (let y = 0; y < column.height; y++) cells[x * height + y] = column.colors[y];
          });
          return { width, height, colors, cells };
        }),
    );
}

/** A standard 15 x 15 x 5 board, full. */
export const standardBoardArb: fc.Arbitrary<Board> = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 225, maxLength: 225 })
  .map((cells) => ({ width: 15, height: 15, colors: 5, cells }));

/** Move choices: each number picks one legal move (modulo their count) of the board it meets. */
export const moveChoicesArb: fc.Arbitrary<number[]> = fc.array(fc.nat(), { maxLength: 60 });

/** A kernel of `start` after the moves `picks` choose (each modulo the legal moves it meets). */
export function positionAfter(start: Board, picks: readonly number[]): Kernel {
  const kernel = Kernel.fromBoard(start);
  const moves = new Int32Array(start.cells.length);
  for (const pick of picks) {
    const count = kernel.legalMoves(moves);
    if (count === 0) break;
    kernel.play(moves[pick % count]);
  }
  return kernel;
}
