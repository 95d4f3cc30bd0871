/**
 * The stop rule for a program that never plays: a bot that crashes at once, prints garbage, hangs
 * or cannot be started fails every game, and a run of it would spend its whole budget on zeros.
 * The first games a run scores are watched (the start's, then generation 0's, spread over its
 * genomes): when the first {@link FIRST_GAMES_WATCHED} of them all fail, the run stops with the
 * failures' kinds and the first failed game's detail. One game that plays ends the watch: a run
 * whose games fail only now and then goes on.
 */
import { type Evaluation, FAILURE_KINDS, type FailureKind, failureOf, shownSeed } from '../lib/core/tuning-game.js';
import { describeFailure, firstFailureOf } from './failures.js';
import type { LabeledTask } from './run-tasks.js';
import type { ProgramCannotStartError, ProgramNeverPlaysError } from './tune-error.js';

/**
 * Games in a row, from the first a run scores, that stop it when every one fails. Few enough that a
 * program that never plays costs seconds, not a budget, and a hanging one two of its time limits
 * on two workers; a program whose genomes fail half of the time stops 1 run in 16.
 */
export const FIRST_GAMES_WATCHED = 4;

/** What the watch of a run's first games found: nothing wrong, or why the run stops. */
export type NeverPlays = ProgramNeverPlaysError | ProgramCannotStartError | undefined;

/**
 * Why the run stops after `evaluations` of `tasks` (its first games, in task order), or undefined
 * when at least one game did not fail and the program started. `program` names it in the message.
 */
export function neverPlays(
  tasks: readonly LabeledTask[],
  evaluations: readonly Evaluation[],
  program: string,
): NeverPlays {
  const unstartable = evaluations.find(
    (e): e is { score: number; unstartable: string } => typeof e !== 'number' && typeof e.unstartable === 'string',
  );
  if (unstartable !== undefined)
    return {
      code: 'program-cannot-start',
      message: `cannot start "${program}": ${unstartable.unstartable}`,
      reason: unstartable.unstartable,
    };
  if (evaluations.length === 0 || evaluations.some((e) => failureOf(e) === undefined)) return undefined;
  const counts = new Map<FailureKind, number>();
  for (const e of evaluations) {
    const kind = failureOf(e) as FailureKind;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const kinds = FAILURE_KINDS.filter((k) => counts.has(k)).map((k) => `${k} ${counts.get(k)}`);
  const first = firstFailureOf(evaluations[0], failureOf(evaluations[0]) as FailureKind);
  const where = `${tasks[0].where}, seed ${shownSeed(tasks[0].task.seed)}`;
  return {
    code: 'program-never-plays',
    message: `the program failed every one of its first ${evaluations.length} games (${kinds.join(', ')}), so the run stopped; the first, on ${where}: ${describeFailure(first)}`,
    first,
    games: evaluations.length,
  };
}

/**
 * The watch of a run's first games. It goes on from batch to batch (the start's few games, then
 * generation 0's) until it has seen {@link FIRST_GAMES_WATCHED} games or one that played.
 */
export interface FirstGamesWatch {
  open: boolean;
  readonly tasks: LabeledTask[];
  readonly evaluations: Evaluation[];
}

/** A watch that has seen no game yet. */
export function firstGamesWatch(): FirstGamesWatch {
  return { open: true, tasks: [], evaluations: [] };
}

/**
 * The indices of the games a watch takes from a batch of `count` when it still wants `wanted`:
 * spread evenly, so that in a batch laid out genome by genome they fall on different genomes (one
 * genome whose parameters crash the program does not stop the run).
 */
export function watchedIndices(count: number, wanted: number): number[] {
  const n = Math.max(0, Math.min(count, wanted));
  return Array.from({ length: n }, (_, j) => Math.floor((j * count) / n));
}

/**
 * Adds the watched games of a batch to `watch`, and answers why the run stops, if it does. The
 * watch closes when it has decided: a game that played, a program that cannot start, or
 * {@link FIRST_GAMES_WATCHED} games that all failed.
 */
export function watchGames(
  watch: FirstGamesWatch,
  tasks: readonly LabeledTask[],
  evaluations: readonly Evaluation[],
  program: string,
): NeverPlays {
  watch.tasks.push(...tasks);
  watch.evaluations.push(...evaluations);
  const stop = neverPlays(watch.tasks, watch.evaluations, program);
  if (stop?.code === 'program-cannot-start' || evaluations.some((e) => failureOf(e) === undefined)) {
    watch.open = false;
    return stop;
  }
  if (watch.evaluations.length < FIRST_GAMES_WATCHED) return undefined;
  watch.open = false;
  return stop;
}
