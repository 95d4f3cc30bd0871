/**
 * The resident memory of a program and every process it started, sampled as a judge holds a bot
 * to a memory limit: all of them and not the program alone, since a bot that forks a helper uses
 * the memory of both. Linux only (it reads /proc); elsewhere nothing is measured and no limit is
 * applied.
 *
 * One look at the process table serves every program watched at the time (`judge --jobs N` plays
 * N games), and it is also what finds a program's processes (program-tree.ts): each look records
 * the processes it sees, so one that leaves the program's group is still found at the kill. For
 * each process of a program it reads `status`, for its resident memory now (`VmRSS`) and its own
 * peak (`VmHWM`). A program's peak is the highest sum of its processes' `VmRSS` seen, or one
 * process's `VmHWM` if higher: the kernel keeps that peak between samples, so a single-process
 * bot's short spike is not missed.
 */
import { PROC_SUPPORTED, readProcessTable, readProcFile } from './process-table.js';
import type { ProgramTree } from './program-tree.js';

/** Bytes in the MB of every memory limit and report: 2^20, as Linux memory limits are set. */
export const BYTES_PER_MB: number = 1 << 20;

/** The interval between two samples, ms: short against a turn, long against one look's cost. */
const SAMPLE_MS = 25;

/** A program being watched. */
export interface MemoryWatch {
  /** The highest resident memory of the program's processes seen so far, MB; null until a sample has seen one. */
  peakMb(): number | null;
  /** True once a sample saw the program over its limit (and `onOver` was called). */
  over(): boolean;
  /** Samples the program now, for a last look before it is killed. */
  sampleNow(): void;
  /** Stops watching the program. */
  stop(): void;
}

/** A watched program's state between samples. */
interface Watched {
  readonly tree: ProgramTree;
  readonly limitBytes: number;
  readonly onOver: () => void;
  peakBytes: number;
  seen: boolean;
  over: boolean;
}

const watched = new Set<Watched>();
let timer: NodeJS.Timeout | undefined;

/** A `kB` field of `/proc/<pid>/status` in bytes (0 when absent). */
function statusBytes(status: string, field: string): number {
  const at = status.indexOf(field);
  return at < 0 ? 0 : Number.parseInt(status.slice(at + field.length), 10) * 1024 || 0;
}

/** One look at the process table for `watches`: updates each program's peak and checks its limit. */
function sample(watches: Iterable<Watched>): void {
  const table = readProcessTable();
  for (const watch of watches) {
    let rss = 0;
    let hwm = 0;
    let seen = false;
    for (const entry of watch.tree.members(table)) {
      const status = entry.zombie ? undefined : readProcFile(`/proc/${entry.pid}/status`);
      // A zombie has no memory left (and no VmRSS line): it is not seen.
      if (status === undefined || !status.includes('VmRSS:')) continue;
      seen = true;
      rss += statusBytes(status, 'VmRSS:');
      hwm = Math.max(hwm, statusBytes(status, 'VmHWM:'));
    }
    if (!seen) continue;
    watch.seen = true;
    watch.peakBytes = Math.max(watch.peakBytes, rss, hwm);
    if (!watch.over && watch.peakBytes > watch.limitBytes) {
      watch.over = true;
      watch.onOver();
    }
  }
}

/**
 * Watches the processes of `tree` until `stop()`; `onOver` is called once, from a sample that
 * finds their peak over `limitMb`.
 */
export function watchProgramMemory(tree: ProgramTree, limitMb: number, onOver: () => void): MemoryWatch {
  const watch: Watched = { tree, limitBytes: limitMb * BYTES_PER_MB, onOver, peakBytes: 0, seen: false, over: false };
  if (PROC_SUPPORTED) {
    watched.add(watch);
    // Unreferenced: a judge waits for its programs anyway, and a stray watch must not keep it alive.
    timer ??= setInterval(() => sample(watched), SAMPLE_MS).unref();
  }
  return {
    // Up to the next tenth: a peak just over the limit is never shown as the limit itself.
    peakMb: () => (watch.seen ? Math.ceil((watch.peakBytes / BYTES_PER_MB) * 10) / 10 : null),
    over: () => watch.over,
    sampleNow: () => {
      if (watched.has(watch)) sample([watch]);
    },
    stop: () => {
      if (!watched.delete(watch)) return;
      if (watched.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}
