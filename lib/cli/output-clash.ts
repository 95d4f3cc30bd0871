/**
 * Two roles for one file, refused before any work: a path to write that another option also
 * writes (`--out x --svg x`: the second write would replace the first) or reads (`show --out
 * moves.txt`, `solve --show board.txt`: the input would be replaced by the output). A device, a
 * named pipe or a descriptor's path (`/dev/null`, `/dev/stdout`) is written in place, never
 * replaced, and may be given to several options; so may a folder (`--replays`).
 */
import { type Stats, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isWrittenInPlace } from '../node/files.js';
import { InputFailure } from './input-error.js';
import type { OptionSpec } from './options.js';

/** One file an option names: the option and the file's identity. */
interface Named {
  readonly option: string;
  readonly path: string;
  readonly identity: string;
}

/** The status of `path`, or undefined when it has none (missing, under a file). */
function statOrNone(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * What tells one file from another however it is named: its device and inode when it exists (a
 * link, `./x` and `dir/../x` alike), its absolute path when it does not yet; undefined for what
 * is no file to replace (a device, a FIFO, a folder).
 */
function identityOf(path: string): string | undefined {
  // `-` is stdin or stdout, a stream, never a file replaced.
  if (path === '-' || isWrittenInPlace(path)) return undefined;
  const stat = statOrNone(path);
  if (stat === undefined) return `path:${resolve(path)}`;
  return stat.isFile() ? `inode:${stat.dev}:${stat.ino}` : undefined;
}

/** The files each option names, in the options' order: `files` gives an output's (a checkpoint's `FILE.0` …). */
function namedFiles(
  entries: readonly (readonly [string, OptionSpec<unknown>])[],
  values: Readonly<Record<string, unknown>>,
): Named[] {
  const named: Named[] = [];
  for (const [option, spec] of entries) {
    const value = values[option];
    if (typeof value !== 'string' || spec.hidden === true || spec.output?.kind === 'folder') continue;
    const paths = spec.output?.files?.(value, values) ?? [value];
    for (const path of paths) {
      const identity = identityOf(path);
      if (identity !== undefined) named.push({ option, path, identity });
    }
  }
  return named;
}

/**
 * Refuses an output file that another option names too: another output (`given to both --out
 * and --svg`) or an option read from (`is also --board, which this command reads`).
 */
export function checkNoSharedFiles(
  options: Readonly<Record<string, OptionSpec<unknown>>>,
  values: Readonly<Record<string, unknown>>,
): void {
  const entries = Object.entries(options);
  const outputs = namedFiles(
    entries.filter(([, spec]) => spec.output !== undefined),
    values,
  );
  const inputs = namedFiles(
    entries.filter(([, spec]) => spec.output === undefined),
    values,
  );
  outputs.forEach((output, i) => {
    const other = outputs.slice(0, i).find((o) => o.identity === output.identity && o.option !== output.option);
    if (other !== undefined)
      throw new InputFailure({
        file: output.path,
        message: `given to both --${other.option} and --${output.option}: give each its own file`,
      });
    const input = inputs.find((o) => o.identity === output.identity);
    if (input !== undefined)
      throw new InputFailure({
        file: output.path,
        message: `is also --${input.option}, which this command reads: writing --${output.option} there would replace it`,
      });
  });
}
