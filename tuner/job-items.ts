/**
 * A tuning job's instances, read on the worker before any is played, as `tune` reads its
 * training set: a job anyone can write may hold a text the game cannot read, which would
 * otherwise fail as the game's own error (`tuning instance: …`) without saying which item.
 */
import type { Result } from '../lib/core/result.js';
import type { TuningGame } from '../lib/core/tuning-game.js';
import { checkInstances } from './game-check.js';

/**
 * Why the instances of `items` are not ones `game` reads, as `items.I.instance: why` (or
 * `items: why` for too many of them); nothing when every one is. `game` is the game the job is
 * played as, or why it cannot be built (its config), reported as the config's fault.
 */
export function itemsProblem(
  game: Result<TuningGame, string>,
  items: readonly { readonly instance: string }[],
): string | undefined {
  if (!game.ok) return `config: ${game.error}`;
  const checked = checkInstances(
    game.value,
    items.map((item) => item.instance),
    'items',
  );
  if (checked.ok) return undefined;
  const { field, message } = checked.error;
  const index = /^items\[(\d+)\]$/.exec(field);
  const why = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return `${index === null ? field : `items.${index[1]}.instance`}: ${why}`;
}
