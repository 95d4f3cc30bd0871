/** tilefall: engines, solvers and a tuner for tile-matching puzzles with gravity. */

export * as columns from './columns/index.js';
export type { Result } from './core/result.js';
export { err, ok } from './core/result.js';
export * as samegame from './samegame/index.js';
