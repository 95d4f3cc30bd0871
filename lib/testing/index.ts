/**
 * Conformance testing for an engine written in TypeScript: fast-check arbitraries of games that
 * reach the corners of the rules, the answers the rules give, and the comparison that finds the
 * first step where an engine parts from them, for your own vitest (or any) run with your own
 * fast-check. `tilefall samegame conform` and `tilefall columns conform` do the same for an engine
 * in any language, through its standard input and output (`docs/conformance.md`).
 *
 * Every function checks what it is given and answers a `Result`: a value that is not what it
 * takes (bounds outside the engine's limits, a board that is not settled, an illegal move, steps
 * that are not `{ points, rows }`) is refused with an `ArgumentError` naming the field, never
 * thrown on.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { formatDisagreement, samegameDisagreement, samegameGames, samegameSteps } from 'tilefall/testing';
 *
 * const games = samegameGames({ width: 15, height: 15, colors: 5 });
 * if (!games.ok) throw new Error(games.error.message);
 * fc.assert(
 *   fc.property(games.value, (game) => {
 *     const mine = samegameSteps(game); // your engine's { points, rows } for each of game.moves
 *     const found = mine.ok ? samegameDisagreement(game, mine.value) : mine;
 *     if (!found.ok) throw new Error(found.error.message);
 *     if (found.value) {
 *       const text = formatDisagreement(found.value);
 *       throw new Error(text.ok ? text.value : text.error.message);
 *     }
 *   }),
 * );
 * ```
 *
 * @module tilefall/testing
 */

export type { ArgumentError, ArgumentErrorCode } from '../core/argument-error.js';
export type { IntegerRange } from '../core/integer-range.js';
export type { Result } from '../core/result.js';
export { err, ok } from '../core/result.js';
export type { ColumnsCorner } from './columns-corners.js';
export { COLUMNS_CORNERS, columnsCorners } from './columns-corners.js';
export type { ColumnsCheckCode } from './columns-game-check.js';
export type { ColumnsGame, ColumnsGameOptions } from './columns-games.js';
export { COLUMNS_GAME_DEFAULTS, columnsGames } from './columns-games.js';
export type { ColumnsArgumentError, ColumnsStep } from './columns-protocol.js';
export { columnsDisagreement, columnsInput, columnsSteps, OVER } from './columns-protocol.js';
export type { Disagreement } from './disagreement.js';
export { formatDisagreement } from './disagreement.js';
export type { SamegameCorner } from './samegame-corners.js';
export { SAMEGAME_CORNERS, samegameCorners } from './samegame-corners.js';
export type { SamegameCheckCode } from './samegame-game-check.js';
export type { SamegameGame, SamegameGameOptions } from './samegame-games.js';
export { SAMEGAME_GAME_DEFAULTS, samegameGames } from './samegame-games.js';
export type { SamegameArgumentError, SamegameStep } from './samegame-protocol.js';
export { samegameDisagreement, samegameInput, samegameSteps } from './samegame-protocol.js';
