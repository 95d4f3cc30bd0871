/** Columns: field, instance and output forms, rules, game, solver, baselines, generator. */

export { greedyPlacements, quickstartPlacements } from './baselines.js';
export type { ColumnsFeature, ColumnsWeights } from './evaluation.js';
export { COLUMNS_FEATURES, COLUMNS_WEIGHT_BOUNDS, COLUMNS_WEIGHT_DOCS, DEFAULT_COLUMNS_WEIGHTS } from './evaluation.js';
export type { Field, Jewel } from './field.js';
export { emptyField, formatField, jewelCount, jewelLetter } from './field.js';
export type { GameResult } from './game.js';
export { playGame } from './game.js';
export type { ColumnsGenerateOptions } from './generate.js';
export { GENERATOR_RANGES, generateInstance } from './generate.js';
export type { InputError, Instance, Piece } from './instance.js';
export { formatInstance, parseInstance, pieceFromToken, pieceToken, STATEMENT_LIMITS } from './instance.js';
export type { OutputError, Placement } from './output.js';
export { formatOutput, parseOutput } from './output.js';
export { READINGS } from './readings.js';
export type { ColumnOutcome, MatchStep } from './rules.js';
export { findMatches, jewelAt, playColumn, resolveMatches, shiftJewels } from './rules.js';
export type { ColumnsSolution, ColumnsSolveError, ColumnsSolveOptions } from './solver.js';
export { solveColumns } from './solver.js';
export { COLUMNS_TUNING_MODULE_URL, columnsTuningGame, INSTANCE_SEPARATOR } from './tuning.js';
