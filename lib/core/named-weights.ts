/**
 * Weights files of any game: a JSON object naming every weight of the game with a finite number,
 * nothing else. A tuner output (`{ "weights": {...}, "report": {...} }`) is accepted too.
 */
import { err, ok, type Result } from './result.js';

/**
 * The codes of a refused weights object, as a union like every error code of the library's: one
 * member, `invalid-weights`, the code an argument check gives the same fault (the `field` and the
 * `message` say which weight and what is wrong with it).
 */
export type WeightsErrorCode = 'invalid-weights';

/** A weights file that was refused: the weight at fault and why. */
export interface WeightsError {
  readonly code: WeightsErrorCode;
  /** The offending weight name, or `(root)`. */
  readonly field: string;
  readonly message: string;
}

/** What a value that is not a weights object is, for the error message. */
const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/** Validates parsed JSON as weights named `names`, naming the first bad field. */
export function parseNamedWeights<N extends string>(
  json: unknown,
  names: readonly N[],
): Result<Record<N, number>, WeightsError> {
  const candidate = isPlainObject(json) && 'weights' in json ? json.weights : json;
  if (!isPlainObject(candidate)) {
    return err({
      code: 'invalid-weights',
      field: '(root)',
      message: `expected an object of weights, found ${kindOf(candidate)}`,
    });
  }
  // Name the most telling problem first: a weight of another game or a typo, then a missing one.
  const known = new Set<string>(names);
  const unknown = Object.keys(candidate).find((key) => !known.has(key));
  if (unknown !== undefined) {
    // Shown escaped and cut short: a key is any text, and a message is one line.
    const shown = JSON.stringify(unknown.length > 40 ? `${unknown.slice(0, 40)}…` : unknown).slice(1, -1);
    return err({
      code: 'invalid-weights',
      field: shown,
      message: `unknown weight "${shown}" (known: ${names.join(', ')})`,
    });
  }
  const missing = names.find((name) => !Object.hasOwn(candidate, name));
  if (missing !== undefined)
    return err({ code: 'invalid-weights', field: missing, message: `missing weight "${missing}"` });
  const weights = {} as Record<N, number>;
  for (const name of names) {
    const value = candidate[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      const found = typeof value === 'number' ? String(value) : kindOf(value);
      return err({
        code: 'invalid-weights',
        field: name,
        message: `weight "${name}" must be a finite number, found ${found}`,
      });
    }
    weights[name] = value;
  }
  return ok(weights);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
