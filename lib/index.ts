/**
 * tilefall: engines, solvers and a tuner for tile-matching puzzles with gravity. Each game is a
 * namespace here and an entry point of its own (`tilefall/samegame`, `tilefall/columns`); the
 * tuner is `tilefall/tuner`.
 *
 * @module tilefall
 */

export * as columns from './columns/index.js';
export type { Result } from './core/result.js';
export { err, ok } from './core/result.js';
export * as samegame from './samegame/index.js';
