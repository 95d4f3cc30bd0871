/**
 * Weights files: JSON objects naming every evaluation feature, validated with zod. Kept apart
 * from the evaluation itself so that search code (and the single-file CodinGame bot) need not
 * load the validator.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../core/result.js';
import { WEIGHT_NAMES, type WeightName, type Weights } from './evaluation.js';

/** A weights object: every weight named, finite numbers, nothing else. */
export const weightsSchema = z
  .object(Object.fromEntries(WEIGHT_NAMES.map((f) => [f, z.number().finite()])) as Record<WeightName, z.ZodNumber>)
  .strict();

/** Validates parsed JSON as {@link Weights}, naming the first bad field. */
export function parseWeights(json: unknown): Result<Weights, { field: string; message: string }> {
  const parsed = weightsSchema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const unknownKeys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [];
  const field = unknownKeys.length > 0 ? unknownKeys[0] : issue.path.join('.') || '(root)';
  const message = unknownKeys.length > 0 ? `unknown weight "${field}" (known: ${WEIGHT_NAMES.join(', ')})` : issue.message;
  return err({ field, message });
}

