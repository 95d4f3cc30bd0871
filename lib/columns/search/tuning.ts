/** Columns as a {@link TuningGame}: the weights, scored by `solve` at a node budget. */
import { describeValue } from '../../core/argument-error.js';
import { err } from '../../core/result.js';
import type { TuningGame } from '../../core/tuning-game.js';
import { parseInstance, splitInstances } from '../engine/text.js';
import { solve } from './solver.js';
import { DEFAULT_WEIGHTS, WEIGHT_BOUNDS, WEIGHT_NAMES, type WeightName, type Weights } from './weights.js';

/** Columns for the tuner: weights, bounds, defaults and the solver's score. */
export const tuningGame: TuningGame<WeightName> = {
  name: 'columns',
  module: import.meta.url,
  spec: { names: WEIGHT_NAMES, bounds: WEIGHT_NAMES.map((f) => WEIGHT_BOUNDS[f]) },
  defaults: DEFAULT_WEIGHTS,
  // A caller from JavaScript may pass anything: a text that is not a string is refused, as SameGame's is.
  splitInstances(text) {
    if (typeof text !== 'string')
      return err({ code: 'invalid-option', line: 0, message: `text must be a string, found ${describeValue(text)}` });
    return splitInstances(text);
  },
  // The beam is deterministic: the seed does not change a Columns solve.
  score(instance, weights, nodes) {
    const parsed = parseInstance(instance);
    if (!parsed.ok) throw new Error(`tuning instance: ${parsed.error.message}`);
    const solution = solve(parsed.value, { budget: { nodes }, weights: weights as Weights });
    if (!solution.ok) throw new Error(solution.error.message);
    return solution.value.score;
  },
};
