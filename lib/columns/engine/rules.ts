/**
 * A Columns game in progress, for code that plays one column at a time (a bot, an interactive
 * viewer): the same rules as {@link playMoves}, one placement per call, as plain immutable data.
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../../core/argument-error.js';
import { err, ok, type Result } from '../../core/result.js';
import { checkInstanceOnce, checkPiece, checkPlacement } from './checks.js';
import { checkField, emptyField, type Field } from './field.js';
import type { Instance, Placement } from './instance.js';
import { type ColumnOutcome, playColumn } from './landing.js';

/** A game in progress: the instance, the field now, the next column to place and the score so far. */
export interface Position {
  readonly instance: Instance;
  readonly field: Field;
  /** 0-based index of the next column to place (the column count once every column is placed). */
  readonly next: number;
  readonly score: number;
  /** True once a column stuck out of the field: the game is over and no column is played after it. */
  readonly over: boolean;
}

/** Why a placement cannot be played. */
export type MoveErrorCode = 'game-over' | 'position-out-of-range' | 'shifts-out-of-range';

/** A refused placement and why. */
export interface MoveError {
  readonly code: MoveErrorCode;
  readonly message: string;
}

/** A played column: what it did (its points, its matching steps, whether it ended the game) and the next position. */
export interface MoveOutcome extends ColumnOutcome {
  readonly position: Position;
}

/**
 * `value` as a position the engine could have made: its instance one the engine takes (checked
 * whole the first time that instance is seen), `next` a whole index 0..k, `score` a whole
 * number 0 or more, `over` a boolean, and its field the instance's size, each stack at most its
 * height of jewels 0..25, and the next piece checked again. What is not checked, for a cost of
 * one pass over the field: that the rules could have reached that field and score.
 */
export function checkPosition(value: unknown, field = 'position'): Result<Position, ArgumentError<'invalid-instance'>> {
  if (!isPlainObject(value)) return refuse('invalid-instance', field, 'a position (from start or play)', value);
  const instance = checkInstanceOnce(value.instance, `${field}.instance`);
  if (!instance.ok) return instance;
  const { width, height, pieces } = instance.value;
  const next = checkWholeNumber('invalid-instance', `${field}.next`, value.next, [0, pieces.length]);
  if (!next.ok) return next;
  const score = checkWholeNumber('invalid-instance', `${field}.score`, value.score, [0, Number.MAX_SAFE_INTEGER]);
  if (!score.ok) return score;
  const over: unknown = value.over;
  if (typeof over !== 'boolean') return refuse('invalid-instance', `${field}.over`, 'true or false', over);
  const stacks = checkField(value.field, `${field}.field`, width, height);
  if (!stacks.ok) return stacks;
  if (next.value < pieces.length) {
    const piece = checkPiece(pieces[next.value], `${field}.instance.pieces[${next.value}]`);
    if (!piece.ok) return piece;
  }
  return ok({ instance: instance.value, field: stacks.value, next: next.value, score: score.value, over });
}

/**
 * The position a game of `instance` starts from: the empty field, before its first column. A
 * value that is not an instance the engine takes starts a game that is over at once: `isTerminal`
 * is true, `legalMoves` is empty and `play` refuses it (`invalid-instance`, naming the field).
 */
export function start(instance: Instance): Position {
  const checked = checkInstanceOnce(instance);
  if (!checked.ok) return { instance, field: emptyField(0, 0), next: 0, score: 0, over: true };
  const { width, height } = checked.value;
  return { instance: checked.value, field: emptyField(width, height), next: 0, score: 0, over: false };
}

/**
 * True when no column is left to place: every column was played, or one stuck out. Also true of
 * a value that is not a position the engine could have made (one from {@link start} and
 * {@link play}, its field and score unchanged): nothing can be played on it.
 */
export function isTerminal(position: Position): boolean {
  const checked = checkPosition(position);
  return !checked.ok || isOver(checked.value);
}

/** {@link isTerminal} of a checked position. */
function isOver(position: Position): boolean {
  return position.over || position.next >= position.instance.pieces.length;
}

/**
 * Every placement the output format allows for the next column (positions 1..w, shifts 0..2);
 * none at the end, nor for a value that is not a position (as {@link isTerminal} says).
 */
export function legalMoves(position: Position): Placement[] {
  const checked = checkPosition(position);
  if (!checked.ok || isOver(checked.value)) return [];
  const moves: Placement[] = [];
  const { width } = checked.value.field;
  for (let p = 1; p <= width; p++) for (let s = 0; s <= 2; s++) moves.push({ position: p, shifts: s });
  return moves;
}

/** Why `placement` is outside the output's ranges on a field `width` wide (position 1..w, shifts 0..2), if it is. */
export function placementError(placement: Placement, width: number): MoveError | undefined {
  if (!Number.isInteger(placement.position) || placement.position < 1 || placement.position > width)
    return { code: 'position-out-of-range', message: `position ${placement.position} is not in 1..${width}` };
  if (!Number.isInteger(placement.shifts) || placement.shifts < 0 || placement.shifts > 2)
    return { code: 'shifts-out-of-range', message: `shifts ${placement.shifts} is not in 0..2` };
  return undefined;
}

/**
 * Plays the next column at `placement`. A column that sticks out ends the game (`over`, no
 * points), as the statement says; a placement outside the output's ranges is refused. Refused as
 * values too: a `position` the engine could not have made (`invalid-instance`, naming the field:
 * its instance, `next`, `score`, `over` and the field's size and jewels are checked, not whether
 * the rules could reach that field), and a `placement` that is not an object of two whole
 * numbers (`invalid-cell`, the code both games give a move that is not a well-formed move).
 */
export function play(
  position: Position,
  placement: Placement,
): Result<MoveOutcome, MoveError | ArgumentError<'invalid-instance' | 'invalid-cell'>> {
  const checked = checkPosition(position);
  if (!checked.ok) return checked;
  const move = checkPlacement(placement);
  if (!move.ok) return move;
  // The copies checked, not the caller's values: a getter of theirs is not read again.
  const current = checked.value;
  if (isOver(current)) return err({ code: 'game-over', message: 'the game is over: no column is left to place' });
  const outOfRange = placementError(move.value, current.field.width);
  if (outOfRange !== undefined) return err(outOfRange);
  const outcome = playColumn(current.field, current.instance.pieces[current.next], move.value);
  const next: Position = {
    instance: current.instance,
    field: outcome.field,
    next: current.next + 1,
    score: current.score + outcome.points,
    over: outcome.gameOver,
  };
  return ok({ ...outcome, position: next });
}
