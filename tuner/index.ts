/** The genetic tuner: game-agnostic evolution of named, bounded weights. */
export { tune, instanceSeed, fingerprint, DEFAULT_FINAL_CHOICE } from './tune.js';
export type { TuneOptions, TuneResult, ValidationReport, FinalCandidate, FinalChoice } from './tune.js';
export { startEvolution, evolve, isFinished, rankByFitness, defaultGaSettings } from './ga.js';
export type { GaSettings, GaState, GenerationRecord } from './ga.js';
export { tournamentSelect, blendCrossover, mutate, adaptSigma, gaussian } from './operators.js';
export { clampGenome, genomeFromWeights, weightsFromGenome } from './genome.js';
export type { Genome, GenomeSpec } from './genome.js';
export type { TuningGame } from './game.js';
export { createTaskRunner, defaultWorkers } from './pool.js';
export type { TaskRunner } from './pool.js';
export { estimate, pairedDifference } from './statistics.js';
export type { Estimate } from './statistics.js';
export { fitnessPlotSvg } from './plot.js';
export { writeCheckpoint, readCheckpoint } from './checkpoint.js';
