/**
 * The checks the Columns conformance functions make of what a caller passes them, so that a value
 * of the wrong shape is refused as a value, never thrown on: a game is an instance within the
 * engine's limits and a placement for each column it plays; an engine's steps are `over` or
 * points and rows.
 */

import { JEWEL_COLORS } from '../columns/engine/field.js';
import { type Instance, LIMITS, type Piece, type Placement } from '../columns/engine/instance.js';
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../core/argument-error.js';
import { ok, type Result } from '../core/result.js';
import type { ColumnsGame } from './columns-games.js';
import { isArrayOf, isPresent, isString, MOST_LINES } from './dense-array.js';

/** The codes of the refusals: an instance, or any other value. */
export type ColumnsCheckCode = 'invalid-instance' | 'invalid-option';

type Checked<T> = Result<T, ArgumentError<ColumnsCheckCode>>;

/** The word a step prints when its piece sticks out of the field and the game ends. */
export const OVER = 'over';

/**
 * `value` as a game: an instance, and at most one placement per column, each within the field
 * (positions 1 to its width, shifts 0 to 2), answered as a copy, each field read once (a getter
 * of the caller's is not read again).
 */
export function checkColumnsGame(value: unknown, field = 'game'): Checked<ColumnsGame> {
  if (!isPlainObject(value)) return refuse('invalid-option', field, 'a game: an instance and its placements', value);
  const instance = checkInstance(value.instance, `${field}.instance`);
  if (!instance.ok) return instance;
  const { placements } = value;
  const most = instance.value.pieces.length;
  if (!Array.isArray(placements) || placements.length > most)
    return refuse('invalid-option', `${field}.placements`, `an array of at most ${most} placements`, placements);
  const checked: Placement[] = [];
  for (let i = 0; i < placements.length; i++) {
    const placement: unknown = placements[i];
    const at = `${field}.placements[${i}]`;
    if (!isPlainObject(placement)) return refuse('invalid-option', at, 'a placement { position, shifts }', placement);
    const position = checkWholeNumber('invalid-option', `${at}.position`, placement.position, [
      1,
      instance.value.width,
    ]);
    if (!position.ok) return position;
    const shifts = checkWholeNumber('invalid-option', `${at}.shifts`, placement.shifts, [0, 2]);
    if (!shifts.ok) return shifts;
    checked.push({ position: position.value, shifts: shifts.value });
  }
  return ok({ instance: instance.value, placements: checked });
}

/** `value` as an instance within the engine's limits: whole sizes, and columns of three letters or magic. */
export function checkInstance(value: unknown, field: string): Checked<Instance> {
  if (!isPlainObject(value)) return refuse('invalid-instance', field, 'an instance', value);
  const width = checkWholeNumber('invalid-instance', `${field}.width`, value.width, LIMITS.width);
  if (!width.ok) return width;
  const height = checkWholeNumber('invalid-instance', `${field}.height`, value.height, LIMITS.height);
  if (!height.ok) return height;
  const { pieces } = value;
  const [fewest, most] = LIMITS.columns;
  if (!Array.isArray(pieces) || pieces.length < fewest || pieces.length > most)
    return refuse('invalid-instance', `${field}.pieces`, `an array of ${fewest} to ${most} columns`, pieces);
  const copy: Piece[] = new Array(pieces.length);
  for (let i = 0; i < pieces.length; i++) {
    const piece = checkPiece(pieces[i], `${field}.pieces[${i}]`);
    if (!piece.ok) return piece;
    copy[i] = piece.value;
  }
  return ok({ width: width.value, height: height.value, pieces: copy });
}

/** A column: magic, or three jewels, in an object of its own. */
function checkPiece(value: unknown, at: string): Checked<Piece> {
  if (!isPlainObject(value)) return refuse('invalid-instance', at, 'a column { magic, jewels }', value);
  const magic: unknown = value.magic;
  if (typeof magic !== 'boolean') return refuse('invalid-instance', at, 'a column { magic, jewels }', value);
  if (magic) return ok({ magic: true });
  const jewels: unknown = value.jewels;
  if (!Array.isArray(jewels) || jewels.length !== 3)
    return refuse('invalid-instance', `${at}.jewels`, 'three jewels', jewels);
  const read: number[] = [];
  for (let j = 0; j < 3; j++) {
    const jewel = checkWholeNumber('invalid-instance', `${at}.jewels[${j}]`, jewels[j], [0, JEWEL_COLORS - 1]);
    if (!jewel.ok) return jewel;
    read.push(jewel.value);
  }
  return ok({ magic: false, jewels: read as unknown as readonly [number, number, number] });
}

/** `value` as an engine's steps: an array of `'over'` or `{ points, rows }`, a number and strings. */
export function checkColumnsSteps(value: unknown, field = 'steps'): Checked<undefined> {
  if (!isArrayOf(value, isPresent, MOST_LINES))
    return refuse('invalid-option', field, `an array of at most ${MOST_LINES} steps`, value);
  for (let s = 0; s < value.length; s++) {
    const step: unknown = value[s];
    const at = `${field}[${s}]`;
    if (step === OVER) continue;
    if (!isPlainObject(step)) return refuse('invalid-option', at, '"over" or a step { points, rows }', step);
    if (typeof step.points !== 'number') return refuse('invalid-option', `${at}.points`, 'a number', step.points);
    if (!isArrayOf(step.rows, isString, MOST_LINES))
      return refuse('invalid-option', `${at}.rows`, `an array of at most ${MOST_LINES} strings`, step.rows);
  }
  return ok(undefined);
}
