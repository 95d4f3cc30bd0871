/**
 * The checks `tune` makes of a game and of what is given for it, before any game is played: a
 * game whose names, bounds and defaults fit together; weights naming each of its weights with a
 * finite number; instances the game reads, each refused with its index (`options.train[3]`).
 * Each answers a plain copy of what it read, each field once: a run works on what was checked,
 * not on a getter or a Proxy of the caller's that answers otherwise later.
 */
import { type ArgumentError, describeValue, isPlainObject, refuse } from '../lib/core/argument-error.js';
import { err, ok, type Result } from '../lib/core/result.js';
import type { GenomeSpec, TuningGame, TuningProgram } from '../lib/core/tuning-game.js';
import { oneLine, type TuneArgumentCode, thrownMessage } from './tune-error.js';

/** The most weights a game may tune, and the most instances of a set: past them, a value is a slip. */
export const GAME_LIMITS: { readonly weights: number; readonly instances: number } = {
  weights: 1000,
  instances: 1_000_000,
};

type Checked<T> = Result<T, ArgumentError<TuneArgumentCode>>;

/**
 * `value` as a tuning game, or a refusal naming its first wrong field (`options.game.spec.bounds[2]`):
 * a copy of its data, with its own functions called on it.
 */
export function checkTuningGame(value: unknown, field = 'options.game'): Checked<TuningGame> {
  if (!isPlainObject(value)) return refuse('invalid-option', field, 'a tuning game (an object)', value);
  const { name, module, spec, defaults, splitInstances, score, config, program } = value;
  if (typeof name !== 'string' || name === '') return refuse('invalid-option', `${field}.name`, 'a name', name);
  if (typeof module !== 'string' || !URL.canParse(module))
    return refuse('invalid-option', `${field}.module`, "the URL of the game's module", module);
  if (typeof splitInstances !== 'function')
    return refuse('invalid-option', `${field}.splitInstances`, 'a function', splitInstances);
  if (typeof score !== 'function') return refuse('invalid-option', `${field}.score`, 'a function', score);
  if (config !== undefined && !isPlainObject(config))
    return refuse('invalid-option', `${field}.config`, 'an object of plain data', config);
  const checkedProgram = checkProgram(program, `${field}.program`);
  if (!checkedProgram.ok) return checkedProgram;
  const checkedSpec = checkGenomeSpec(spec, `${field}.spec`);
  if (!checkedSpec.ok) return checkedSpec;
  const checkedDefaults = checkWeights(defaults, checkedSpec.value, `${field}.defaults`);
  if (!checkedDefaults.ok) return checkedDefaults;
  return ok({
    name,
    module,
    spec: checkedSpec.value,
    defaults: checkedDefaults.value,
    splitInstances: (text: string) => splitInstances.call(value, text),
    score: (...args: Parameters<TuningGame['score']>) => score.apply(value, args),
    ...(config === undefined ? {} : { config: config as Readonly<Record<string, unknown>> }),
    ...(checkedProgram.value === undefined ? {} : { program: checkedProgram.value }),
  });
}

/** The program of a game that runs one: its command, its argv (the program first) and its fingerprint. */
function checkProgram(value: unknown, field: string): Checked<TuningProgram | undefined> {
  if (value === undefined) return ok(undefined);
  if (!isPlainObject(value)) return refuse('invalid-option', field, 'a program (an object)', value);
  const { command, argv, fingerprint } = value;
  if (typeof command !== 'string') return refuse('invalid-option', `${field}.command`, 'a string', command);
  if (typeof fingerprint !== 'string') return refuse('invalid-option', `${field}.fingerprint`, 'a string', fingerprint);
  const words: unknown[] = Array.isArray(argv) ? Array.from(argv) : [];
  if (words.length === 0 || !words.every((word) => typeof word === 'string'))
    return refuse('invalid-option', `${field}.argv`, 'an array of strings, the program first', argv);
  return ok({ command, argv: words as string[], fingerprint });
}

