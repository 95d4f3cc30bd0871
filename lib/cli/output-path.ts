/**
 * The paths a command writes, checked before it does any work: every option declared with an
 * `output` (`options.ts`) is checked by {@link checkOutputs}, which `defineCommand` calls between
 * reading the options and running the command, so that no command can forget one. A run that
 * would have failed at its last write (`tune --out missing/dir/w.json` after every generation)
 * fails at once, in one line. A folder is tested by making and removing a file in it, which
 * holds where permission bits say nothing (`/proc`, a read-only mount, a process run as root).
 */
import { accessSync, closeSync, constants, mkdirSync, openSync, type Stats, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isWrittenInPlace, linkTarget } from '../node/files.js';
import { temporaryName } from '../node/stale-temporaries.js';
import { InputFailure } from './input-error.js';
import type { OptionSpec, OutputKind } from './options.js';
import { checkNoSharedFiles } from './output-clash.js';

/**
 * Checks every output option given a value: the first one that cannot be written is an input
 * failure, and so is one whose file another option also writes or reads (`output-clash.ts`).
 */
export function checkOutputs(
  options: Readonly<Record<string, OptionSpec<unknown>>>,
  values: Readonly<Record<string, unknown>>,
): void {
  for (const [name, option] of Object.entries(options)) {
    const path = values[name];
    if (option.output === undefined || typeof path !== 'string') continue;
    const { kind, files } = option.output;
    for (const file of kind === 'checkpoint' ? (files?.(path, values) ?? [path]) : [path]) {
      const problem = outputProblem(file, kind);
      if (problem !== undefined) throw new InputFailure({ file, message: problem });
      if (kind === 'checkpoint') checkNotReplaced(file, values);
    }
  }
  checkNoSharedFiles(options, values);
}

/**
 * Refuses to replace a file already at a checkpoint's path (an earlier run's checkpoint, or any
 * other file) unless the run goes on from it (`--resume`, which checks it is this run's) or is
 * told to start over (`--force`).
 */
function checkNotReplaced(file: string, values: Readonly<Record<string, unknown>>): void {
  if (values.resume === true || values.force === true || statOrNone(file) === undefined) return;
  throw new InputFailure({
    file,
    message: 'already exists: give --resume to go on from its run, or --force to replace it',
  });
}

/** Why `path` cannot be written as `kind` (a few words), or undefined when it can. */
export function outputProblem(path: string, kind: OutputKind): string | undefined {
  // `-` is stdout for a file written whole, as `/dev/stdout` is; a file read again or a folder cannot be.
  if (path === '-')
    return kind === 'file'
      ? outputProblem('/dev/stdout', kind)
      : `cannot be stdout (give a ${kind === 'folder' ? 'folder' : 'file'})`;
  const stat = statOrNone(path);
  if (kind === 'folder') return folderProblem(path, stat);
  // A checkpoint is replaced after every step, as a file is.
  if (stat?.isDirectory()) return 'cannot be written (is a directory)';
  // A device, a FIFO or a descriptor (`/dev/null`, `/dev/stdout`) is written in place: its own permission counts.
  if (isWrittenInPlace(path)) return stat === undefined ? undefined : failure(() => accessSync(path, constants.W_OK));
  // A link's target is what is written: its folder is the one that must take a new file.
  const folder = dirname(linkTarget(path));
  const folderStat = statOrNone(folder);
  if (folderStat === undefined) return `cannot be written (its folder ${folder} does not exist)`;
  if (!folderStat.isDirectory()) return `cannot be written (${folder} is not a folder)`;
  const probe = probeFolder(folder, basename(path));
  if (probe !== undefined) return `cannot be written (its folder ${folder}: ${probe})`;
  // An appended file is opened as it is, not replaced: it must be writable itself.
  if (kind === 'append' && stat !== undefined) return failure(() => closeSync(openSync(path, 'a')));
  return undefined;
}

/** Why a folder to write files into (made when missing, with its parents) cannot be, or undefined. */
function folderProblem(path: string, stat: Stats | undefined): string | undefined {
  if (stat !== undefined && !stat.isDirectory()) return 'cannot be written (is a file, expected a folder)';
  let existing = path;
  while (statOrNone(existing) === undefined && dirname(existing) !== existing) existing = dirname(existing);
  if (!statOrNone(existing)?.isDirectory()) return `cannot be written (${existing} is not a folder)`;
  const probe = probeFolder(existing, basename(path));
  if (probe === undefined) return undefined;
  return existing === path ? `cannot be written (${probe})` : `cannot be made (in ${existing}: ${probe})`;
}

/** The file's status, or undefined when there is none to be had (missing, or under a file). */
function statOrNone(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Why no file can be made in `folder` (found by making and removing one), or undefined. */
function probeFolder(folder: string, name: string): string | undefined {
  const probe = join(folder, temporaryName(name));
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
    return undefined;
  } catch (error) {
    return reason(error);
  }
}

/** Undefined when `attempt` succeeds, else `cannot be written (REASON)`. */
function failure(attempt: () => void): string | undefined {
  try {
    attempt();
    return undefined;
  } catch (error) {
    return `cannot be written (${reason(error)})`;
  }
}

/** A failed write's error in a few words. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'a read-only file system';
  // No file can be made where the folder is not a real one (`/proc/self`).
  if (code === 'ENOENT') return 'no file can be made there';
  if (code === 'ENOTDIR') return 'a file is in its path';
  return code ?? (error as Error).message;
}

/**
 * Makes the folder `path` and its missing parents, one at a time: Node's own recursive `mkdir`
 * never returns on a path it cannot make under `/proc`.
 */
export function makeFolder(path: string): void {
  const missing: string[] = [];
  // A path under a file (made so during the run) has no status either: making it fails below, in one line.
  for (let at = resolve(path); statOrNone(at) === undefined; at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  try {
    for (const folder of missing) mkdirSync(folder);
  } catch (error) {
    throw new InputFailure({ file: path, message: `cannot be made (${reason(error)})` });
  }
}
