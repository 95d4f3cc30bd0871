/**
 * Reading a queue job's data on a worker, the same way for every kind of job: a job sent by another
 * version of tilefall is refused for its version before its shape is looked at (another version's
 * jobs may have other fields, and the version is what to fix); a job of this version with a bad
 * field is refused naming that field.
 */
import type { z } from 'zod';
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
