// A tuning run of the toy game in the spec's process, small by default, and its result.
import { defaultGaSettings } from '../../tuner/ga.js';
import { createTaskRunner, type TaskRunner } from '../../tuner/pool.js';
import { type TuneOptions, type TuneResult, tune } from '../../tuner/tune.js';
import { tuningGame as toy } from './toy-game.js';

/** A runner on `workers` threads (0: this thread), failing the spec on a refused count. */
export function specRunner(workers: number): TaskRunner {
  const runner = createTaskRunner(workers);
  if (!runner.ok) throw new Error(runner.error.message);
  return runner.value;
}

/** The toy game on three training and four held-out instances, 10 genomes x 12 generations, then `extra`. */
export const toyOptions = (workers: number, extra: Partial<TuneOptions> = {}): TuneOptions => ({
  game: toy,
  train: ['1', '2', '3'],
  validate: ['1', '2', '4', '5'],
  settings: defaultGaSettings(10, 12, 5),
  nodes: 10,
  runner: specRunner(workers),
  ...extra,
});

/** Runs `options` to its result, failing on an error, and closes its runner. */
export async function runTune(options: TuneOptions): Promise<TuneResult> {
  try {
    const result = await tune(options);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  } finally {
    await options.runner.close();
  }
}
