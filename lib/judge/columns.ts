/**
 * A Columns program judged as a contest judge runs a submission: a fresh process per instance,
 * the input on stdin, the output scored by the referee, wall time counted from the process start
 * (start-up included), and all its processes killed at the time limit, over the memory limit, or
 * once it exits (what it printed before it exited is its output).
 */
import type { Instance } from '../columns/engine/instance.js';
import { judgeOutput, type Verdict } from '../columns/engine/referee.js';
import { formatInstance } from '../columns/engine/text.js';
import { spawnInGroup, startFailure } from './process-group.js';

/** How a run ended: a scored output, an invalid one (score 0), too slow, a failed process, or too big. */
export type ProgramEnd = 'scored' | 'invalid' | 'timeout' | 'crash' | 'memory';

/**
 * The contest's memory limit: algotester states its limits in MiB, and tilefall's MB is 2^20 bytes
 * throughout (docs/rules/columns.md, "Limits").
 */
export const COLUMNS_MEMORY_MB = 1024;

/** Limits beside the time: the memory the program's processes may hold together, MB. */
export interface ProgramLimits {
  /** Default {@link COLUMNS_MEMORY_MB}. */
  readonly memoryMb?: number;
}

/** The report on one instance. */
export interface ProgramReport {
  readonly end: ProgramEnd;
  readonly score: number;
  /** Wall time from start to exit (or to the kill at the limit), start-up included. */
  readonly seconds: number;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** Why the program could not be started (not found, not executable), when it could not: `end` is `crash`. */
  readonly unstartable?: string;
  /**
   * The peak resident memory of the program's processes, MB, sampled while it ran (null when
   * no sample saw it, as for a run shorter than the sampling interval, or without Linux's /proc).
   */
  readonly peakMemoryMb: number | null;
  /** The referee's verdict, when the program printed an output before exiting normally. */
  readonly verdict?: Verdict;
  /** The last lines of stderr. */
  readonly stderr: readonly string[];
}

/**
 * The bytes of a program's output held for its verdict, for an instance of `pieces` columns: far
 * more than any output the referee reads (one short line a column, `12 2`), so that only a flood
 * is cut, and in proportion to the instance, so that a flood costs no more memory than the input
 * did (a fixed cap large enough for the largest instance let a few flooding runs at once hold
 * gigabytes: see the commit that set this). What comes past it is read and dropped.
 */
export function outputCapBytes(pieces: number): number {
  return 4096 + pieces * 32;
}

/**
 * Runs `argv` on `instance` within `timeMs` and `limits`, `variables` added to its environment
 * (which process-group.ts builds), and scores what it prints.
 */
export function judgeColumnsProgram(
  argv: readonly string[],
  instance: Instance,
  timeMs: number,
  variables: Readonly<Record<string, string>> = {},
  limits: ProgramLimits = {},
): Promise<ProgramReport> {
  return new Promise((resolve) => {
    const started = performance.now();
    const program = spawnInGroup(argv, variables, { memoryLimitMb: limits.memoryMb ?? COLUMNS_MEMORY_MB });
    const { child } = program;
    const output = cappedOutput(outputCapBytes(instance.pieces.length));
    let timedOut = false;
    let failedToStart: Error | undefined;
    child.stdout.on('data', output.add);
    const timer = setTimeout(() => {
      timedOut = true;
      program.kill();
    }, timeMs);
    child.on('error', (error) => {
      failedToStart = error;
    });
    // The run's time ends when the program exits, not when the last process holding its output is gone.
    let exitedAt: number | undefined;
    child.on('exit', () => {
      exitedAt = performance.now();
      clearTimeout(timer);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      const seconds = ((exitedAt ?? performance.now()) - started) / 1000;
      const tail = program.stderrTail();
      if (failedToStart) tail.push(`could not start: ${failedToStart.message}`);
      const base = {
        seconds,
        exitCode,
        signal,
        peakMemoryMb: program.peakMemoryMb(),
        stderr: tail,
        ...(failedToStart ? { unstartable: startFailure(failedToStart) } : {}),
      };
      if (program.overMemory()) return resolve({ ...base, end: 'memory', score: 0 });
      if (timedOut) return resolve({ ...base, end: 'timeout', score: 0 });
      if (exitCode !== 0) return resolve({ ...base, end: 'crash', score: 0 });
      const verdict = judgeOutput(instance, output.text());
      resolve({ ...base, end: verdict.valid ? 'scored' : 'invalid', score: verdict.score, verdict });
    });
    child.stdin.end(formatInstance(instance));
  });
}

/** The first `capBytes` bytes of a program's output (its text, decoded), whatever it prints after. */
function cappedOutput(capBytes: number): { add: (chunk: string) => void; text: () => string } {
  const parts: string[] = [];
  let bytes = 0;
  return {
    add: (chunk) => {
      if (bytes >= capBytes) return;
      const size = Buffer.byteLength(chunk);
      // The chunk that crosses the cap is cut at it (a character cut in two reads as U+FFFD).
      parts.push(bytes + size <= capBytes ? chunk : Buffer.from(chunk).toString('utf8', 0, capBytes - bytes));
      bytes = Math.min(capBytes, bytes + size);
    },
    text: () => parts.join(''),
  };
}