/** Names (at least one, each once) and a finite `[min, max]` range for each, min at most max. */
export function checkGenomeSpec(value: unknown, field: string): Checked<GenomeSpec> {
  if (!isPlainObject(value)) return refuse('invalid-option', field, 'names and bounds (an object)', value);
  const { names: given, bounds: givenBounds } = value;
  if (!Array.isArray(given) || given.length === 0 || given.length > GAME_LIMITS.weights)
    return refuse('invalid-option', `${field}.names`, `an array of 1 to ${GAME_LIMITS.weights} names`, given);
  const names: unknown[] = Array.from(given);
  for (let i = 0; i < names.length; i++)
    if (typeof names[i] !== 'string' || names[i] === '')
      return refuse('invalid-option', `${field}.names[${i}]`, 'a name', names[i]);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined)
    return err({
      code: 'invalid-option',
      field: `${field}.names`,
      message: `${field}.names names ${describeValue(repeated)} twice`,
    });
  if (!Array.isArray(givenBounds) || givenBounds.length !== names.length)
    return refuse('invalid-option', `${field}.bounds`, `an array of ${names.length} [min, max] ranges`, givenBounds);
  const bounds: (readonly [number, number])[] = [];
  for (let i = 0; i < names.length; i++) {
    const range: unknown = givenBounds[i];
    const ends: unknown[] = Array.isArray(range) ? Array.from(range) : [];
    if (ends.length !== 2 || !isRange(ends[0], ends[1]))
      return refuse('invalid-option', `${field}.bounds[${i}]`, 'a [min, max] of finite numbers, min <= max', range);
    bounds.push([ends[0] as number, ends[1] as number]);
  }
  return ok({ names: names as string[], bounds });
}

/** Finite `min <= max` whose width is finite too (a search steps by fractions of it). */
const isRange = (min: unknown, max: unknown): boolean =>
  typeof min === 'number' && typeof max === 'number' && min <= max && Number.isFinite(max - min);

/**
 * `value` as weights of `spec`: an object naming each of its weights with a finite number and
 * nothing else. A weight outside its bounds is taken (the start is played as given; the search
 * stays within the bounds).
 */
export function checkWeights(value: unknown, spec: GenomeSpec, field: string): Checked<Record<string, number>> {
  if (!isPlainObject(value)) return refuse('invalid-weights', field, 'an object of weights', value);
  const names = new Set(spec.names);
  const unknown = Object.keys(value).find((key) => !names.has(key));
  if (unknown !== undefined) {
    // Quoted as JSON, so that a name with a line break or a control character stays on one line.
    const shown = JSON.stringify(unknown.length > 40 ? `${unknown.slice(0, 40)}…` : unknown);
    return err({
      code: 'invalid-weights',
      field: `${field}[${shown}]`,
      message: `${field} has no weight ${shown} (the game's weights: ${spec.names.length})`,
    });
  }
  const weights: Record<string, number> = {};
  for (const name of spec.names) {
    const weight = Object.hasOwn(value, name) ? value[name] : undefined;
    if (typeof weight !== 'number' || !Number.isFinite(weight))
      return refuse('invalid-weights', `${field}.${name}`, 'a finite number', weight);
    weights[name] = weight + 0;
  }
  return ok(weights);
}

/**
 * `value` as a set of instances of `game`: an array of 1 to {@link GAME_LIMITS} strings, each of
 * which the game splits into exactly one instance. A refusal names the instance by its index.
 */
export function checkInstances(game: TuningGame, value: unknown, field: string): Checked<readonly string[]> {
  if (!Array.isArray(value) || value.length === 0 || value.length > GAME_LIMITS.instances)
    return refuse('invalid-option', field, `an array of 1 to ${GAME_LIMITS.instances} instances`, value);
  const instances: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const instance: unknown = value[i];
    const problem = instanceProblem(game, instance);
    if (problem !== undefined)
      return err({ code: 'invalid-instance', field: `${field}[${i}]`, message: `${field}[${i}]: ${problem}` });
    instances.push(instance as string);
  }
  return ok(instances);
}

/** Why the game cannot read `instance` as one instance, if it cannot. */
function instanceProblem(game: TuningGame, instance: unknown): string | undefined {
  if (typeof instance !== 'string') return `expected an instance's text, found ${describeValue(instance)}`;
  let split: ReturnType<TuningGame['splitInstances']>;
  try {
    split = game.splitInstances(instance);
  } catch (thrown) {
    return `the game ${describeValue(game.name)} threw reading it: ${thrownMessage(thrown)}`;
  }
  if (!isPlainObject(split)) return `the game ${describeValue(game.name)} answered no result for it`;
  if (split.ok === true)
    return Array.isArray(split.value) && split.value.length === 1
      ? undefined
      : `expected one instance, found ${Array.isArray(split.value) ? split.value.length : 'none'}`;
  const { line, message } = isPlainObject(split.error) ? split.error : { line: undefined, message: undefined };
  const where = typeof line === 'number' && Number.isInteger(line) && line > 0 ? `line ${line}: ` : '';
  return `${where}${typeof message === 'string' ? oneLine(message) : 'not an instance of the game'}`;
}
