/**
 * A Columns game in progress, for code that plays one column at a time (a bot, an interactive
 * viewer): the same rules as {@link playMoves}, one placement per call, as plain immutable data.
 */
import { err, ok, type Result } from '../../core/result.js';
import { emptyField, type Field } from './field.js';
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

/** The position a game of `instance` starts from: the empty field, before its first column. */
export function start(instance: Instance): Position {
  return { instance, field: emptyField(instance.width, instance.height), next: 0, score: 0, over: false };
}

/** True when no column is left to place: every column was played, or one stuck out. */
export function isTerminal(position: Position): boolean {
  return position.over || position.next >= position.instance.pieces.length;
}

/** Every placement the output format allows for the next column (positions 1..w, shifts 0..2); none at the end. */
export function legalMoves(position: Position): Placement[] {
  if (isTerminal(position)) return [];
  const moves: Placement[] = [];
  for (let p = 1; p <= position.field.width; p++) for (let s = 0; s <= 2; s++) moves.push({ position: p, shifts: s });
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
 * points), as the statement says; a placement outside the output's ranges is refused.
 */
export function play(position: Position, placement: Placement): Result<MoveOutcome, MoveError> {
  if (isTerminal(position)) return err({ code: 'game-over', message: 'the game is over: no column is left to place' });
  const outOfRange = placementError(placement, position.field.width);
  if (outOfRange !== undefined) return err(outOfRange);
  const outcome = playColumn(position.field, position.instance.pieces[position.next], placement);
  const next: Position = {
    instance: position.instance,
    field: outcome.field,
    next: position.next + 1,
    score: position.score + outcome.points,
    over: outcome.gameOver,
  };
  return ok({ ...outcome, position: next });
}
