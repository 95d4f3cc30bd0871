/**
 * A program that cannot start, refused as its option's bad value before any game: every command
 * that runs a user's program (`judge`, `conform`, `tune --bot`, `worker --bot`) answers a missing
 * program, one that may not be executed, a missing `#!` interpreter or a missing script
 * (`python3 gone.py`) alike, in one line with exit code 2, instead of playing every game as a crash.
 */
import { startProblem } from '../judge/program-check.js';
import { InputFailure } from './input-error.js';

/** Throws the input failure of option `--option` when the command `argv` cannot start. */
export function refuseUnstartable(option: string, argv: readonly string[] | undefined): void {
  const problem = argv === undefined ? undefined : startProblem(argv);
  if (problem !== undefined)
    throw new InputFailure({ message: `option --${option}: cannot start "${problem.name}": ${problem.reason}` });
}
