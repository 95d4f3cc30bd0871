/**
 * The Columns conformance protocol: the text an engine is sent for a game and what a correct
 * engine answers. A game is the statement's input (`w h`, `k`, `k` pieces) followed by `k` and
 * `k` placements `p s`. For each placement the engine prints the points the piece scored, then
 * the `h` rows of the field top row first (`.` empty, else the jewel's letter); or the word
 * `over` when the piece sticks out, and nothing more for that game. `docs/conformance.md` is the
 * contract in words.
 */
import { type Field, jewelLetter } from '../columns/engine/field.js';
import { pieceToken } from '../columns/engine/instance.js';
import { play, start } from '../columns/engine/rules.js';
import { formatInstance } from '../columns/engine/text.js';
import type { ArgumentError } from '../core/argument-error.js';
import { ok, type Result } from '../core/result.js';
import { type ColumnsCheckCode, checkColumnsGame, checkColumnsSteps, OVER } from './columns-game-check.js';
import type { ColumnsGame } from './columns-games.js';
import { type Disagreement, type ExpectedStep, firstDisagreement } from './disagreement.js';

export { OVER };

/** The refusals of the Columns conformance functions: an instance, or any other value, named. */
export type ColumnsArgumentError = ArgumentError<ColumnsCheckCode>;

/** One placement's answer: the points the piece scored and the field after it, or the game's end. */
export type ColumnsStep =
  | typeof OVER
  | {
      readonly points: number;
      /** The field top row first, `w` characters a row: `.` for an empty cell, else the jewel's letter. */
      readonly rows: readonly string[];
    };

/**
 * The text an engine is sent for `game`: the statement's input, then the placements. A value that
 * is not a game (an instance within the limits, placements within its field) is refused, naming the field.
 */
export function columnsInput(game: ColumnsGame): Result<string, ColumnsArgumentError> {
  const checked = checkColumnsGame(game);
  return checked.ok ? ok(columnsGameText(checked.value)) : checked;
}

/** The text of a checked game. */
export function columnsGameText(game: ColumnsGame): string {
  const placements = game.placements.map((p) => `${p.position} ${p.shifts}\n`).join('');
  return `${formatInstance(game.instance)}${game.placements.length}\n${placements}`;
}

/** The field's rows, top row first, as the protocol prints them. */
export function fieldRows(field: Field): string[] {
  const rows: string[] = [];
  for (let y = field.height - 1; y >= 0; y--) {
    rows.push(field.stacks.map((stack) => (y < stack.length ? jewelLetter(stack[y]) : '.')).join(''));
  }
  return rows;
}

/** Each placement's field before and after it and its points, up to the one that ends the game: `game` is a checked one. */
function playedFields(game: ColumnsGame): { before: Field; step: ColumnsStep }[] {
  const played: { before: Field; step: ColumnsStep }[] = [];
  let position = start(game.instance);
  for (const placement of game.placements) {
    const outcome = play(position, placement);
    // A checked or drawn game's placements are all within the field: a refused one ends the list.
    if (!outcome.ok) break;
    const { gameOver, points } = outcome.value;
    played.push({ before: position.field, step: gameOver ? OVER : { points, rows: fieldRows(outcome.value.field) } });
    if (gameOver) break;
    position = outcome.value.position;
  }
  return played;
}

/**
 * What the rules say each placement of `game` scores and leaves: the answers a correct engine
 * gives. A value that is not a game is refused, naming the field.
 */
export function columnsSteps(game: ColumnsGame): Result<ColumnsStep[], ColumnsArgumentError> {
  const checked = checkColumnsGame(game);
  if (!checked.ok) return checked;
  return ok(playedFields(checked.value).map(({ step }) => step));
}

/** The lines a step prints: `over`, or its points and then its rows. */
export function columnsStepLines(step: ColumnsStep): string[] {
  return step === OVER ? [OVER] : [String(step.points), ...step.rows];
}

/** Each placement's expected answer as lines, with the placement, its piece and the field before it. */
export function columnsExpected(game: ColumnsGame): ExpectedStep[] {
  return playedFields(game).map(({ before, step }, i) => {
    const { position, shifts } = game.placements[i];
    return {
      move: `${position} ${shifts} (piece ${pieceToken(game.instance.pieces[i])})`,
      before: fieldRows(before),
      lines: columnsStepLines(step),
    };
  });
}

/**
 * Where an engine's answers to `game` first part from the rules, or undefined when they agree:
 * the comparison `tilefall columns conform` makes, for an engine written in TypeScript. Answers
 * after the step that ends the game are not read. A value that is not a game, or steps that are
 * not `over` or `{ points, rows }`, are refused, naming the field.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { columnsDisagreement, columnsGames, columnsSteps } from 'tilefall/testing';
 *
 * const games = columnsGames();
 * if (!games.ok) throw new Error(games.error.message);
 * fc.assert(
 *   fc.property(games.value, (game) => {
 *     const mine = columnsSteps(game); // put your engine here: 'over' or { points, rows } each column
 *     const found = mine.ok ? columnsDisagreement(game, mine.value) : mine;
 *     return found.ok && found.value === undefined;
 *   }),
 *   { seed: 1, numRuns: 20 },
 * );
 * ```
 */
export function columnsDisagreement(
  game: ColumnsGame,
  steps: readonly ColumnsStep[],
): Result<Disagreement | undefined, ColumnsArgumentError> {
  const checked = checkColumnsGame(game);
  if (!checked.ok) return checked;
  const answers = checkColumnsSteps(steps);
  if (!answers.ok) return answers;
  return ok(firstDisagreement(columnsExpected(checked.value), steps.map(columnsStepLines)));
}

/** `W x H, C colors, K columns`: a game's size in a few words. */
export function columnsSummary(game: ColumnsGame): string {
  const { width, height, pieces } = game.instance;
  const colors = new Set(pieces.flatMap((p) => (p.magic ? [] : p.jewels))).size;
  const k = pieces.length;
  return `${width} x ${height}, ${colors} color${colors === 1 ? '' : 's'}, ${k} column${k === 1 ? '' : 's'}`;
}
