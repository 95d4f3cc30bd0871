/**
 * A Columns program judged as a contest judge runs a submission: a fresh process per instance,
 * the input on stdin, the output scored by the referee, wall time counted from the process start
 * (start-up included), and the process group killed at the time limit.
 */
import type { Instance } from '../columns/engine/instance.js';
import { referee, type Verdict } from '../columns/engine/referee.js';
import { formatInstance } from '../columns/engine/text.js';
import { spawnInGroup } from './process-group.js';

/** How a run ended: a scored output, an invalid one (score 0), too slow, or a failed process. */
export type ProgramEnd = 'scored' | 'invalid' | 'timeout' | 'crash';

/** The report on one instance. */
export interface ProgramReport {
  readonly end: ProgramEnd;
  readonly score: number;
  /** Wall time from start to exit (or to the kill at the limit), start-up included. */
  readonly seconds: number;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The referee's verdict, when the program printed an output before exiting normally. */
  readonly verdict?: Verdict;
  /** The last lines of stderr. */
  readonly stderr: readonly string[];
}

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** Runs `argv` on `instance` within `timeMs` and scores what it prints. */
export function judgeColumnsProgram(
  argv: readonly string[],
  instance: Instance,
  timeMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProgramReport> {
  return new Promise((resolve) => {
    const started = performance.now();
    const program = spawnInGroup(argv, env);
    const { child } = program;
    let stdout = '';
    let timedOut = false;
    let failedToStart: Error | undefined;
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT_BYTES) stdout += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      program.kill();
    }, timeMs);
    child.on('error', (error) => {
      failedToStart = error;
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const tail = program.stderrTail();
      if (failedToStart) tail.push(`could not start: ${failedToStart.message}`);
      const base = { seconds, exitCode, signal, stderr: tail };
      if (timedOut) return resolve({ ...base, end: 'timeout', score: 0 });
      if (exitCode !== 0) return resolve({ ...base, end: 'crash', score: 0 });
      const verdict = referee(instance, stdout);
      resolve({ ...base, end: verdict.valid ? 'scored' : 'invalid', score: verdict.score, verdict });
    });
    child.stdin.end(formatInstance(instance));
  });
}
