/**
 * Failed games, counted genome by genome: a game that runs a user's program can time out, crash,
 * play an illegal action or go over its memory limit. Each such game scores 0, and the run says
 * which genomes' parameters caused how many of which kind, rather than letting them average away.
 */
import { isPlainObject } from '../lib/core/argument-error.js';
import { escapeControlCharacters } from '../lib/core/control-characters.js';
import {
  type Evaluation,
  FAILURE_KINDS,
  type FailureKind,
  failureDetailOf,
  failureOf,
} from '../lib/core/tuning-game.js';

/** The first failed game of a measurement: its kind, and what it showed when the game said (exit code, stderr line, referee's message). */
export interface FirstFailure {
  readonly kind: FailureKind;
  readonly detail?: string;
}

/** One genome's failed games in one measurement (a generation, the final choice, validation). */
export interface GenomeFailures {
  readonly genome: number[];
  /** The games it played in that measurement. */
  readonly games: number;
  /** Its failed games by kind; kinds it did not fail by are left out. */
  readonly failed: Partial<Record<FailureKind, number>>;
  /** Its first failed game, in task order (absent in checkpoints written before details were kept). */
  readonly first?: FirstFailure;
}

/** A genome's failures and the measurement they happened in (`generation 3`, `final choice`, `validation: tuned`). */
export interface FailureRecord extends GenomeFailures {
  readonly where: string;
}

/** Games played and failed over a whole run, by kind. */
export interface FailureTotals {
  readonly games: number;
  readonly failed: number;
  readonly byKind: Readonly<Record<FailureKind, number>>;
}

/**
 * The genomes that failed a game among `evaluations`, which hold `perGenome` consecutive
 * evaluations of each of `genomes` in turn; genomes without a failure are left out.
 */
export function genomeFailures(
  genomes: readonly (readonly number[])[],
  evaluations: readonly Evaluation[],
  perGenome: number,
): GenomeFailures[] {
  const found: GenomeFailures[] = [];
  genomes.forEach((genome, g) => {
    const failed: Partial<Record<FailureKind, number>> = {};
    let first: FirstFailure | undefined;
    for (const evaluation of evaluations.slice(g * perGenome, (g + 1) * perGenome)) {
      const kind = failureOf(evaluation);
      if (kind === undefined) continue;
      failed[kind] = (failed[kind] ?? 0) + 1;
      first ??= firstFailureOf(evaluation, kind);
    }
    // Kinds in one order, whatever order the games failed in, so the output is the same.
    const ordered = Object.fromEntries(FAILURE_KINDS.filter((k) => failed[k] !== undefined).map((k) => [k, failed[k]]));
    if (first !== undefined) found.push({ genome: [...genome], games: perGenome, failed: ordered, first });
  });
  return found;
}

/** The totals of a run's failure records, over the `games` it played. */
export function failureTotals(records: readonly GenomeFailures[], games: number): FailureTotals {
  const byKind = Object.fromEntries(FAILURE_KINDS.map((k) => [k, 0])) as Record<FailureKind, number>;
  for (const record of records) for (const kind of FAILURE_KINDS) byKind[kind] += record.failed[kind] ?? 0;
  return { games, failed: FAILURE_KINDS.reduce((s, k) => s + byKind[k], 0), byKind };
}

/** The longest detail a record keeps: a game's own are shorter, a queue worker's answer may not be. */
const MAX_RECORDED_DETAIL = 1000;

/**
 * A failed evaluation's kind and detail. The detail is escaped again (a no-op on a game's own, which
 * is escaped already) because a queue worker's answer comes from Redis, and it is printed to a terminal.
 */
export function firstFailureOf(evaluation: Evaluation, kind: FailureKind): FirstFailure {
  const detail = failureDetailOf(evaluation);
  return detail === undefined
    ? { kind }
    : { kind, detail: escapeControlCharacters(detail).slice(0, MAX_RECORDED_DETAIL) };
}

/** A failure as one line: `crash (turn 1: its output closed before an answer (exit code 1))`, or the kind alone. */
export const describeFailure = (failure: FirstFailure): string =>
  failure.detail === undefined ? failure.kind : `${failure.kind} (${failure.detail})`;

/**
 * The failure a runner's `onDone` reported, if it reported a failed evaluation: a runner of the
 * caller's may pass anything, which is not yet checked as the batch's answer is.
 */
export function reportedFailure(value: unknown): FirstFailure | undefined {
  if (!isPlainObject(value) || !(FAILURE_KINDS as readonly unknown[]).includes(value.failure)) return undefined;
  const kind = value.failure as FailureKind;
  return typeof value.detail === 'string'
    ? firstFailureOf({ score: 0, failure: kind, detail: value.detail }, kind)
    : { kind };
}
