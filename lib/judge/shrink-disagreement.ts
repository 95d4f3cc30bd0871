/**
 * The smallest game that still parts from the rules, found as fast-check shrinks: from the failing
 * game, the first of its shrinks that still fails, then the first of that one's, until none does.
 * The failing game is drawn again from the same seed and path (with its shrinking context), and
 * its shrinks are played through the engine in batches, many games to one run of the program,
 * since starting a program costs far more than playing a game; a shrink is taken only once it
 * also fails played alone, as `CMD < FILE` plays it.
 */
import fc from 'fast-check';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type EngineOptions, type EngineRun, playThroughEngine } from './engine-games.js';
import { earliestSuspect } from './locate-failure.js';

/** A disagreement that a game played alone shows. */
export type DisagreeRun = Extract<EngineRun, { kind: 'disagree' }>;

/** The smallest disagreeing game found. */
export interface ShrunkGame<G> {
  readonly game: G;
  readonly run: DisagreeRun;
  /** Shrinking steps taken: each a smaller game that still fails. */
  readonly shrinks: number;
  /** Distinct games played while shrinking. */
  readonly tried: number;
  /** Runs that stalled while shrinking (a few end it). */
  readonly stalled: number;
}

/** Games played at most while shrinking: a bound on the time it takes, far above what it needs. */
const MAX_TRIED = 5000;

/** Stalls after which shrinking stops where it is: each costs a whole time limit. */
const MAX_STALLS = 3;

/** Shrinks played in one run of the engine. */
const BATCH = 24;

/**
 * Shrinks game `index` of the games `arbitrary` draws from `seed`. Undefined when that game agrees
 * played alone (the engine keeps something from one game to the next). A shrink on which the
 * engine stalls counts as agreeing (shrinking looks for the same kind of failure), and a few
 * stalls end the shrinking where it is.
 */
export async function shrinkDisagreement<G, O>(
  protocol: ConformanceProtocol<G, O>,
  arbitrary: fc.Arbitrary<G>,
  seed: number,
  index: number,
  options: EngineOptions,
): Promise<ShrunkGame<G> | undefined> {
  const player = new ShrinkPlayer(protocol, options);
  let current = drawnValue(arbitrary, seed, index);
  let run = await player.alone(current.value);
  if (run === undefined) return undefined;
  let shrinks = 0;
  for (;;) {
    const smaller = await player.firstFailing(arbitrary.shrink(current.value, current.context));
    if (smaller === undefined) break;
    [current, run] = [smaller.value, smaller.run];
    shrinks++;
  }
  return { game: current.value, run, shrinks, tried: player.tried, stalled: player.stalled };
}

/** An arbitrary that keeps every value it draws, with its shrinking context. */
class RecordingArbitrary<G> extends fc.Arbitrary<G> {
  readonly drawn: fc.Value<G>[] = [];

  constructor(private readonly inner: fc.Arbitrary<G>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<G> {
    const value = this.inner.generate(random, biasFactor);
    this.drawn.push(value);
    return value;
  }

  canShrinkWithoutContext(value: unknown): value is G {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: G, context: unknown): fc.Stream<fc.Value<G>> {
    return this.inner.shrink(value, context);
  }
}

/**
 * Draw `index` of `seed`'s stream as a property run draws it (fast-check's path replay), with the
 * context its shrinking starts from.
 */
export function drawnValue<G>(arbitrary: fc.Arbitrary<G>, seed: number, index: number): fc.Value<G> {
  const recording = new RecordingArbitrary(arbitrary);
  let seen: G | undefined;
  fc.check(
    fc.property(recording, (game) => {
      seen = game;
    }),
    { seed, path: String(index), numRuns: 1 },
  );
  const value = recording.drawn.find((v) => v.value === seen);
  if (value === undefined) throw new Error(`fast-check replayed no game at path ${index}`);
  return value;
}

/** Plays shrinks through the engine, each distinct game once. */
class ShrinkPlayer<G, O> {
  /** Games by their input: undefined for one that agreed (or stalled), its run for one that fails alone. */
  private readonly played = new Map<string, DisagreeRun | undefined>();
  /** Runs that stalled so far. */
  stalled = 0;

  constructor(
    private readonly protocol: ConformanceProtocol<G, O>,
    private readonly options: EngineOptions,
  ) {}

  /** Distinct games played so far. */
  get tried(): number {
    return this.played.size;
  }

  /** The game's disagreement played alone, or undefined when it agrees (or stalls). */
  async alone(game: G): Promise<DisagreeRun | undefined> {
    const input = this.protocol.input(game);
    if (this.played.has(input)) return this.played.get(input);
    const run = await playThroughEngine(this.protocol, [game], this.options);
    if (run.kind === 'stalled') this.stalled++;
    const failure = run.kind === 'disagree' ? run : undefined;
    this.played.set(input, failure);
    return failure;
  }

  /** The first of `shrinks` that fails played alone, in their order, or undefined when none does. */
  async firstFailing(shrinks: Iterable<fc.Value<G>>): Promise<{ value: fc.Value<G>; run: DisagreeRun } | undefined> {
    const pending = shrinks[Symbol.iterator]();
    let batch: fc.Value<G>[] = [];
    for (;;) {
      for (let next = pending.next(); !next.done; next = pending.next()) {
        const input = this.protocol.input(next.value.value);
        if (this.played.has(input)) {
          const known = this.played.get(input);
          if (known !== undefined && batch.length === 0) return { value: next.value, run: known };
          if (known === undefined) continue;
        }
        batch.push(next.value);
        if (batch.length === BATCH) break;
      }
      if (batch.length === 0 || this.tried >= MAX_TRIED || this.stalled >= MAX_STALLS) return undefined;
      const found = await this.firstFailingOf(batch);
      if (found !== undefined) return found;
      batch = [];
    }
  }

  /** The first of `batch` that fails alone: the batch played in one run, its first failure checked alone. */
  private async firstFailingOf(batch: fc.Value<G>[]): Promise<{ value: fc.Value<G>; run: DisagreeRun } | undefined> {
    let rest = batch;
    while (rest.length > 0 && this.stalled < MAX_STALLS) {
      const games = rest.map((v) => v.value);
      const run = await playThroughEngine(this.protocol, games, this.options);
      if (run.kind === 'unstartable') return undefined;
      if (run.kind === 'stalled') this.stalled++;
      const failed = run.kind === 'agree' ? games.length : run.game;
      // A failure at the start of an answer may come from the games before it (locate-failure.ts).
      const atStart = run.kind === 'disagree' && run.disagreement.step === 1 && run.disagreement.line === 1;
      const suspect = atStart ? earliestSuspect(this.protocol, games, failed) : failed;
      for (let i = 0; i < suspect; i++) this.played.set(this.protocol.input(games[i]), undefined);
      if (failed === games.length) return undefined;
      for (let i = suspect; i <= failed; i++) {
        // A stall is not the failure shrinking looks for; another failure must show alone too.
        const alone = run.kind === 'stalled' ? undefined : await this.alone(games[i]);
        if (alone !== undefined) return { value: rest[i], run: alone };
        this.played.set(this.protocol.input(games[i]), undefined);
      }
      rest = rest.slice(failed + 1);
    }
    return undefined;
  }
}
