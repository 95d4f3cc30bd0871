/**
 * Checkpoints: the whole tuner state after a generation, written atomically (temporary file,
 * then rename), so a run killed at any moment resumes from its last complete generation.
 */
import { closeSync, openSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { parseJson } from '../lib/core/json.js';
import { err, ok, type Result } from '../lib/core/result.js';
import { FAILURE_KINDS, type FailureKind } from '../lib/core/tuning-game.js';
import { type FileError, readTextFile, writeFileAtomic } from '../lib/node/files.js';
import { RUN_ID_PATTERN } from '../lib/node/queue-retention.js';
import { type FirstIssue, firstIssue } from './first-issue.js';
import type { GenerationRecord } from './ga.js';
import { isCmaes, OPTIMIZERS, type OptimizerName, type TunerState } from './optimizer.js';

/** The `format` field that marks a tilefall checkpoint. */
export const CHECKPOINT_FORMAT = 'tilefall-tune-checkpoint';

/** What must match for a checkpoint to be resumed: the run it came from. */
export interface RunIdentity {
  readonly game: string;
  readonly population: number;
  readonly generations: number;
  readonly seed: number;
  readonly nodes: number;
  /** Fingerprint of the training instances. */
  readonly train: string;
  readonly start: readonly number[];
  /** Training instances a generation draws, when not all (absent in runs that use all). */
  readonly batch?: number;
  /** The run-time settings of a game built from them (a bot's limits and parameters). */
  readonly config?: Readonly<Record<string, unknown>>;
  /** The fingerprint of the program the game runs, when it runs one. */
  readonly program?: string;
  /** The racing confidence, when the run races its generations (`--race`). */
  readonly race?: number;
  /** The optimizer; a checkpoint written before CMA-ES names none and is read as the GA's. */
  readonly optimizer: OptimizerName;
  /** The run's budget of training games, when it has one (`--games`). */
  readonly games?: number;
}

const finite = z.number().finite();
const runSchema = z.object({
  game: z.string(),
  population: z.number().int(),
  generations: z.number().int(),
  seed: z.number().int(),
  nodes: z.number().int(),
  train: z.string(),
  start: z.array(finite),
  batch: z.number().int().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  program: z.string().optional(),
  race: z.number().optional(),
  optimizer: z.enum(OPTIMIZERS).default('ga'),
  games: z.number().int().optional(),
});
const checkpointEnvelopeSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  version: z.literal(1),
  run: runSchema,
});
/** The queue run id a checkpoint may carry (outside the run's identity: it never changes a result). */
const runIdSchema = z.object({ runId: z.string().regex(RUN_ID_PATTERN).optional() });

const failuresSchema = z
  .array(
    z.object({
      genome: z.array(finite),
      games: z.number().int(),
      failed: z.partialRecord(z.enum(FAILURE_KINDS as [FailureKind, ...FailureKind[]]), z.number().int()),
    }),
  )
  .optional();
const historySchema = z.array(
  z.object({
    generation: z.number().int(),
    best: finite,
    mean: finite,
    bestGenome: z.array(finite),
    sigma: finite,
    failures: z
      .array(
        z.object({
          genome: z.array(finite),
          games: z.number().int(),
          failed: z.partialRecord(z.enum(FAILURE_KINDS as [FailureKind, ...FailureKind[]]), z.number().int()),
          first: z
            .object({ kind: z.enum(FAILURE_KINDS as [FailureKind, ...FailureKind[]]), detail: z.string().optional() })
            .optional(),
        }),
      )
      .optional(),
    games: z.number().int().nonnegative().optional(),
    gamesSaved: z.number().int().nonnegative().optional(),
    start: z.object({ score: finite, games: z.number().int().nonnegative(), failures: failuresSchema }).optional(),
  }),
);
const gaStateSchema = z.object({
  generation: z.number().int().nonnegative(),
  population: z.array(z.array(finite)),
  parentFitness: z.array(
    z
      .number()
      .nullable()
      .transform((v) => (v === null ? -Infinity : v)),
  ),
  sigma: finite,
  randomState: z.array(z.number().int()),
  history: historySchema,
});
const cmaesStateSchema = z.object({
  optimizer: z.literal('cmaes'),
  generation: z.number().int().nonnegative(),
  population: z.array(z.array(finite)),
  strategy: z.object({
    mean: z.array(finite),
    sigma: finite,
    covariance: z.array(z.array(finite)),
    pathSigma: z.array(finite),
    pathC: z.array(finite),
    generation: z.number().int().nonnegative(),
  }),
  randomState: z.array(z.number().int()),
  history: historySchema,
});

