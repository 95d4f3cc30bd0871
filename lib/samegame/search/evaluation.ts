/**
 * The solver's evaluation: named features of a position (`weights.ts` names them), each with a
 * weight. A position's value is its score so far plus the weighted sum of its features.
 */
import type { Kernel, Survey } from './kernel.js';
import { FEATURE_NAMES, type Weights } from './weights.js';

/** The feature weights as a vector in {@link FEATURE_NAMES} order. */
export const weightVector = (weights: Weights): Float64Array => Float64Array.from(FEATURE_NAMES, (f) => weights[f]);

/**
 * The feature values of a surveyed position, in {@link FEATURE_NAMES} order, into `out`. The tabu
 * color is the most frequent color of the position (a fixed color chosen at the root scored
 * no better in beam search).
 */
export function featureValues(survey: Survey, out: Float64Array): Float64Array {
  const counts = survey.colorCounts;
  let potential = 0;
  let largest = 0;
  let orphans = 0;
  let tabu = 0;
  for (let c = 0; c < counts.length; c++) {
    const n = counts[c];
    if (n >= 2) potential += (n - 2) * (n - 2);
    if (n === 1) orphans++;
    if (n > largest) {
      largest = n;
      tabu = c;
    }
  }
  out[0] = potential;
  out[1] = largest >= 2 ? (largest - 2) * (largest - 2) : 0;
  out[2] = survey.regionPoints;
  out[3] = survey.singletons;
  out[4] = survey.regions;
  out[5] = orphans;
  out[6] = orphans === 0 ? 1 : 0;
  out[7] = survey.colorRegions[tabu];
  return out;
}

/**
 * Evaluates kernel positions with one weight vector, reusing its scratch space. After
 * {@link value}, `survey` holds the position's legal moves.
 */
export class Evaluator {
  readonly survey: Survey;
  private readonly weights: Float64Array;
  private readonly features = new Float64Array(FEATURE_NAMES.length);

  constructor(weights: Weights, survey: Survey) {
    this.weights = weightVector(weights);
    this.survey = survey;
  }

  /** Score so far plus the weighted features; a terminal position is worth its score alone. */
  value(kernel: Kernel): number {
    kernel.survey(this.survey);
    return this.valueOfSurveyed(kernel);
  }

  /**
   * {@link value} from the totals already in `survey`, which must be the kernel's own (filled
   * by `kernel.survey` or `kernel.surveyChild`).
   */
  valueOfSurveyed(kernel: Kernel): number {
    if (this.survey.moveCount === 0) return kernel.score;
    const f = featureValues(this.survey, this.features);
    let v = kernel.score;
    for (let i = 0; i < f.length; i++) v += this.weights[i] * f[i];
    return v;
  }
}
