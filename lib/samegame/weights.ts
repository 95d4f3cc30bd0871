/**
 * SameGame weights files, validated with zod. Kept apart from the evaluation itself so that
 * search code (and the single-file CodinGame bot) need not load the validator.
 */
import { namedWeightsSchema, parseNamedWeights, type WeightsError } from '../core/named-weights.js';
import type { Result } from '../core/result.js';
import { WEIGHT_NAMES, type Weights } from './evaluation.js';

/** A SameGame weights object: every weight named, finite numbers, nothing else. */
export const weightsSchema = namedWeightsSchema(WEIGHT_NAMES);

/** Validates parsed JSON (a plain object or a tuner output) as {@link Weights}, naming the first bad field. */
export function parseWeights(json: unknown): Result<Weights, WeightsError> {
  return parseNamedWeights(json, WEIGHT_NAMES);
}
