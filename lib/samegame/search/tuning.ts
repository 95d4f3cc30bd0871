/** SameGame as a {@link TuningGame}: the weights, scored by `solve` at a node budget. */

import { err, ok } from '../../core/result.js';
import type { TuningGame } from '../../core/tuning-game.js';
import { formatBoard, parseBoard, parseBoards } from '../engine/text.js';
import { solve } from './solver.js';
import { DEFAULT_WEIGHTS, WEIGHT_BOUNDS, WEIGHT_NAMES, type WeightName, type Weights } from './weights.js';

/** SameGame for the tuner: weights, bounds, defaults and the solver's score. */
export const tuningGame: TuningGame<WeightName> = {
  name: 'samegame',
  module: import.meta.url,
  spec: { names: WEIGHT_NAMES, bounds: WEIGHT_NAMES.map((f) => WEIGHT_BOUNDS[f]) },
  defaults: DEFAULT_WEIGHTS,
  splitInstances(text) {
    const boards = parseBoards(text);
    return boards.ok
      ? ok(boards.value.map(formatBoard))
      : err({
          code: boards.error.code,
          line: 'line' in boards.error ? boards.error.line : 0,
          message: boards.error.message,
        });
  },
  score(instance, weights, nodes, seed) {
    const board = parseBoard(instance);
    if (!board.ok) throw new Error(`tuning instance: ${board.error.message}`);
    const solution = solve(board.value, { budget: { nodes }, weights: weights as Weights, seed });
    if (!solution.ok) throw new Error(solution.error.message);
    return solution.value.score;
  },
};
