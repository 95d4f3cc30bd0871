/**
 * The stop rule for a program that never plays: a bot that crashes at once, prints garbage, hangs
 * or cannot be started fails every game, and a run of it would spend its whole budget on zeros.
 * The first games a run scores are watched: when the first {@link FIRST_GAMES_WATCHED} of them in
 * task order all fail (every game of the run's first batch, when it has fewer), the run stops with
 * the failures' kinds and the first failed game's detail. A run whose games fail only now and then
 * goes on.
 */
import { type Evaluation, FAILURE_KINDS, type FailureKind, failureOf } from '../lib/core/tuning-game.js';
import { describeFailure, firstFailureOf } from './failures.js';
import type { LabeledTask } from './run-tasks.js';
import type { ProgramCannotStartError, ProgramNeverPlaysError } from './tune-error.js';

/**
 * Games in a row, from the first a run scores, that stop it when every one fails. Few enough that a
 * program that never plays costs seconds, not a budget, and a hanging one at most two of its time
 * limits on two workers; a program that fails a game in two at random stops 1 run in 16.
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
  const where = `${tasks[0].where}, seed ${tasks[0].task.seed}`;
  return {
    code: 'program-never-plays',
    message: `the program failed every one of its first ${evaluations.length} games (${kinds.join(', ')}), so the run stopped; the first, on ${where}: ${describeFailure(first)}`,
    first,
    games: evaluations.length,
  };
}
