/**
 * The writes a command makes after its answer (a replay, a picture, a stored line): each is tried
 * even when one before it failed, and a failure is reported after the answer is out, in one line,
 * with exit code 2. A long search is never lost because a picture of it could not be saved.
 */
import { EXIT, formatInputError, type InputError, InputFailure } from './input-error.js';

/** Runs each write in turn: the input errors of those that failed (any other error is thrown). */
export function tryWrites(writes: readonly (() => void)[]): InputError[] {
  const failures: InputError[] = [];
  for (const write of writes) {
    try {
      write();
    } catch (error) {
      if (!(error instanceof InputFailure)) throw error;
      failures.push(error.input);
    }
  }
  return failures;
}

/** Prints one line per failure on stderr: the exit code, 2 when there is any. */
export function reportFailedWrites(failures: readonly InputError[]): number {
  for (const failure of failures) process.stderr.write(`${formatInputError(failure)}\n`);
  return failures.length === 0 ? EXIT.ok : EXIT.badInput;
}
