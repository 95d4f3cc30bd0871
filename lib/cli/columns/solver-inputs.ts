/**
 * What the Columns solver commands (`solve`, `compare`) read from their options, checked as the
 * solver takes them, so that a value the library would refuse is one line and exit 2 here.
 */
import { parseWeights, type Weights } from '../../columns/search/weights.js';
import { type BudgetSpec, checkBudget } from '../../core/budget.js';
import { InputFailure } from '../input-error.js';
import { readJsonFile } from '../read-input.js';

/** Columns weights from a JSON file (plain or a tune output), as `parseWeights` takes them, or an input failure naming the file and field. */
export function readColumnsWeights(file: string): Weights {
  const weights = parseWeights(readJsonFile(file));
  if (!weights.ok)
    throw new InputFailure({ file, message: `field "${weights.error.field}": ${weights.error.message}` });
  return weights.value;
}

/** The weights from `file` when one is named. */
export const readOptionalColumnsWeights = (file: string | undefined): Weights | undefined =>
  file === undefined ? undefined : readColumnsWeights(file);

/** `--nodes N` or `timeMs` as a budget the solver takes, or an input failure naming the option. */
export function solverBudget(nodes: number | undefined, timeMs: number): BudgetSpec {
  const budget = checkBudget(nodes === undefined ? { timeMs } : { nodes }, 'budget');
  if (!budget.ok) {
    const option = budget.error.field === 'budget.nodes' ? '--nodes' : '--time';
    throw new InputFailure({ message: budget.error.message.replace(budget.error.field, option) });
  }
  return budget.value;
}
