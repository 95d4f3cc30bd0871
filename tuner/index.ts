/**
 * The tuner: game-agnostic evolution of named, bounded weights, by a genetic algorithm or CMA-ES. A game is a
 * {@link TuningGame} (both games export theirs as `tuningGame`); {@link tune} evolves its weights on
 * training instances, chooses the final weights on fresh seeds and compares them with the start on
 * held-out instances, with checkpoints and any number of worker threads. A game built at run time
 * (a user's program, whose games can fail) scores a {@link GameScore}, and the run counts its
 * failed games.
 *
 * @module tilefall/tuner
 */

export type { ArgumentError } from '../lib/core/argument-error.js';
export type { Result } from '../lib/core/result.js';
export { err, ok } from '../lib/core/result.js';
export type { Estimate } from '../lib/core/statistics.js';
export type {
  ConfiguredTuningGameModule,
  Evaluation,
  FailureKind,
  GameConfig,
  GameScore,
  GenomeSpec,
  TuningGame,
  TuningProgram,
} from '../lib/core/tuning-game.js';
export type { FileError } from '../lib/node/files.js';
export type { EvaluationTask } from './evaluate-task.js';
export type { FailureRecord, FailureTotals, FirstFailure, GenomeFailures } from './failures.js';
export type { GaSettings, GenerationRecord } from './ga.js';
export { defaultGaSettings } from './ga.js';
export { GAME_LIMITS } from './game-check.js';
export { FIRST_GAMES_WATCHED } from './never-plays.js';
export type { OptimizerName } from './optimizer.js';
export { OPTIMIZERS } from './optimizer.js';
export type { HeldOutDifference, PlotAxis, PlotError } from './plot.js';
export { fitnessPlotSvg } from './plot.js';
export type { TaskRunner } from './pool.js';
export { createTaskRunner, defaultWorkers, MAX_WORKERS } from './pool.js';
export type { ProgressStream, RunPhase, RunPlan, TuneProgress } from './progress.js';
export { createProgress } from './progress.js';
export type { RaceSettings } from './racing.js';
export { DEFAULT_RACE_CONFIDENCE } from './racing.js';
export { MAX_SCORE } from './run-tasks.js';
export { estimate, MAX_SAMPLE_VALUE, pairedDifference } from './statistics.js';
export type { FinalCandidate, FinalSample, TuneResult, ValidationReport } from './tune.js';
export { tune } from './tune.js';
export type {
  EvaluationError,
  ProgramCannotStartError,
  ProgramNeverPlaysError,
  TuneArgumentCode,
  TuneError,
  TuneFileError,
} from './tune-error.js';
export type { FinalChoice, TuneOptions } from './tune-options.js';
export { DEFAULT_FINAL_CHOICE, TUNE_LIMITS } from './tune-options.js';
