/**
 * Seeded random boards: every cell an independent uniform colour, as in the standard benchmark
 * boards. Same seed and shape, same boards.
 */
import { createRandom } from '../core/random.js';
import { type Board, STANDARD_SHAPE } from './board.js';

/** How many boards, from which seed, of which shape. */
export interface GenerateOptions {
  readonly count: number;
  readonly seed: number;
  readonly width?: number;
  readonly height?: number;
  readonly colors?: number;
}

/** `count` full boards drawn from `seed`. */
export function generate({
  count,
  seed,
  width = STANDARD_SHAPE.width,
  height = STANDARD_SHAPE.height,
  colors = STANDARD_SHAPE.colors,
}: GenerateOptions): Board[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => ({
    width,
    height,
    colors,
    cells: Array.from({ length: width * height }, () => random.uniform(0, colors - 1)),
  }));
}
