/**
 * The SameGame conformance protocol: the text an engine is sent for a game and what a correct
 * engine answers. A game is `W H`, `H` rows of `W` integers top row first (-1 empty), `N`, then
 * `N` moves `x y` (column from the left, row from the bottom). For each move the engine prints
 * the points it scored, then the `H` rows of the board after it. `docs/conformance.md` is the
 * contract in words.
 */
import type { ArgumentError } from '../core/argument-error.js';
import { ok, type Result } from '../core/result.js';
import { type Board, boardRows, EMPTY } from '../samegame/engine/board.js';
import { play } from '../samegame/engine/rules.js';
import { formatBoardLines } from '../samegame/engine/text.js';
import { type Disagreement, type ExpectedStep, firstDisagreement } from './disagreement.js';
import { checkSamegameGame, checkSamegameSteps, type SamegameCheckCode } from './samegame-game-check.js';
import type { SamegameGame } from './samegame-games.js';

/** One move's answer: the points it scored (the clear bonus included) and the board after it, top row first. */
export interface SamegameStep {
  readonly points: number;
  /** Rows top row first, -1 for an empty cell: CodinGame's turn input. */
  readonly rows: readonly (readonly number[])[];
}

/** The refusals of the SameGame conformance functions: a board, a move, or any other value, named. */
export type SamegameArgumentError = ArgumentError<SamegameCheckCode>;

/**
 * The text an engine is sent for `game`: the board, then the moves. A value that is not a game
 * (a settled board within the limits, legal moves) is refused, naming the field.
 */
export function samegameInput(game: SamegameGame): Result<string, SamegameArgumentError> {
  const checked = checkSamegameGame(game);
  return checked.ok ? ok(samegameGameText(checked.value)) : checked;
}

/** The text of a checked game. */
export function samegameGameText(game: SamegameGame): string {
  const { board, moves } = game;
  const lines = [`${board.width} ${board.height}`, ...formatBoardLines(board), String(moves.length)];
  for (const move of moves) lines.push(`${move.x} ${move.y}`);
  return `${lines.join('\n')}\n`;
}

/**
 * What the rules say each move of `game` scores and leaves: the answers a correct engine gives. A
 * value that is not a game is refused, naming the field (`game.moves[3]` for an illegal move).
 */
export function samegameSteps(game: SamegameGame): Result<SamegameStep[], SamegameArgumentError> {
  const checked = checkSamegameGame(game);
  if (!checked.ok) return checked;
  return ok(playedBoards(checked.value).map(({ after, points }) => ({ points, rows: boardRows(after) })));
}

/** Each move's board before and after it and its points (clear bonus included): `game` is a checked one. */
function playedBoards(game: SamegameGame): { before: Board; after: Board; points: number }[] {
  const played: { before: Board; after: Board; points: number }[] = [];
  let board = game.board;
  for (const move of game.moves) {
    const outcome = play(board, move);
    // A checked or drawn game's moves are all legal: a refused one ends the list where it is.
    if (!outcome.ok) break;
    const { board: after, points } = outcome.value;
    played.push({ before: board, after, points });
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
 * the comparison `tilefall samegame conform` makes, for an engine written in TypeScript. A value
 * that is not a game, or steps that are not `{ points, rows }` of numbers, are refused, naming the
 * field; what the numbers say is the engine's answer, and judged.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { samegameDisagreement, samegameGames, samegameSteps } from 'tilefall/testing';
 *
 * // In a vitest or any test: your engine's steps for each game, compared with the rules.
 * const games = samegameGames({ width: 15, height: 15, colors: 5 });
 * if (!games.ok) throw new Error(games.error.message);
 * fc.assert(
 *   fc.property(games.value, (game) => {
 *     const mine = samegameSteps(game); // put your engine here: { points, rows } for each move
 *     const found = mine.ok ? samegameDisagreement(game, mine.value) : mine;
 *     return found.ok && found.value === undefined;
 *   }),
 *   { seed: 1, numRuns: 20 },
 * );
 * ```
 */
export function samegameDisagreement(
  game: SamegameGame,
  steps: readonly SamegameStep[],
): Result<Disagreement | undefined, SamegameArgumentError> {
  const checked = checkSamegameGame(game);
  if (!checked.ok) return checked;
  const answers = checkSamegameSteps(steps);
  if (!answers.ok) return answers;
  return ok(firstDisagreement(samegameExpected(checked.value), steps.map(samegameStepLines)));
}

/** `W x H, C colors, N moves`: a game's size in a few words (the colors are those on the board). */
export function samegameSummary(game: SamegameGame): string {
  const { width, height, cells } = game.board;
  const colors = new Set(cells.filter((c) => c !== EMPTY)).size;
  const moves = game.moves.length;
  return `${width} x ${height}, ${colors} color${colors === 1 ? '' : 's'}, ${moves} move${moves === 1 ? '' : 's'}`;
}
