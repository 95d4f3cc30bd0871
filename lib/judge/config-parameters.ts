/**
 * A bot tuning config's parameters (a queue job carries them) read as `tune --params` reads a
 * `params.json`: a job anyone can write could otherwise name a parameter twice, give it a min above
 * its max, or have the program handed a value outside its range.
 */
import { type BotParameter, parseBotParameters } from '../core/bot-parameters.js';
import type { GenomeSpec } from '../core/tuning-game.js';

/** Why `parameters` are not ones `--params` would take (a name twice, a range or start it refuses); nothing when they are. */
export function parametersProblem(parameters: readonly BotParameter[]): string | undefined {
  const names = new Set(parameters.map((parameter) => parameter.name));
  if (names.size !== parameters.length) return 'names a parameter twice';
  // As a params.json is written: an object of parameters by name (Object.fromEntries keeps a
  // `__proto__` name as an own key).
  const asFile = Object.fromEntries(parameters.map(({ name, ...rest }) => [name, rest]));
  const read = parseBotParameters(asFile);
  return read.ok ? undefined : read.error.message;
}

/** Why `weights` are not within the ranges of `spec` (a bot game's parameters): `weights.NAME: …`; nothing when every one is. */
export function parameterValuesProblem(
  spec: GenomeSpec,
  weights: Readonly<Record<string, number>>,
): string | undefined {
  for (const [i, name] of spec.names.entries()) {
    const [min, max] = spec.bounds[i];
    const value = weights[name];
    if (value < min || value > max)
      return `weights.${name}: must be from ${min} to ${max} (the parameter's range), found ${value}`;
  }
  return undefined;
}
