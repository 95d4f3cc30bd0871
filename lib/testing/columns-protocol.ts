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
import type { ColumnsGame } from './columns-games.js';
import { type Disagreement, type ExpectedStep, firstDisagreement } from './disagreement.js';

/** The word a step prints when its piece sticks out of the field and the game ends. */
export const OVER = 'over';

/** One placement's answer: the points the piece scored and the field after it, or the game's end. */
export type ColumnsStep =
  | typeof OVER
  | {
      readonly points: number;
      /** The field top row first, `w` characters a row: `.` for an empty cell, else the jewel's letter. */
      readonly rows: readonly string[];
    };

/** The text an engine is sent for `game`: the statement's input, then the placements. */
export function columnsInput(game: ColumnsGame): string {
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

/** Each placement's field before and after it and its points, up to the one that ends the game. */
function playedFields(game: ColumnsGame): { before: Field; step: ColumnsStep }[] {
  const played: { before: Field; step: ColumnsStep }[] = [];
  let position = start(game.instance);
  for (const placement of game.placements) {
    const outcome = play(position, placement);
    if (!outcome.ok) throw new RangeError(`placement ${played.length + 1} is refused: ${outcome.error.message}`);
    const { gameOver, points } = outcome.value;
    played.push({ before: position.field, step: gameOver ? OVER : { points, rows: fieldRows(outcome.value.field) } });
    if (gameOver) break;
    position = outcome.value.position;
  }
  return played;
}

/** What the rules say each placement of `game` scores and leaves: the answers a correct engine gives. */
export function columnsSteps(game: ColumnsGame): ColumnsStep[] {
  return playedFields(game).map(({ step }) => step);
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
 * after the step that ends the game are not read.
 *
 * @throws RangeError when a placement of `game` is outside the field (games from {@link columnsGames} never are).
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { columnsDisagreement, columnsGames, columnsSteps } from 'tilefall/testing';
 *
 * fc.assert(
 *   fc.property(columnsGames(), (game) => {
 *     const mine = columnsSteps(game); // put your engine here: 'over' or { points, rows } each column
 *     return columnsDisagreement(game, mine) === undefined;
 *   }),
 *   { seed: 1, numRuns: 20 },
 * );
 * ```
 */
export function columnsDisagreement(game: ColumnsGame, steps: readonly ColumnsStep[]): Disagreement | undefined {
  return firstDisagreement(columnsExpected(game), steps.map(columnsStepLines));
}

/** `W x H, C colors, K columns`: a game's size in a few words. */
export function columnsSummary(game: ColumnsGame): string {
  const { width, height, pieces } = game.instance;
  const colors = new Set(pieces.flatMap((p) => (p.magic ? [] : p.jewels))).size;
  const k = pieces.length;
  return `${width} x ${height}, ${colors} color${colors === 1 ? '' : 's'}, ${k} column${k === 1 ? '' : 's'}`;
}
