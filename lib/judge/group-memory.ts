/**
 * The resident memory of a program's whole process group, sampled as a judge holds a bot to a
 * memory limit: the group and not the process, since a bot that forks a helper uses the memory of
 * both. Linux only (it reads /proc); elsewhere nothing is measured and no limit is applied.
 *
 * One scan of /proc serves every group watched at the time (`judge --jobs N` plays N games): it
 * reads each process's `stat` for its process group and, for the members of a watched group only,
 * `status` for its resident memory now (`VmRSS`) and its own peak (`VmHWM`). A group's peak is
 * the highest sum of its members' `VmRSS` seen, or one member's `VmHWM` if higher: the kernel keeps
 * that peak between samples, so a single-process bot's short spike is not missed.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';

/** Bytes in the MB of every memory limit and report: 2^20, as Linux memory limits are set. */
export const BYTES_PER_MB: number = 1 << 20;

/** The interval between two scans, ms: short against a turn, long against one scan's cost. */
const SAMPLE_MS = 25;

/** A group being watched. */
export interface MemoryWatch {
  /** The highest resident memory of the group seen so far, MB; null until a sample has seen it. */
  peakMb(): number | null;
  /** True once a sample saw the group over its limit (and `onOver` was called). */
  over(): boolean;
  /** Samples the group now, for a last look before it is killed. */
  sampleNow(): void;
  /** Stops watching the group. */
  stop(): void;
}

/** A watched group's state between samples. */
interface Watched {
  readonly limitBytes: number;
  readonly onOver: () => void;
  peakBytes: number;
  seen: boolean;
  over: boolean;
}

const supported = existsSync('/proc/self/status');
const watched = new Map<number, Watched>();
let timer: NodeJS.Timeout | undefined;
const buffer = Buffer.allocUnsafe(16_384);

/** The text of a small /proc file (its first 16 KB, which hold every field read here), or undefined. */
function readProcFile(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } catch {
    return undefined; // the process exited while the scan ran
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Field 5 of a `/proc/<pid>/stat` line, the process group; the fields are counted from the last
 * `)`, since the command name in parentheses before them may hold spaces and parentheses.
 */
export function processGroupOf(stat: string): number {
  let at = stat.lastIndexOf(')') + 2; // the state field
  for (let field = 3; field < 5; field++) at = stat.indexOf(' ', at) + 1;
  return Number.parseInt(stat.slice(at, stat.indexOf(' ', at)), 10);
}

/** A `kB` field of `/proc/<pid>/status` in bytes (0 when absent). */
function statusBytes(status: string, field: string): number {
  const at = status.indexOf(field);
  return at < 0 ? 0 : Number.parseInt(status.slice(at + field.length), 10) * 1024 || 0;
}

/** One scan of /proc for the groups of `groups`: updates each group's peak and checks its limit. */
function sample(groups: ReadonlyMap<number, Watched>): void {
  const now = new Map<number, { rss: number; hwm: number }>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  for (const entry of entries) {
    const first = entry.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const stat = readProcFile(`/proc/${entry}/stat`);
    if (stat === undefined) continue;
    const group = processGroupOf(stat);
    if (!groups.has(group)) continue;
    const status = readProcFile(`/proc/${entry}/status`);
    // A zombie has no memory left (and no VmRSS line): it is not seen.
    if (status === undefined || !status.includes('VmRSS:')) continue;
    const totals = now.get(group) ?? { rss: 0, hwm: 0 };
    totals.rss += statusBytes(status, 'VmRSS:');
    totals.hwm = Math.max(totals.hwm, statusBytes(status, 'VmHWM:'));
    now.set(group, totals);
  }
  for (const [group, totals] of now) {
    const watch = groups.get(group) as Watched;
    watch.seen = true;
    watch.peakBytes = Math.max(watch.peakBytes, totals.rss, totals.hwm);
    if (!watch.over && watch.peakBytes > watch.limitBytes) {
      watch.over = true;
      watch.onOver();
    }
  }
}

/**
 * Watches the process group `group` (a program started in its own group: its id is the leader's
 * pid) until `stop()`; `onOver` is called once, from a sample that finds the group's peak over
 * `limitMb`.
 */
export function watchGroupMemory(group: number, limitMb: number, onOver: () => void): MemoryWatch {
  const watch: Watched = { limitBytes: limitMb * BYTES_PER_MB, onOver, peakBytes: 0, seen: false, over: false };
  if (supported) {
    watched.set(group, watch);
    // Unreferenced: a judge waits for its programs anyway, and a stray watch must not keep it alive.
    timer ??= setInterval(() => sample(watched), SAMPLE_MS).unref();
  }
  return {
    // Up to the next tenth: a peak just over the limit is never shown as the limit itself.
    peakMb: () => (watch.seen ? Math.ceil((watch.peakBytes / BYTES_PER_MB) * 10) / 10 : null),
    over: () => watch.over,
    sampleNow: () => {
      if (supported && watched.get(group) === watch) sample(new Map([[group, watch]]));
    },
    stop: () => {
      if (watched.get(group) !== watch) return;
      watched.delete(group);
      if (watched.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}
