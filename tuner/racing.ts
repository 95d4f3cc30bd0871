/**
 * Racing a generation (`--race`): its genomes are measured on the generation's instances in
 * stages, and after each stage a genome clearly behind the stage's leader plays no more games.
 * "Clearly behind": its paired difference with the leader, on the same instances and seeds,
 * stays below zero by more than `confidence` standard errors. The stages, the leader and every
 * decision depend on the scores alone, never on which game finished first, so a raced run is the
 * same byte for byte on any number of workers, on the queue and after a resume; and a genome that
 * survives plays every game, so its fitness is exactly the one an unraced run gives it.
 */
import { pairedDifference } from '../lib/core/statistics.js';

/** How a generation is raced. */
export interface RaceSettings {
  /** Standard errors a genome's paired difference must stay below zero by to be dropped. */
  readonly confidence: number;
}

/** Two standard errors: a genome that truly ties the leader is dropped at a stage about 2 % of the time. */
export const DEFAULT_RACE_CONFIDENCE = 2;

/**
 * The fewest instances a decision is taken on: a paired difference of fewer has a standard error
 * too rough to trust.
 */
export const FIRST_STAGE_MIN = 4;

/**
 * The instance counts after which a generation of `count` instances is judged: a quarter (at least
 * {@link FIRST_STAGE_MIN}), then half, then all of them; fewer stages on small generations.
 */
export function raceStages(count: number): number[] {
  const stages = [Math.max(FIRST_STAGE_MIN, Math.ceil(count / 4)), Math.ceil(count / 2), count]
    .map((n) => Math.min(n, count))
    .filter((n) => n >= Math.min(FIRST_STAGE_MIN, count));
  return [...new Set(stages)].sort((a, b) => a - b);
}

/**
 * The genomes still racing after a stage: `scores[g]` holds genome g's scores on the stage's first
 * instances (the same instances and seeds for all), `racing[g]` whether it still races. The leader
 * is the racing genome of the best mean (the lower index on a tie); it always stays.
 */
export function stillRacing(
  scores: readonly (readonly number[])[],
  racing: readonly boolean[],
  settings: RaceSettings,
): boolean[] {
  const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  let leader = -1;
  for (let g = 0; g < scores.length; g++)
    if (racing[g] && (leader < 0 || mean(scores[g]) > mean(scores[leader]))) leader = g;
  return racing.map((on, g) => {
    if (!on || g === leader) return on;
    const behind = pairedDifference(scores[g], scores[leader]);
    return behind.mean + settings.confidence * behind.standardError >= 0;
  });
}

/**
 * The fitness the GA ranks a generation by: a genome that raced to the end has its mean over every
 * instance; one dropped has its mean over the instances it played, lowered below the worst
 * finisher's when above it, so that a dropped genome never outranks one that finished (it was
 * behind the leader, and its mean is on fewer games).
 */
export function racedFitness(means: readonly number[], finished: readonly boolean[]): number[] {
  const finishers = means.filter((_, g) => finished[g]);
  const floor = Math.min(...finishers);
  const below = floor - Math.max(1, Math.abs(floor)) * 1e-9;
  return means.map((m, g) => (finished[g] || m < floor ? m : below));
}
