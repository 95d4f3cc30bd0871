/**
 * The arguments of `solve`, checked at its boundary: the board, the budget, the weights, the seed,
 * the widths, the known line, the callbacks and the state to resume. The search trusts what
 * passes here and never checks again.
 */
import { type ArgumentError, checkOptions, checkWholeNumber, refuse, SEED_RANGE } from '../../core/argument-error.js';
import { type BudgetSpec, checkBudget } from '../../core/budget.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, type Cell, checkBoard, checkCells } from '../engine/board.js';
import { WIDEST_PASS } from './beam-memory.js';
import { parseSolveState, type SolveState } from './solve-state.js';
import { checkWeights, DEFAULT_WEIGHTS, type Weights } from './weights.js';

/** What a solve is given, once checked, with the defaults filled in. */
export interface CheckedSolve {
  readonly board: Board;
  readonly budget: BudgetSpec;
  readonly weights: Weights;
  readonly seed: number;
  readonly initialWidth: number | undefined;
  readonly maxWidth: number | undefined;
  readonly knownLine: readonly Cell[] | undefined;
  readonly onImprove: ((progress: { score: number; nodes: number; width: number }) => void) | undefined;
  readonly onCheckpoint: ((state: SolveState) => void) | undefined;
  readonly resume: SolveState | undefined;
}

/** The options `solve` knows. */
const SOLVE_OPTION_KEYS = [
  'budget',
  'weights',
  'seed',
  'initialWidth',
  'maxWidth',
  'onImprove',
  'knownLine',
  'onCheckpoint',
  'resume',
] as const;

/** The widths a caller may give (`initialWidth`, `maxWidth`): the widest is the bound on one level's arrays. */
export const WIDTH_RANGE: readonly [number, number] = [1, WIDEST_PASS];

/**
 * `board` and `options` as `solve` takes them, or the first thing wrong with them: the board
 * (`invalid-board`), the budget (`invalid-budget`), the weights (`invalid-weights`), a cell of
 * the known line (`invalid-cell`), or another option (`invalid-option`).
 */
export function checkSolve(board: unknown, options: unknown): Result<CheckedSolve, ArgumentError> {
  const checkedBoard = checkBoard(board);
  if (!checkedBoard.ok) return checkedBoard;
  const fields = checkOptions('invalid-option', 'options', options, SOLVE_OPTION_KEYS);
  if (!fields.ok) return fields;
  const given = fields.value;
  const budget = checkBudget(given.budget, 'options.budget');
  if (!budget.ok) return budget;
  const weights = given.weights === undefined ? ok(DEFAULT_WEIGHTS) : checkWeights(given.weights, 'options.weights');
  if (!weights.ok) return weights;
  const seed = checkWholeNumber('invalid-option', 'options.seed', given.seed ?? 1, SEED_RANGE);
  if (!seed.ok) return seed;
  const initialWidth = optionalWidth(given.initialWidth, 'options.initialWidth');
  if (!initialWidth.ok) return initialWidth;
  const maxWidth = optionalWidth(given.maxWidth, 'options.maxWidth');
  if (!maxWidth.ok) return maxWidth;
  const knownLine = given.knownLine === undefined ? ok(undefined) : checkCells(given.knownLine, 'options.knownLine');
  if (!knownLine.ok) return knownLine;
  const onImprove = optionalFunction(given.onImprove, 'options.onImprove');
  if (!onImprove.ok) return onImprove;
  const onCheckpoint = optionalFunction(given.onCheckpoint, 'options.onCheckpoint');
  if (!onCheckpoint.ok) return onCheckpoint;
  const identity = { seed: seed.value, budget: budget.value, weights: weights.value };
  const resume = given.resume === undefined ? ok(undefined) : checkResume(given.resume, checkedBoard.value, identity);
  if (!resume.ok) return resume;
  return ok({
    board: checkedBoard.value,
    ...identity,
    initialWidth: initialWidth.value,
    maxWidth: maxWidth.value,
    knownLine: knownLine.value,
    onImprove: onImprove.value as CheckedSolve['onImprove'],
    onCheckpoint: onCheckpoint.value as CheckedSolve['onCheckpoint'],
    resume: resume.value,
  });
}

/** A beam width when one is given: a whole number in {@link WIDTH_RANGE}. */
function optionalWidth(value: unknown, field: string): Result<number | undefined, ArgumentError> {
  return value === undefined ? ok(undefined) : checkWholeNumber('invalid-option', field, value, WIDTH_RANGE);
}

/** A callback when one is given. */
function optionalFunction(value: unknown, field: string): Result<unknown, ArgumentError> {
  return value === undefined || typeof value === 'function'
    ? ok(value)
    : refuse('invalid-option', field, 'a function', value);
}

/** A state to resume, checked as `parseSolveState` checks one read from a file, against this solve. */
function checkResume(
  value: unknown,
  board: Board,
  identity: { readonly seed: number; readonly budget: BudgetSpec; readonly weights: Weights },
): Result<SolveState, ArgumentError> {
  const state = parseSolveState(value, board, identity);
  if (state.ok) return state;
  return err({
    code: 'invalid-option',
    field: 'options.resume',
    message: `options.resume cannot resume this solve: ${state.error.message}`,
  });
}
