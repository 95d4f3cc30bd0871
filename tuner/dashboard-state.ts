/**
 * A tuning run as the live view shows it (`tune --dashboard`, `tilefall dashboard`): plain,
 * JSON-ready data built from the run's generation records, the same whether they come from a
 * running tune's events or from a checkpoint file. The page draws only what this holds.
 */
import type {
  DashboardFailure,
  DashboardGeneration,
  DashboardParameter,
  DashboardPhase,
  DashboardState,
} from '../lib/core/dashboard-data.js';
import { parseJson } from '../lib/core/json.js';
import { err, ok, type Result } from '../lib/core/result.js';
import type { GenomeSpec } from '../lib/core/tuning-game.js';
import { checkpointRecords, type RunIdentity } from './checkpoint.js';
import type { GenerationRecord } from './ga.js';

export type { DashboardFailure, DashboardGeneration, DashboardParameter, DashboardPhase, DashboardState };

/** What a run knows of itself before its first generation. */
export interface DashboardRun {
  readonly game: string;
  readonly optimizer: string;
  readonly planned: number;
  readonly parameters: readonly DashboardParameter[];
}

/** The parameters of a genome spec, with the start's values. */
export function dashboardParameters(spec: GenomeSpec, start: readonly number[]): DashboardParameter[] {
  return spec.names.map((name, i) => ({ name, bounds: [spec.bounds[i][0], spec.bounds[i][1]], start: start[i] }));
}

/** A failure record as the page shows it, with the detail of the genome's first failed game. */
export function dashboardFailure(where: string, record: GenerationFailure): DashboardFailure {
  const detail = record.first?.detail;
  return { where, games: record.games, failed: { ...record.failed }, ...(detail === undefined ? {} : { detail }) };
}

/** A generation's failure record as the tuner and checkpoints hold it. */
type GenerationFailure = NonNullable<GenerationRecord['failures']>[number];

/** The page's record of one of the run's generation records. */
export function dashboardGeneration(record: GenerationRecord): DashboardGeneration {
  return {
    generation: record.generation + 1,
    best: record.best,
    mean: record.mean,
    games: record.games ?? 0,
    gamesSaved: record.gamesSaved ?? 0,
    values: [...record.bestGenome],
  };
}

/** The failures of a generation record, each named by its generation as the report names them. */
export function generationFailures(record: GenerationRecord): DashboardFailure[] {
  return (record.failures ?? []).map((f) => dashboardFailure(`generation ${record.generation + 1}`, f));
}

/** The state of a run that has played `history` and nothing since. */
export function dashboardStateOf(run: DashboardRun, history: readonly GenerationRecord[]): DashboardState {
  const generations = history.map(dashboardGeneration);
  return {
    format: 'tilefall-dashboard',
    version: 1,
    game: run.game,
    optimizer: run.optimizer,
    phase: history.length === 0 ? 'starting' : 'generations',
    finished: false,
    planned: run.planned,
    parameters: run.parameters,
    generations,
    current: null,
    games: {
      // The start's games too, as the progress line and the report count them.
      played: generations.reduce((n, g) => n + g.games, 0) + (history[0]?.start?.games ?? 0),
      saved: generations.reduce((n, g) => n + g.gamesSaved, 0),
    },
    // The start's score on generation 1's instances, as the plot draws it (a run of an older
    // version measured it only in its final choice).
    start:
      history[0]?.start === undefined
        ? { fitness: null, where: null }
        : { fitness: history[0].start.score, where: 'generation 1' },
    validation: null,
    failures: history.flatMap(generationFailures),
    workers: null,
    error: null,
  };
}

/** Why a file could not be shown: not readable, not JSON, or not a tilefall checkpoint. */
export interface DashboardFileError {
  readonly code: 'invalid-checkpoint';
  readonly message: string;
}

/** The run identity a checkpoint holds (the view names its parameters and counts its generations from it). */
export type CheckpointRun = RunIdentity;

/**
 * The state of the run whose checkpoint is `text` (read from `file`, named in errors).
 * `specOf` gives the genome spec of the run's game from its identity (a game the caller does not
 * know: undefined, and the parameters are named `w1`, `w2`, … without bounds). The phase is
 * `generations done` when the checkpoint holds every generation its run can play (all of them,
 * or as many as its game budget allows), `generations` otherwise.
 */
export function dashboardStateFromCheckpoint(
  text: string,
  file: string,
  specOf: (run: CheckpointRun) => GenomeSpec | undefined,
): Result<DashboardState, DashboardFileError> {
  const json = parseJson(text);
  if (!json.ok) return err({ code: 'invalid-checkpoint', message: `${file}: ${json.error}` });
  const read = checkpointRecords(json.value);
  if (!read.ok)
    return err({ code: 'invalid-checkpoint', message: `${file}: is not a tilefall checkpoint: ${read.error}` });
  const { run, history } = read.value;
  const spec = specOf(run);
  const parameters =
    spec !== undefined && spec.names.length === run.start.length
      ? dashboardParameters(spec, run.start)
      : run.start.map((start, i) => ({ name: `w${i + 1}`, bounds: null, start }));
  const shown = dashboardStateOf(
    { game: run.game, optimizer: run.optimizer, planned: plannedGenerations(run), parameters },
    history,
  );
  const done = evolved(run, history);
  return ok({ ...shown, phase: done ? 'generations done' : shown.phase, finished: done });
}

/** A generation's games before racing: every genome on every instance it draws. */
function unracedGames(run: CheckpointRun): number {
  // The training fingerprint starts with the instance count (`fingerprint` in tune.ts).
  const instances = Number.parseInt(run.train.split(':')[0], 10);
  return run.population * (run.batch ?? (Number.isFinite(instances) ? instances : 0));
}

/** The generations a checkpointed run plans: all, or as many unraced ones as its game budget holds. */
function plannedGenerations(run: CheckpointRun): number {
  const perGeneration = unracedGames(run);
  if (run.games === undefined || perGeneration <= 0) return run.generations;
  return Math.min(run.generations, Math.floor(run.games / perGeneration));
}

/** Whether the run plays no more generations, by the tuner's own rule: all played, or the next one over the budget. */
function evolved(run: CheckpointRun, history: readonly GenerationRecord[]): boolean {
  if (history.length >= run.generations) return true;
  if (run.games === undefined) return false;
  const perGeneration = unracedGames(run);
  const played = history.reduce((n, h) => n + (h.games ?? perGeneration), 0);
  return played + perGeneration > run.games;
}
