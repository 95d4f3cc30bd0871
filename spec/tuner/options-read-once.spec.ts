// tune reads each of its options once, at its boundary, and runs on the copy it checked (issue
// 81). An option, or a field inside one, may be a getter that answers otherwise on a later read
// (the types allow it): an empty training set then ran to an `ok` whose means were NaN, and a
// final choice of 1e9 repeats ran out of memory. Run on such options, tune must answer exactly
// what it answers on the plain options they first showed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultGaSettings } from '../../tuner/ga.js';
import { type TuneOptions, tune } from '../../tuner/tune.js';
import { fickle } from '../support/fickle.js';
import { hostileValue } from '../support/hostile-values.js';
import { tuningGame as toy } from '../support/toy-game.js';
import { specRunner } from '../support/toy-tune.js';

const runner = specRunner(0);

/** A small run of the toy game: 4 genomes x 2 generations. */
const plain = (): TuneOptions => ({
  game: toy,
  train: ['1', '2', '3'],
  validate: ['1', '2'],
  settings: defaultGaSettings(4, 2, 5),
  nodes: 10,
  runner,
  start: { a: 1, b: 1, c: 1 },
  finalChoice: { candidates: 2, repeats: 1 },
  race: { confidence: 2 },
  games: 1000,
});

/** Where a later read may answer otherwise: an option, or a field of one (`settings.population`). */
const WHERE: ReadonlyArray<readonly [string, ...string[]]> = [
  ['train'],
  ['validate'],
  ['nodes'],
  ['games'],
  ['runner'],
  ['settings', 'population'],
  ['settings', 'generations'],
  ['settings', 'initialSigma'],
  ['settings', 'elites'],
  ['start', 'a'],
  ['finalChoice', 'repeats'],
  ['race', 'confidence'],
  ['game', 'spec'],
  ['game', 'defaults'],
  ['runner', 'run'],
];

/** `options` with the field at `path` turned to `later` after its first read. */
function withFickle(options: TuneOptions, [key, inner]: readonly [string, ...string[]], later: unknown): TuneOptions {
  const record = options as unknown as Record<string, object>;
  if (inner === undefined) return fickle(options, key as keyof TuneOptions, later);
  return { ...options, [key]: fickle(record[key] as Record<string, unknown>, inner, later) };
}

/** The parts of a result that do not depend on the clock. */
const settled = (result: Awaited<ReturnType<typeof tune>>) => JSON.parse(JSON.stringify(result));

describe('tune on options whose fields change after they are read', () => {
  it('should run as on the options they were when checked', async () => {
    const expected = settled(await tune(plain()));
    expect(expected.ok).toBe(true);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHERE),
        fc.oneof(hostileValue, fc.constantFrom([], 1e9, 0, { names: [], bounds: [] })),
        async (where, later) => {
          expect(settled(await tune(withFickle(plain(), where, later)))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
