/**
 * Reading the user's files with errors that name the file, and writing files so that an
 * interrupted run never leaves a half-written one (write a temporary file, then rename).
 */
import {
  appendFileSync,
  closeSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { err, ok, type Result } from '../core/result.js';
import { withDefaultEndingSignals } from './default-signals.js';
import { removeStaleTemporaries, temporaryName } from './stale-temporaries.js';

/** A file that could not be used, with a one-line reason. */
export interface FileError {
  readonly file: string;
  readonly message: string;
}

/**
 * The most bytes a text file may hold. A pipe, a FIFO or a device has no size to check first, so
 * every file is read in chunks and refused as soon as it holds more.
 */
export const MAX_TEXT_BYTES: number = 64 * 1024 * 1024;

/** Bytes read at a time: a chunk is filled before the next is started, so a pipe's short reads waste nothing. */
const CHUNK_BYTES = 1024 * 1024;

/** How long to wait before reading again from a descriptor that has nothing yet (a non-blocking pipe). */
const RETRY_MS = 10;

/**
 * Reads a UTF-8 text file; refuses missing files, directories, files of more than
 * {@link MAX_TEXT_BYTES} (pipes, FIFOs and devices such as `/dev/zero` included) and binary content;
 * a byte order mark at the start is left out. A pipe, a FIFO or a device may make it wait (a FIFO for a writer, a terminal for a line):
 * Ctrl-C and SIGTERM end it meanwhile, as they end `cat`. `-` is stdin.
 */
export function readTextFile(file: string): Result<string, FileError> {
  // `-` is stdin, as for Unix tools.
  const path = file === '-' ? '/dev/stdin' : file;
  return mayWait(path) ? withDefaultEndingSignals(() => readTextNow(path)) : readTextNow(path);
}

/** True when reading `file` may wait for data: it is neither a regular file nor a folder. */
function mayWait(file: string): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && !stat.isFile() && !stat.isDirectory();
}

/** {@link readTextFile}, the signals as they are. */
function readTextNow(file: string): Result<string, FileError> {
  const opened = openForReading(file);
  if (!opened.ok) return err({ file, message: describeFsError(opened.error) });
  const { fd, own } = opened.value;
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return err({ file, message: 'is a directory, expected a file' });
    // A regular file says its size: one too large is refused unread.
    if (stat.isFile() && stat.size > MAX_TEXT_BYTES) return err({ file, message: tooLarge });
    const bytes = readCapped(fd, stat.isFile() ? stat.size : 0);
    if (!bytes.ok) return err({ file, message: bytes.error });
    const text = bytes.value.toString('utf8');
    if (text.includes('\uFFFD')) return err({ file, message: 'is not valid UTF-8 text' });
    // A byte order mark (what Windows editors put first) is no part of the text: JSON would refuse it.
    return ok(text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text);
  } catch (e) {
    return err({ file, message: describeFsError(e) });
  } finally {
    if (own) closeSync(fd);
  }
}

/** The standard descriptors' own paths. */
const STANDARD_DESCRIPTORS: Readonly<Record<string, number>> = { '/dev/stdin': 0, '/dev/stdout': 1, '/dev/stderr': 2 };

/** The descriptor a path names (`/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`), if it names one. */
function descriptorOf(file: string): number | undefined {
  const numbered = /^\/(?:dev|proc\/self)\/fd\/(\d+)$/.exec(file);
  return numbered === null ? STANDARD_DESCRIPTORS[file] : Number(numbered[1]);
}

/**
 * A descriptor to read `file` from, and whether it is ours to close. A socket (the stdin a
 * program is given by another program, often) cannot be opened again by its path: that path is
 * read through the descriptor it names.
 */
function openForReading(file: string): Result<{ fd: number; own: boolean }, unknown> {
  try {
    return ok({ fd: openSync(file, 'r'), own: true });
  } catch (e) {
    const named = descriptorOf(file);
    if ((e as NodeJS.ErrnoException).code !== 'ENXIO' || named === undefined) return err(e);
    return ok({ fd: named, own: false });
  }
}

/** The byte order mark, as decoded from UTF-8. */
const BYTE_ORDER_MARK = '\uFEFF';

const tooLarge = `is too large (more than ${MAX_TEXT_BYTES} bytes)`;

/**
 * The bytes of `fd` up to its end, or why they are refused: more than the cap, or a NUL byte
 * (binary). `expected` is the size the file says it has (a regular file's): read in one buffer
 * when it holds no more, in chunks when it grew or says nothing (a pipe, a device, `/proc`).
 */
