/**
 * The SameGame conformance protocol: the text an engine is sent for a game and what a correct
 * engine answers. A game is `W H`, `H` rows of `W` integers top row first (-1 empty), `N`, then
 * `N` moves `x y` (column from the left, row from the bottom). For each move the engine prints
 * the points it scored, then the `H` rows of the board after it. `docs/conformance.md` is the
 * contract in words.
 */
import { type Board, boardRows, EMPTY } from '../samegame/engine/board.js';
import { play } from '../samegame/engine/rules.js';
import { formatBoardLines } from '../samegame/engine/text.js';
import { type Disagreement, type ExpectedStep, firstDisagreement } from './disagreement.js';
import type { SamegameGame } from './samegame-games.js';

/** One move's answer: the points it scored (the clear bonus included) and the board after it, top row first. */
export interface SamegameStep {
  readonly points: number;
  /** Rows top row first, -1 for an empty cell: CodinGame's turn input. */
  readonly rows: readonly (readonly number[])[];
}

/** The text an engine is sent for `game`: the board, then the moves. */
export function samegameInput(game: SamegameGame): string {
  const { board, moves } = game;
  const lines = [`${board.width} ${board.height}`, ...formatBoardLines(board), String(moves.length)];
  for (const move of moves) lines.push(`${move.x} ${move.y}`);
  return `${lines.join('\n')}\n`;
}

/** What the rules say each move of `game` scores and leaves: the answers a correct engine gives. */
export function samegameSteps(game: SamegameGame): SamegameStep[] {
  return playedBoards(game).map(({ after, points }) => ({ points, rows: boardRows(after) }));
}

/** Each move's board before and after it and its points (clear bonus included). */
function playedBoards(game: SamegameGame): { before: Board; after: Board; points: number }[] {
  const played: { before: Board; after: Board; points: number }[] = [];
  let board = game.board;
  for (const move of game.moves) {
    const outcome = play(board, move);
    if (!outcome.ok) throw new RangeError(`move ${move.x} ${move.y} of the game is illegal: ${outcome.error.message}`);
    const { board: after, points, clearBonus } = outcome.value;
    played.push({ before: board, after, points: points + clearBonus });
    board = after;
  }
  return played;
}

/** The lines a step prints: its points, then its rows. */
export function samegameStepLines(step: SamegameStep): string[] {
  return [String(step.points), ...step.rows.map((row) => row.join(' '))];
}

/** Each move's expected answer as lines, with the move and the board before it. */
export function samegameExpected(game: SamegameGame): ExpectedStep[] {
  return playedBoards(game).map(({ before, after, points }, i) => ({
    move: `${game.moves[i].x} ${game.moves[i].y}`,
    before: formatBoardLines(before),
    lines: [String(points), ...formatBoardLines(after)],
  }));
}

/**
 * Where an engine's answers to `game` first part from the rules, or undefined when they agree:
 * the comparison `tilefall samegame conform` makes, for an engine written in TypeScript.
 *
 * @throws RangeError when a move of `game` is illegal (games from {@link samegameGames} never are).
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { samegameDisagreement, samegameGames, samegameSteps } from 'tilefall/testing';
 *
 * // In a vitest or any test: your engine's steps for each game, compared with the rules.
 * fc.assert(
 *   fc.property(samegameGames({ width: 15, height: 15, colors: 5 }), (game) => {
 *     const mine = samegameSteps(game); // put your engine here: { points, rows } for each move
 *     return samegameDisagreement(game, mine) === undefined;
 *   }),
 *   { seed: 1, numRuns: 20 },
 * );
 * ```
 */
export function samegameDisagreement(game: SamegameGame, steps: readonly SamegameStep[]): Disagreement | undefined {
  return firstDisagreement(samegameExpected(game), steps.map(samegameStepLines));
}

/** `W x H, C colors, N moves`: a game's size in a few words (the colors are those on the board). */
export function samegameSummary(game: SamegameGame): string {
  const { width, height, cells } = game.board;
  const colors = new Set(cells.filter((c) => c !== EMPTY)).size;
  const moves = game.moves.length;
  return `${width} x ${height}, ${colors} color${colors === 1 ? '' : 's'}, ${moves} move${moves === 1 ? '' : 's'}`;
}
