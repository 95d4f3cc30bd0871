/**
 * Weights files of any game: a JSON object naming every weight of the game with a finite number,
 * nothing else. A tuner output (`{ "weights": {...}, "report": {...} }`) is accepted too.
 */
import { z } from 'zod';
import { err, ok, type Result } from './result.js';

/** A weights file that was refused: the weight at fault and why. */
export interface WeightsError {
  /** The offending weight name, or `(root)`. */
  readonly field: string;
  readonly message: string;
}

/** The zod schema of a weights object with exactly `names`. */
function namedWeightsSchema<N extends string>(names: readonly N[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, z.number().finite()])) as Record<N, z.ZodNumber>).strict();
}

/** Validates parsed JSON as weights named `names`, naming the first bad field. */
export function parseNamedWeights<N extends string>(
  json: unknown,
  names: readonly N[],
): Result<Record<N, number>, WeightsError> {
  const candidate =
    json !== null && typeof json === 'object' && !Array.isArray(json) && 'weights' in json
      ? (json as { weights: unknown }).weights
      : json;
  // Name the most telling problem first: a weight of another game or a typo, then a missing one.
  if (candidate !== null && typeof candidate === 'object' && !Array.isArray(candidate)) {
    const known = new Set<string>(names);
    const unknown = Object.keys(candidate).find((key) => !known.has(key));
    if (unknown !== undefined)
      return err({ field: unknown, message: `unknown weight "${unknown}" (known: ${names.join(', ')})` });
    const missing = names.find((name) => !(name in candidate));
    if (missing !== undefined) return err({ field: missing, message: `missing weight "${missing}"` });
  }
  const parsed = namedWeightsSchema(names).safeParse(candidate);
  if (parsed.success) return ok(parsed.data as Record<N, number>);
  const issue = parsed.error.issues[0];
  const unknownKeys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [];
  const field = unknownKeys[0] ?? (issue.path.join('.') || '(root)');
  const message = unknownKeys.length > 0 ? `unknown weight "${field}" (known: ${names.join(', ')})` : issue.message;
  return err({ field, message });
}