function readCapped(fd: number, expected: number): Result<Buffer, string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    // One byte past the cap is asked for, so a file of exactly the cap is read whole and one more is refused.
    const wanted = chunks.length === 0 && expected > 0 ? expected + 1 : CHUNK_BYTES;
    const chunk = Buffer.allocUnsafe(Math.min(wanted, MAX_TEXT_BYTES + 1 - total));
    const filled = fillChunk(fd, chunk);
    const piece = chunk.subarray(0, filled);
    if (piece.includes(0)) return err('is binary, expected text');
    chunks.push(piece);
    total += filled;
    if (total > MAX_TEXT_BYTES) return err(tooLarge);
    if (filled < chunk.length) return ok(chunks.length === 1 ? piece : Buffer.concat(chunks, total));
  }
}

/** Reads into `chunk` until it is full or the file ends; the bytes read. */
function fillChunk(fd: number, chunk: Buffer): number {
  let filled = 0;
  while (filled < chunk.length) {
    const read = readSome(fd, chunk, filled);
    if (read === 0) break;
    filled += read;
  }
  return filled;
}

/** One read at `offset` of `chunk`, waiting (without spinning) while a non-blocking descriptor has nothing yet. */
function readSome(fd: number, chunk: Buffer, offset: number): number {
  for (;;) {
    try {
      return readSync(fd, chunk, offset, chunk.length - offset, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
  }
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
 * over the target, so readers see either the old file or the whole new one. The temporaries an
 * interrupted write of the same target left (their process no longer runs) are removed first. A
 * target that is a device or a FIFO (`/dev/stdout`, a named pipe) is written in place instead, and
 * `-` is stdout.
 */
export function writeFileAtomic(file: string, data: string): Result<void, FileError> {
  // `-` is stdout, as for Unix tools.
  if (file === '-') return writeInPlace('/dev/stdout', data);
  // A device or a FIFO cannot be replaced by a rename (nor should it be: `/dev/null` is everyone's).
  if (isWrittenInPlace(file)) return writeInPlace(file, data);
  const target = linkTarget(file);
  const folder = dirname(target);
  removeStaleTemporaries(folder, basename(target));
  const temporary = join(folder, temporaryName(basename(target)));
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
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

/**
 * The file a write of `file` replaces: where a symbolic link points (followed to its end, or to
 * where a dangling one points), so that the link stays and its target is written, as a shell's
 * `>` writes it; any other path itself.
 */
export function linkTarget(file: string): string {
  try {
    if (!lstatSync(file).isSymbolicLink()) return file;
  } catch {
    // Nothing there (or a path under a file): nothing to follow.
    return file;
  }
  try {
    return realpathSync(file);
  } catch {
    return resolve(dirname(file), readlinkSync(file));
  }
}

/**
 * True when `file` is written in place, not replaced by a rename: a descriptor's path
 * (`/dev/stdout`, `/dev/fd/3`, whatever it points to) or a file that is neither a regular file nor
 * a folder (a device, a FIFO, a socket).
 */
export function isWrittenInPlace(file: string): boolean {
  if (descriptorOf(file) !== undefined) return true;
  try {
    const stat = statSync(file);
    return !stat.isFile() && !stat.isDirectory();
  } catch {
    return false;
  }
}

/**
 * Writes `data` into `file` as it is: a descriptor's path through its descriptor, a device or a
 * FIFO opened. A FIFO waits for a reader and a full pipe for room: Ctrl-C and SIGTERM end the
 * wait, as they end `cat > fifo`.
 */
function writeInPlace(file: string, data: string): Result<void, FileError> {
  return withDefaultEndingSignals(() => writeInPlaceNow(file, data));
}

/** {@link writeInPlace}, the signals as they are. */
function writeInPlaceNow(file: string, data: string): Result<void, FileError> {
  const descriptor = descriptorOf(file);
  let fd: number | undefined;
  try {
    fd = descriptor ?? openSync(file, 'w');
    const bytes = Buffer.from(data);
    for (let offset = 0; offset < bytes.length; ) offset += writeSome(fd, bytes, offset);
    return ok(undefined);
  } catch (e) {
    return err(writeFailure(file, e));
  } finally {
    if (fd !== undefined && descriptor === undefined) closeSync(fd);
  }
}

/** One write from `offset` of `bytes`, waiting (without spinning) while a non-blocking descriptor is full. */
function writeSome(fd: number, bytes: Buffer, offset: number): number {
  for (;;) {
    try {
      return writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
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
