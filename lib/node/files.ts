/**
 * Reading the user's files with errors that name the file, and writing files so that an
 * interrupted run never leaves a half-written one (write a temporary file, then rename).
 */
import {
  appendFileSync,
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { err, ok, type Result } from '../core/result.js';

/** A file that could not be used, with a one-line reason. */
export interface FileError {
  readonly file: string;
  readonly message: string;
}

const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/** Reads a UTF-8 text file; refuses missing files, directories, huge files and binary content. */
export function readTextFile(file: string): Result<string, FileError> {
  let size: number;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) return err({ file, message: 'is a directory, expected a file' });
    size = stat.size;
  } catch (e) {
    return err({ file, message: describeFsError(e) });
  }
  if (size > MAX_TEXT_BYTES) return err({ file, message: `is too large (${size} bytes, at most ${MAX_TEXT_BYTES})` });
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch (e) {
    return err({ file, message: describeFsError(e) });
  }
  if (buffer.includes(0)) return err({ file, message: 'is binary, expected text' });
  const text = buffer.toString('utf8');
  if (text.includes('\uFFFD')) return err({ file, message: 'is not valid UTF-8 text' });
  return ok(text);
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    case 'EISDIR':
      return 'is a directory, expected a file';
    default:
      return `cannot be read (${code ?? (e as Error).message})`;
  }
}

/**
 * Writes `data` to `file` atomically: a temporary file beside it is written, flushed and renamed
 * over the target, so readers see either the old file or the whole new one.
 */
export function writeFileAtomic(file: string, data: string): Result<void, FileError> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    return ok(undefined);
  } catch (e) {
    try {
      unlinkSync(temporary);
    } catch {
      // The temporary file may not exist; nothing else to clean.
    }
    return err(writeFailure(file, e));
  }
}

/** Appends `data` to `file` (made when missing) in one write: concurrent appenders never mix lines. */
export function appendTextFile(file: string, data: string): Result<void, FileError> {
  try {
    appendFileSync(file, data);
    return ok(undefined);
  } catch (e) {
    return err(writeFailure(file, e));
  }
}

function writeFailure(file: string, e: unknown): FileError {
  return { file, message: `cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
}
