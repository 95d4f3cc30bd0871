/**
 * A value a caller passed to a library function that it cannot use, answered as a value: every
 * public function that takes user data or options checks it at its boundary and returns
 * `{ ok: false, error: ArgumentError }` rather than throwing, hanging or answering with a NaN.
 * The checks of values any game takes (numbers, objects, option keys) live here; each game checks
 * its own boards and weights with them.
 */
import { err, ok, type Result } from './result.js';

/**
 * What kind of value was refused, for a caller to switch on: a board or an instance that is not
 * one the rules allow, a budget without a finite positive limit, weights that are not complete
 * and finite, a cell that is not a whole-number cell of the board, or any other option.
 */
export type ArgumentErrorCode =
  | 'invalid-board'
  | 'invalid-instance'
  | 'invalid-budget'
  | 'invalid-weights'
  | 'invalid-cell'
  | 'invalid-option';

/** A refused argument: its code, where it is (`options.budget.nodes`, `board.cells[3]`) and why. */
export interface ArgumentError<C extends string = ArgumentErrorCode> {
  readonly code: C;
  /** The path of the value at fault, from the argument's name: `options.budget.nodes`. */
  readonly field: string;
  /** One line naming the field, what was expected and what was found. */
  readonly message: string;
}

/** A refusal of `field` with `code`: "`field` must be `expected`, found `found`". */
export function refuse<C extends string>(
  code: C,
  field: string,
  expected: string,
  value: unknown,
): { readonly ok: false; readonly error: ArgumentError<C> } {
  return err({ code, field, message: `${field} must be ${expected}, found ${describeValue(value)}` });
}

/** A short, printable description of any value, for messages: never the whole of a huge one. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'string':
      return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
    case 'bigint':
      return `the bigint ${value > 10n ** 20n ? 'over 10^20' : value < -(10n ** 20n) ? 'under -10^20' : String(value)}`;
    case 'undefined':
      return 'nothing';
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** True for an object made of plain fields: not null, not an array. */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A whole number in `[min, max]` (a finite number with no fraction; -0 reads as 0). */
export function checkWholeNumber<C extends string>(
  code: C,
  field: string,
  value: unknown,
  [min, max]: readonly [number, number],
): Result<number, ArgumentError<C>> {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return refuse(code, field, `a whole number from ${min} to ${max}`, value);
  return ok(value === 0 ? 0 : value);
}

/** A finite number in `[min, max]`. */
export function checkFiniteNumber<C extends string>(
  code: C,
  field: string,
  value: unknown,
  [min, max]: readonly [number, number],
): Result<number, ArgumentError<C>> {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    return refuse(code, field, `a finite number from ${min} to ${max}`, value);
  return ok(value === 0 ? 0 : value);
}

/**
 * An options object (or nothing, read as `{}`) whose keys are all among `known`: a misspelt
 * option (`{ budgets: … }`) is refused rather than silently ignored. Answered as a copy of the
 * known options given, each read once.
 */
export function checkOptions<C extends string>(
  code: C,
  field: string,
  value: unknown,
  known: readonly string[],
): Result<Readonly<Record<string, unknown>>, ArgumentError<C>> {
  if (value === undefined) return ok({});
  if (!isPlainObject(value)) return refuse(code, field, 'an object', value);
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    // Escaped as JSON escapes it, so that a key holding a line break still gives one line.
    const shown = JSON.stringify(unknown.length > 40 ? `${unknown.slice(0, 40)}…` : unknown).slice(1, -1);
    return err({
      code,
      field: `${field}.${shown}`,
      message: `${field} has no option "${shown}" (known: ${known.join(', ')})`,
    });
  }
  // A copy of the known options, each read once: the checks and the work after them read the
  // same values, even from a getter of the caller's that answers otherwise on a later read.
  const copy: Record<string, unknown> = {};
  for (const key of known) {
    const option: unknown = value[key];
    if (option !== undefined) copy[key] = option;
  }
  return ok(copy);
}

/** One of `choices`. */
export function checkChoice<C extends string, T extends string>(
  code: C,
  field: string,
  value: unknown,
  choices: readonly T[],
): Result<T, ArgumentError<C>> {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value))
    return refuse(code, field, `one of ${choices.map((c) => `"${c}"`).join(', ')}`, value);
  return ok(value as T);
}

/** The seeds every generator and search takes: any safe whole number (its low 32 bits are mixed). */
export const SEED_RANGE: readonly [number, number] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
