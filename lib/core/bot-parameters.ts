/**
 * The parameters of a user's bot as `params.json` declares them for the tuner: each named with its
 * bounds, its start value and whether it is an integer, e.g.
 * `{ "depth": { "min": 1, "max": 4, "start": 2, "integer": true } }`. The tuner evolves real
 * numbers; an integer parameter is rounded only when it is handed to the bot.
 */
import { err, ok, type Result } from './result.js';

/** One parameter of a bot. */
export interface BotParameter {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly start: number;
  /** Rounded to the nearest integer when handed to the bot. */
  readonly integer: boolean;
}

/** A `params.json` that was refused: the parameter at fault (when one is) and what is wrong. */
export interface BotParametersError {
  readonly parameter?: string;
  readonly message: string;
}

const KEYS = ['min', 'max', 'start', 'integer'];

/** What a value that is not the expected one is, for the error message. */
const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? `"${value}"` : typeof value;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads parsed JSON as a bot's parameters, in the file's order, naming the first problem found. */
export function parseBotParameters(json: unknown): Result<BotParameter[], BotParametersError> {
  if (!isPlainObject(json))
    return err({
      message: `expected an object of parameters such as { "depth": { "min": 1, "max": 4, "start": 2 } }, found ${kindOf(json)}`,
    });
  const names = Object.keys(json);
  if (names.length === 0) return err({ message: 'names no parameter: give at least one, with its min, max and start' });
  const parameters: BotParameter[] = [];
  for (const name of names) {
    const parameter = parseParameter(name, json[name]);
    if (!parameter.ok) return err({ parameter: name, message: `parameter "${name}": ${parameter.error}` });
    parameters.push(parameter.value);
  }
  return ok(parameters);
}

/** One parameter's declaration, or what is wrong with it. */
function parseParameter(name: string, value: unknown): Result<BotParameter, string> {
  if (name.trim() === '') return err('a parameter needs a name');
  if (!isPlainObject(value)) return err(`expected { "min", "max", "start" }, found ${kindOf(value)}`);
  const unknown = Object.keys(value).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) return err(`unknown key "${unknown}" (known: ${KEYS.join(', ')})`);
  const numbers: Record<string, number> = {};
  for (const key of ['min', 'max', 'start']) {
    const v = value[key];
    if (v === undefined) return err(`"${key}" is missing`);
    if (typeof v !== 'number' || !Number.isFinite(v))
      return err(`"${key}" must be a finite number, found ${kindOf(v)}`);
    numbers[key] = v;
  }
  const integer = value.integer ?? false;
  if (typeof integer !== 'boolean') return err(`"integer" must be true or false, found ${kindOf(integer)}`);
  const { min, max, start } = numbers;
  if (min > max) return err(`min ${min} is more than max ${max}`);
  // A range of one value leaves the tuner nothing to search: the program should fix it itself.
  if (min === max)
    return err(
      `min and max are both ${min}: nothing to tune (give a range, or leave it out and fix it in the program)`,
    );
  if (integer) {
    const fractional = (['min', 'max', 'start'] as const).find((key) => !Number.isInteger(numbers[key]));
    if (fractional !== undefined)
      return err(`an integer parameter needs an integer ${fractional}, found ${numbers[fractional]}`);
  }
  if (start < min || start > max) return err(`start ${start} is outside [${min}, ${max}]`);
  return ok({ name, min, max, start, integer });
}

/** The values handed to the bot for these weights: each parameter by name, the integer ones rounded. */
export function botParameterValues(
  parameters: readonly BotParameter[],
  weights: Readonly<Record<string, number>>,
): Record<string, number> {
  return Object.fromEntries(
    parameters.map((p) => {
      const value = weights[p.name];
      // Math.round sends -2.5 to -2: any rule is fine as long as it is one rule, the same every time.
      return [p.name, p.integer ? Math.round(value) : value];
    }),
  );
}
