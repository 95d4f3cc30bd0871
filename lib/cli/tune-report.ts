/** What `tune` writes and prints: the output JSON's report and the summary lines on stdout. */
import type { GaSettings } from '../../tuner/ga.js';
import type { TuneResult } from '../../tuner/tune.js';

/** The files and budget a run used, as the report records them. */
export interface TuneRunFacts {
  readonly game: string;
  readonly settings: GaSettings;
  readonly nodes: number;
  readonly train: { readonly file: string; readonly instances: number };
  readonly validate: { readonly file: string; readonly instances: number };
  /** The final choice's instances, when not the training ones. */
  readonly select?: { readonly file: string; readonly instances: number };
  /** Training instances drawn for each generation, when not all. */
  readonly batch?: number;
}

/** The output file's content: the tuned weights and the report of how they were found and checked. */
export function tuneOutputJson(result: TuneResult, run: TuneRunFacts): string {
  const { weights, validation, history, finalists } = result;
  const report = {
    game: run.game,
    settings: { ...run.settings, nodes: run.nodes },
    train: run.train,
    ...(run.batch === undefined ? {} : { batch: run.batch }),
    ...(run.select === undefined ? {} : { select: run.select }),
    validate: run.validate,
    finalSample: result.finalSample,
    finalists,
    validation,
    history,
  };
  return `${JSON.stringify({ weights, report }, null, 2)}\n`;
}

/** The summary printed when the run ends: the final choice and the held-out comparison. */
export function tuneSummary(result: TuneResult, run: TuneRunFacts, outFile: string): string {
  const { validation, finalists, finalSample } = result;
  const f = (e: { mean: number; standardError: number }) => `${e.mean.toFixed(1)} ± ${e.standardError.toFixed(1)}`;
  const start = finalists.find((c) => c.origin === 'start')?.mean.toFixed(1);
  const errors = validation.difference.mean / (validation.difference.standardError || Number.POSITIVE_INFINITY);
  const where =
    finalSample === 'selection-instances'
      ? `selection mean ${finalists[0].mean.toFixed(1)} on the ${run.select?.instances} selection instances`
      : `training mean ${finalists[0].mean.toFixed(1)} on fresh seeds`;
  return [
    `tuned weights written to ${outFile} (${finalists[0].origin}: ${where}; the start scored ${start})`,
    `validation on ${validation.instances} instances at ${run.nodes} nodes:`,
    `  tuned    ${f(validation.tuned)}`,
    `  start    ${f(validation.start)}`,
    `  paired difference (tuned - start) ${f(validation.difference)}  (${errors.toFixed(1)} standard errors)`,
    '',
  ].join('\n');
}
