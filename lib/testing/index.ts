/**
 * Conformance testing for an engine written in TypeScript: fast-check arbitraries of games that
 * reach the corners of the rules, the answers the rules give, and the comparison that finds the
 * first step where an engine parts from them, for your own vitest (or any) run with your own
 * fast-check. `tilefall samegame conform` and `tilefall columns conform` do the same for an engine
 * in any language, through its standard input and output (`docs/conformance.md`).
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { formatDisagreement, samegameDisagreement, samegameGames, samegameSteps } from 'tilefall/testing';
 *
 * fc.assert(
 *   fc.property(samegameGames({ width: 15, height: 15, colors: 5 }), (game) => {
 *     const mine = samegameSteps(game); // your engine's { points, rows } for each of game.moves
 *     const found = samegameDisagreement(game, mine);
 *     if (found) throw new Error(formatDisagreement(found));
 *   }),
 * );
 * ```
 *
 * @module tilefall/testing
 */

export type { IntegerRange } from '../core/integer-range.js';
export type { ColumnsCorner } from './columns-corners.js';
export { COLUMNS_CORNERS, columnsCorners } from './columns-corners.js';
export type { ColumnsGame, ColumnsGameOptions } from './columns-games.js';
export { COLUMNS_GAME_DEFAULTS, columnsGames } from './columns-games.js';
export type { ColumnsStep } from './columns-protocol.js';
export { columnsDisagreement, columnsInput, columnsSteps, OVER } from './columns-protocol.js';
export type { Disagreement } from './disagreement.js';
export { formatDisagreement } from './disagreement.js';
export type { SamegameCorner } from './samegame-corners.js';
export { SAMEGAME_CORNERS, samegameCorners } from './samegame-corners.js';
export type { SamegameGame, SamegameGameOptions } from './samegame-games.js';
export { SAMEGAME_GAME_DEFAULTS, samegameGames } from './samegame-games.js';
export type { SamegameStep } from './samegame-protocol.js';
export { samegameDisagreement, samegameInput, samegameSteps } from './samegame-protocol.js';
