/**
 * What a caller hands the Columns engine, checked at the boundary of every public function: an
 * instance (the sizes of {@link LIMITS}, pieces as `parseInstance` reads them: magic, or three
 * jewels a..z), a placement and a list of placements. Each check answers the value or an
 * {@link ArgumentError} naming the first field at fault (`instance.pieces[3].jewels[1]`), so no
 * value the types allow can make the engine throw, hang or answer with a NaN. What a check
 * answers is a plain copy, each field read once: a getter or a Proxy of the caller's that answers
 * otherwise on a later read is never read again (such values once made `solve` throw from inside).
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../../core/argument-error.js';
import { ok, type Result } from '../../core/result.js';
import { JEWEL_RANGE } from './field.js';
import { type Instance, LIMITS, type Piece, type Placement } from './instance.js';

/** `value` as a piece: `{ magic: true }`, or `{ magic: false, jewels }` with three whole jewels 0..25. */
export function checkPiece(value: unknown, field: string): Result<Piece, ArgumentError<'invalid-instance'>> {
  if (!isPlainObject(value))
    return refuse('invalid-instance', field, 'a piece ({ magic: true } or { magic: false, jewels })', value);
  const magic: unknown = value.magic;
  if (magic === true) return ok({ magic: true });
  if (magic !== false) return refuse('invalid-instance', `${field}.magic`, 'true or false', magic);
  const jewels: unknown = value.jewels;
  if (!Array.isArray(jewels) || jewels.length !== 3)
    return refuse('invalid-instance', `${field}.jewels`, 'an array of three jewels', jewels);
  const copy: number[] = [];
  for (let j = 0; j < 3; j++) {
    const jewel = checkWholeNumber('invalid-instance', `${field}.jewels[${j}]`, jewels[j], JEWEL_RANGE);
    if (!jewel.ok) return jewel;
    copy.push(jewel.value);
  }
  return ok({ magic: false, jewels: copy as unknown as readonly [number, number, number] });
}

/** The width of a field or an instance: a whole number within {@link LIMITS}. */
export const checkWidth = (value: unknown, field: string): Result<number, ArgumentError<'invalid-instance'>> =>
  checkWholeNumber('invalid-instance', field, value, LIMITS.width);

/** A list of pieces of a length within {@link LIMITS} (the pieces themselves unchecked). */
export function checkPieceList(
  value: unknown,
  field: string,
): Result<readonly unknown[], ArgumentError<'invalid-instance'>> {
  const [min, max] = LIMITS.columns;
  if (!Array.isArray(value) || value.length < min || value.length > max)
    return refuse('invalid-instance', field, `an array of ${min} to ${max} pieces`, value);
  return ok(value);
}

/**
 * `value` as an instance, its pieces not looked at: its width, its height and the length of its
 * pieces, in an object of its own (the pieces the caller's array, each read as it is used).
 */
export function checkInstanceShape(value: unknown, field: string): Result<Instance, ArgumentError<'invalid-instance'>> {
  if (!isPlainObject(value)) return refuse('invalid-instance', field, 'an instance { width, height, pieces }', value);
  const width = checkWidth(value.width, `${field}.width`);
  if (!width.ok) return width;
  const height = checkWholeNumber('invalid-instance', `${field}.height`, value.height, LIMITS.height);
  if (!height.ok) return height;
  const pieces = checkPieceList(value.pieces, `${field}.pieces`);
  if (!pieces.ok) return pieces;
  return ok({ width: width.value, height: height.value, pieces: pieces.value as readonly Piece[] });
}

/**
 * `value` as an instance the engine takes: what `parseInstance` accepts, as data (a width
 * 1..64, a height 3..256, 1 to 1,000,000 pieces, each magic or three jewels 0..25). Extra fields
 * are ignored. Costs one pass over the pieces.
 */
export function checkInstance(value: unknown, field = 'instance'): Result<Instance, ArgumentError<'invalid-instance'>> {
  const shape = checkInstanceShape(value, field);
  if (!shape.ok) return shape;
  const { pieces } = shape.value;
  const copy: Piece[] = new Array(pieces.length);
  for (let i = 0; i < pieces.length; i++) {
    const piece = checkPiece(pieces[i], `${field}.pieces[${i}]`);
    if (!piece.ok) return piece;
    copy[i] = piece.value;
  }
  return ok({ ...shape.value, pieces: copy });
}

/**
 * The copies {@link checkInstance} made (which positions from `start` and `play` carry), so that
 * a game's every move does not pass over all its pieces again.
 */
const checkedInstances = new WeakSet<object>();

/**
 * {@link checkInstance}, once per instance object: later calls check its shape only (a game
 * checks each piece again as it plays it, so a piece changed since is still refused).
 */
export function checkInstanceOnce(
  value: unknown,
  field = 'instance',
): Result<Instance, ArgumentError<'invalid-instance'>> {
  if (isPlainObject(value) && checkedInstances.has(value)) {
    const shape = checkInstanceShape(value, field);
    return shape.ok ? ok(value as unknown as Instance) : shape;
  }
  const checked = checkInstance(value, field);
  if (checked.ok) checkedInstances.add(checked.value);
  return checked;
}

/** A whole number of a placement (its position or shifts): any whole number; the rules check the range. */
function checkWhole(value: unknown, field: string): Result<number, ArgumentError<'invalid-cell'>> {
  if (typeof value !== 'number' || !Number.isInteger(value))
    return refuse('invalid-cell', field, 'a whole number', value);
  return ok(value);
}

/**
 * `value` as a placement: an object with a whole-number `position` and `shifts` (whether they
 * are in range, 1..w and 0..2, is the rules' answer: `position-out-of-range`, `shifts-out-of-range`).
 * Refused with 'invalid-cell', the code both games give a move that is not a well-formed move.
 */
export function checkPlacement(value: unknown, field = 'placement'): Result<Placement, ArgumentError<'invalid-cell'>> {
  if (!isPlainObject(value)) return refuse('invalid-cell', field, 'a placement { position, shifts }', value);
  const position = checkWhole(value.position, `${field}.position`);
  if (!position.ok) return position;
  const shifts = checkWhole(value.shifts, `${field}.shifts`);
  if (!shifts.ok) return shifts;
  return ok({ position: position.value + 0, shifts: shifts.value + 0 });
}

/** `value` as a list of placements: an array of at most {@link LIMITS}' most columns, each a {@link checkPlacement}. */
export function checkPlacements(
  value: unknown,
  field = 'placements',
): Result<readonly Placement[], ArgumentError<'invalid-cell'>> {
  const max = LIMITS.columns[1];
  if (!Array.isArray(value) || value.length > max)
    return refuse('invalid-cell', field, `an array of at most ${max} placements`, value);
  const copy: Placement[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const placement = checkPlacement(value[i], `${field}[${i}]`);
    if (!placement.ok) return placement;
    copy[i] = placement.value;
  }
  return ok(copy);
}
