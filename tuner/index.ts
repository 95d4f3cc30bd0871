/** The genetic tuner: game-agnostic evolution of named, bounded weights. */

export type { Estimate } from '../lib/core/statistics.js';
export { estimate, pairedDifference } from '../lib/core/statistics.js';
export type { TuningGame } from '../lib/core/tuning-game.js';
export type { RunIdentity } from './checkpoint.js';
export { readCheckpoint, writeCheckpoint } from './checkpoint.js';
export type { GaSettings, GaState, GenerationRecord } from './ga.js';
export { defaultGaSettings, evolve, isFinished, rankByFitness, startEvolution } from './ga.js';
export type { Genome, GenomeSpec } from './genome.js';
export { clampGenome, genomeFromWeights, weightsFromGenome } from './genome.js';
export { adaptSigma, blendCrossover, gaussian, mutate, tournamentSelect } from './operators.js';
export { fitnessPlotSvg } from './plot.js';
export type { TaskRunner } from './pool.js';
export { createTaskRunner, defaultWorkers } from './pool.js';
export type { TuneProgress } from './progress.js';
export { createProgress } from './progress.js';
export type { FinalCandidate, FinalChoice, FinalSample, TuneOptions, TuneResult, ValidationReport } from './tune.js';
export { DEFAULT_FINAL_CHOICE, fingerprint, generationInstances, instanceSeed, tune } from './tune.js';
