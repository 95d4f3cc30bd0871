/** tilefall: engines, solvers and a tuner for tile-matching puzzles with gravity. */
export * as samegame from './samegame/index.js';
export * as columns from './columns/index.js';
export { ok, err } from './core/result.js';
export type { Result } from './core/result.js';
