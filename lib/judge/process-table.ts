/**
 * The processes of the machine as Linux's /proc shows them: for each, its parent, its process
 * group, its session and its start time, which is how a judge finds every process a program
 * started, even one that left the program's group or whose parent died. Elsewhere (no /proc) the
 * table is empty and only a program's process group can be reached.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

/** One process of the table. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly group: number;
  readonly session: number;
  /** When it started, in clock ticks since boot: with the pid, a name no later process takes. */
  readonly start: number;
  /** True for a zombie: it has exited and holds nothing but its entry, until its parent reaps it. */
  readonly zombie: boolean;
}

/** True where /proc can be read (Linux). */
export const PROC_SUPPORTED: boolean = existsSync('/proc/self/stat');

const buffer = Buffer.allocUnsafe(16_384);

/** The text of a small /proc file (its first 16 KB, which hold every field read here), or undefined. */
export function readProcFile(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } catch {
    return undefined; // the process exited while the table was read
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The entry of a `/proc/<pid>/stat` line, or undefined when it cannot be read. The fields are
 * counted from the last `)`, since the command name in parentheses before them may hold spaces and
 * parentheses: the state is field 3, then the parent, the group and the session, and the start
 * time is field 22.
 */
export function parseStat(stat: string): ProcessEntry | undefined {
  const close = stat.lastIndexOf(')');
  const open = stat.indexOf(' (');
  if (close < 0 || open < 0) return undefined;
  const fields = stat.slice(close + 2).split(' ');
  const number = (field: number) => Number.parseInt(fields[field - 3], 10);
  const entry = {
    pid: Number.parseInt(stat.slice(0, open), 10),
    ppid: number(4),
    group: number(5),
    session: number(6),
    start: number(22),
    zombie: fields[0] === 'Z' || fields[0] === 'X',
  };
  return Object.values(entry).some((v) => typeof v === 'number' && !Number.isFinite(v)) ? undefined : entry;
}

/** Every process /proc lists now (none without /proc). */
export function readProcessTable(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const table: ProcessEntry[] = [];
  for (const name of names) {
    const first = name.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const stat = readProcFile(`/proc/${name}/stat`);
    const entry = stat === undefined ? undefined : parseStat(stat);
    if (entry !== undefined) table.push(entry);
  }
  return table;
}

/**
 * True when the environment `pid` was started with holds `needle` (one `NAME=value` entry, or
 * its start), false when it does not or cannot be read (another user's process, or one gone).
 */
export function environmentHolds(pid: number, needle: string): boolean {
  try {
    return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(`\0${needle}`);
  } catch {
    return false;
  }
}

/** The start time of `pid` (clock ticks since boot), or undefined when it cannot be read. */
export function startOf(pid: number): number | undefined {
  const stat = readProcFile(`/proc/${pid}/stat`);
  return stat === undefined ? undefined : parseStat(stat)?.start;
}
