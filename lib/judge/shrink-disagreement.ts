/**
 * The smallest game that still parts from the rules, found by fast-check's shrinking: the failing
 * game is drawn again from the same seed and path, and each smaller game fast-check proposes is
 * played through a fresh engine process on its own, as `CMD < FILE` would play it.
 */
import fc from 'fast-check';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type EngineOptions, type EngineRun, playThroughEngine } from './engine-games.js';

/** A disagreement that a game played alone shows. */
export type DisagreeRun = Extract<EngineRun, { kind: 'disagree' }>;

/** The smallest disagreeing game found. */
export interface ShrunkGame<G> {
  readonly game: G;
  readonly run: DisagreeRun;
  /** Shrinking steps fast-check took (some only change what the game does not use). */
  readonly shrinks: number;
  /** Distinct games played while shrinking. */
  readonly tried: number;
}

/** Games played at most while shrinking: a bound on the time it takes, far above what it needs. */
const MAX_TRIED = 2000;

/**
 * Shrinks game `index` of the games `arbitrary` draws from `seed`, playing each candidate alone.
 * Undefined when that game agrees when played alone (the engine keeps something from one game to
 * the next). A candidate that stalls counts as agreeing: shrinking looks for the same kind of
 * failure, and a stall costs a whole time limit.
 */
export async function shrinkDisagreement<G, O>(
  protocol: ConformanceProtocol<G, O>,
  arbitrary: fc.Arbitrary<G>,
  seed: number,
  index: number,
  options: EngineOptions,
): Promise<ShrunkGame<G> | undefined> {
  let smallest: { game: G; run: DisagreeRun } | undefined;
  // Many candidates are the same game (a cell off the board, a pick after the game's end): play each game once.
  const played = new Map<string, EngineRun>();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (game) => {
      const input = protocol.input(game);
      let run = played.get(input);
      if (run === undefined) {
        if (played.size >= MAX_TRIED) return true;
        run = await playThroughEngine(protocol, [game], options);
        played.set(input, run);
      }
      if (run.kind !== 'disagree') return true;
      smallest = { game, run };
      return false;
    }),
    // The path replays draw `index` of the seed's stream, the one the whole run failed on.
    { seed, path: String(index), numRuns: 1, endOnFailure: false },
  );
  if (!details.failed || smallest === undefined) return undefined;
  return { ...smallest, shrinks: details.numShrinks, tried: played.size };
}
