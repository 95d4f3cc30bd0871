/**
 * Why a tuning run did not finish, as a value a caller switches on by `code`: an option refused
 * before any game (the field named), a checkpoint file that cannot be read, resumed or written,
 * or an evaluation that failed (a game's score threw or was not a finite number, or the runner
 * failed: a queue's job, a worker thread), or a program that never plays (its first games all
 * failed) or cannot be started.
 */
import type { ArgumentError } from '../lib/core/argument-error.js';
import type { FileError } from '../lib/node/files.js';
import type { FirstFailure } from './failures.js';

/** The codes of the options `tune` refuses: a budget, an instance, weights, any other option. */
export type TuneArgumentCode = 'invalid-budget' | 'invalid-instance' | 'invalid-weights' | 'invalid-option';

/** A checkpoint that cannot be used: the file and a one-line reason. */
export interface TuneFileError extends FileError {
  readonly code: 'file-error';
}

/** An evaluation that failed: what the game or the runner said, in one line. */
export interface EvaluationError {
  readonly code: 'evaluation-failed';
  readonly message: string;
}

/** A run stopped because the first games of its program all failed. */
export interface ProgramNeverPlaysError {
  readonly code: 'program-never-plays';
  /** One line: how many games failed, by kind, and the first one's detail. */
  readonly message: string;
  /** The first failed game's kind and detail. */
  readonly first: FirstFailure;
  /** The games watched, every one failed. */
  readonly games: number;
}

/** A run stopped because its program could not be started at all (not found, not executable). */
export interface ProgramCannotStartError {
  readonly code: 'program-cannot-start';
  /** One line: the program and why it could not start. */
  readonly message: string;
  /** Why, in a user's words: `no such program (not found, or not on the PATH)`. */
  readonly reason: string;
}

/** Everything `tune` answers instead of a result. */
export type TuneError =
  | ArgumentError<TuneArgumentCode>
  | TuneFileError
  | EvaluationError
  | ProgramNeverPlaysError
  | ProgramCannotStartError;

/** A file error of the run, with its code. */
export const fileError = (error: FileError): TuneFileError => ({ code: 'file-error', ...error });

/** The longest message shown of what was thrown: a whole stack or a program's output is not a line. */
const MAX_MESSAGE = 500;

/** A thrown value's message on one line: what a game's `score` or a runner threw. */
export function thrownMessage(thrown: unknown): string {
  let text = '';
  try {
    text = String(thrown instanceof Error ? thrown.message : thrown);
  } catch {
    // A thrown object that cannot be made a string (no prototype, a throwing toString) says nothing.
  }
  const line = oneLine(text);
  return line === '' ? 'an evaluation threw with no message' : line;
}

/** A message of a game or a runner on one line, at most `MAX_MESSAGE` characters. */
export function oneLine(text: string): string {
  const line = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}