/** Writes the run's state atomically, with the queue run id `runId` of a run on a job queue. */
export function writeCheckpoint(
  file: string,
  run: RunIdentity,
  state: TunerState,
  runId?: string,
): Result<void, FileError> {
  // -Infinity is not JSON: the GA's parents of elites and of generation 0 are written as null.
  const serializable = isCmaes(state)
    ? state
    : { ...state, parentFitness: state.parentFitness.map((p) => (p === -Infinity ? null : p)) };
  return writeFileAtomic(
    file,
    `${JSON.stringify({ format: CHECKPOINT_FORMAT, version: 1, run, ...(runId === undefined ? {} : { runId }), state: serializable })}\n`,
  );
}

/**
 * Whether a checkpoint can be written at `file`, found by creating and removing a file beside it:
 * its folder exists and takes new files, and `file` is not a folder. A run checks it before its
 * first generation, so that it never plays a generation it cannot save.
 */
export function checkCheckpointFolder(file: string): Result<void, FileError> {
  const folder = dirname(file);
  try {
    if (!statSync(folder).isDirectory()) return err({ file, message: `cannot be written: ${folder} is not a folder` });
  } catch {
    return err({ file, message: `cannot be written: its folder ${folder} does not exist` });
  }
  try {
    if (statSync(file).isDirectory()) return err({ file, message: 'is a directory, expected a file' });
  } catch {
    // No file there yet: the first checkpoint makes it.
  }
  const probe = join(folder, `.${basename(file)}.${process.pid}.probe.tmp`);
  try {
    closeSync(openSync(probe, 'w'));
    unlinkSync(probe);
    return ok(undefined);
  } catch (e) {
    return err({ file, message: `cannot be written (${(e as NodeJS.ErrnoException).code ?? 'unknown error'})` });
  }
}

/** A run's field as a refusal shows it. */
const shown = (value: unknown): string => (value === undefined ? 'not set' : JSON.stringify(value));

/** Reads a checkpoint and checks it belongs to `run`; errors name the file and the field. */
export function readCheckpoint(file: string, run: RunIdentity): Result<TunerState, FileError> {
  const text = readTextFile(file);
  if (!text.ok) return text;
  const json = parseJson(text.value);
  if (!json.ok) return err({ file, message: json.error });
  const wrong = firstIssue(checkpointEnvelopeSchema, json.value);
  if (wrong !== undefined) return notCheckpoint(file, wrong, []);
  const envelope = checkpointEnvelopeSchema.safeParse(json.value);
  if (!envelope.success) return notCheckpoint(file, envelope.error.issues[0], []);
  // Both sides' fields: a batched run's checkpoint resumed without a batch differs too.
  const keys = new Set([...Object.keys(run), ...Object.keys(envelope.data.run)] as (keyof RunIdentity)[]);
  for (const key of keys) {
    const there = shown(envelope.data.run[key]);
    const now = shown(run[key]);
    if (there !== now)
      return err({ file, message: `was made by a different run (${key} differs: ${there} there, ${now} now)` });
  }
  const schema = run.optimizer === 'cmaes' ? cmaesStateSchema : gaStateSchema;
  const stateValue = (json.value as { state?: unknown }).state;
  const wrongState = firstIssue(schema, stateValue);
  if (wrongState !== undefined) return notCheckpoint(file, wrongState, ['state']);
  const state = schema.safeParse(stateValue);
  if (!state.success) return notCheckpoint(file, state.error.issues[0], ['state']);
  return ok(state.data as TunerState);
}

/**
 * The run identity and generation records of a checkpoint's JSON `value`, read as a resume reads
 * them but without a run to compare them with (the live view shows any run's); the refusal names
 * the first wrong field.
 */
export function checkpointRecords(value: unknown): Result<{ run: RunIdentity; history: GenerationRecord[] }, string> {
  const schema = checkpointEnvelopeSchema.extend({ state: z.object({ history: historySchema }) });
  // The first wrong field, found without a list of every one (a million bad records would fill the memory).
  const issue = firstIssue(schema, value);
  if (issue !== undefined) return err(`field "${issue.path.map(String).join('.')}": ${issue.message}`);
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return err(`field "${parsed.error.issues[0].path.join('.')}": ${parsed.error.issues[0].message}`);
  return ok({ run: parsed.data.run, history: parsed.data.state.history as GenerationRecord[] });
}

/**
 * The queue run id checkpoint `file` keeps (written by a run on a job queue), so that `--resume`
 * continues that run's jobs; undefined for a checkpoint without one or a file that cannot be read
 * (which {@link readCheckpoint} then refuses).
 */
export function checkpointRunId(file: string): string | undefined {
  const text = readTextFile(file);
  if (!text.ok) return undefined;
  const json = parseJson(text.value);
  if (!json.ok) return undefined;
  const read = runIdSchema.safeParse(json.value);
  return read.success ? read.data.runId : undefined;
}

/** The error of a file that is not a checkpoint: its first wrong field, by path from `under`. */
function notCheckpoint(file: string, issue: FirstIssue, under: string[]): Result<never, FileError> {
  const path = [...under, ...issue.path.map(String)].join('.');
  return err({ file, message: `is not a tilefall checkpoint: field "${path}": ${issue.message}` });
}
