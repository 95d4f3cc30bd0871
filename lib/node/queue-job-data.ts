/**
 * Reading a queue job's data on a worker, the same way for every kind of job: a job sent by another
 * version of tilefall is refused for its version before its shape is looked at (another version's
 * jobs may have other fields, and the version is what to fix); a job of this version with a bad
 * field is refused naming that field.
 */
import { z } from 'zod';
import type { ArgumentError } from '../core/argument-error.js';
import { err, ok, type Result } from '../core/result.js';

/** Who reads a job: the worker's name and the tilefall version it runs. */
export interface JobReader {
  readonly name: string;
  readonly version: string;
}

/** `data` as `schema` reads it, or a one-line refusal naming the version or the field (`kind`: "solve job"). */
export function readJobData<T>(
  data: unknown,
  schema: z.ZodType<T>,
  kind: string,
  worker: JobReader,
): Result<T, string> {
  const made = typeof data === 'object' && data !== null ? (data as { version?: unknown }).version : undefined;
  if (typeof made === 'string' && made !== worker.version)
    return err(
      `worker ${worker.name} runs tilefall ${worker.version} but the job was made by ${made}: run the same version on every machine`,
    );
  const parsed = schema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  return err(`not a tilefall ${kind}: field ${issue.path.join('.') || '(the job itself)'}: ${issue.message}`);
}

/**
 * Adds the refusal of a library check of one field (`checkBudget(value, 'budget')` in the
 * transform of field `budget`) to a job schema's issues, at the path its error names below that
 * field, with the message that follows the path: `field budget.nodes: must be a whole number from
 * 1 to …`. For a zod transform: `return argumentIssue(ctx, error)`.
 */
export function argumentIssue(ctx: z.RefinementCtx, error: ArgumentError): never {
  const message = error.message.startsWith(`${error.field} `)
    ? error.message.slice(error.field.length + 1)
    : error.message;
  ctx.addIssue({ code: 'custom', message, path: error.field.split('.').slice(1) });
  return z.NEVER;
}

/** A whole number in `[min, max]`, refused naming that range (not zod's safe-integer limit). */
export const wholeNumber = ([min, max]: readonly [number, number]): z.ZodType<number> =>
  z.number().refine((value) => Number.isInteger(value) && value >= min && value <= max, {
    message: `expected a whole number from ${min} to ${max}`,
  });
