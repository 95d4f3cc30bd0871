/** Columns as a {@link TuningGame}: the evaluation weights, scored by the solver at a node budget. */

import type { TuningGame } from '../../tuner/game.js';
import { err, ok } from '../core/result.js';
import { COLUMNS_FEATURES, COLUMNS_WEIGHT_BOUNDS, type ColumnsWeights, DEFAULT_COLUMNS_WEIGHTS } from './evaluation.js';
import { parseInstance } from './instance.js';
import { solveColumns } from './solver.js';

/** This module's URL, which the tuner's worker threads import. */
export const COLUMNS_TUNING_MODULE_URL = import.meta.url;

/** Instances in a dataset file are separated by a line holding only `---`. */
export const INSTANCE_SEPARATOR = '---';

/** Columns for the genetic tuner: weights, bounds, defaults and the solver's score. */
export const columnsTuningGame: TuningGame = {
  name: 'columns',
  spec: { names: COLUMNS_FEATURES, bounds: COLUMNS_FEATURES.map((f) => COLUMNS_WEIGHT_BOUNDS[f]) },
  defaults: DEFAULT_COLUMNS_WEIGHTS,
  splitInstances(text) {
    const instances: string[] = [];
    let line = 1;
    for (const chunk of text.split(/^---\s*$/m)) {
      if (chunk.trim() !== '') {
        const parsed = parseInstance(chunk);
        if (!parsed.ok) return err({ line: line + parsed.error.line - 1, message: parsed.error.message });
        instances.push(chunk);
      }
      line += chunk.split('\n').length - 1;
    }
    if (instances.length === 0) return err({ line: 1, message: 'no instance: the text is empty' });
    return ok(instances);
  },
  score(instance, weights, nodes) {
    const parsed = parseInstance(instance);
    if (!parsed.ok) throw new Error(`tuning instance: ${parsed.error.message}`);
    const solution = solveColumns(parsed.value, { budget: { nodes }, weights: weights as ColumnsWeights });
    if (!solution.ok) throw new Error(solution.error.message);
    return solution.value.score;
  },
};

/** The name the tuner's worker threads import from a game module. */
export const tuningGame: TuningGame = columnsTuningGame;
