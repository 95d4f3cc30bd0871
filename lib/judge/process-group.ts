/**
 * A program under test in its own process group: stdin, stdout and stderr piped, a kill that
 * reaches everything it started, the group's peak memory (killed when over its limit), and the
 * tail of its stderr for reports. Both judges run their programs this way.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { watchGroupMemory } from './group-memory.js';

/** Lines of stderr a report keeps, and characters held while it is written. */
const STDERR_LINES = 8;
const STDERR_CHARS = 8192;

/** A started program; `stderrTail()` gives the last lines it wrote to stderr. */
export interface GroupProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stderrTail(): string[];
  /**
   * Kills the program and everything it started (a no-op once it has exited), after a last look
   * at the group's memory.
   */
  kill(): void;
  /** The group's peak resident memory so far, MB (null while no sample has seen it: see group-memory.ts). */
  peakMemoryMb(): number | null;
  /** True once the group went over its memory limit, for which it was killed. */
  overMemory(): boolean;
}

/** The memory the program's group may hold, MB (no limit by default: only measured). */
export interface GroupLimits {
  readonly memoryLimitMb?: number;
}

/**
 * Starts `argv` in its own process group (detached), so that a kill reaches its children too, and
 * watches the group's memory while it runs.
 */
export function spawnInGroup(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  { memoryLimitMb = Number.POSITIVE_INFINITY }: GroupLimits = {},
): GroupProcess {
  const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true, env });
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  // A program that stops reading must not break the judge with EPIPE.
  child.stdin.on('error', () => {});
  let stderr = '';
  child.stderr.on('data', (chunk: string) => {
    // Only the end matters for a report: keep a bounded tail.
    stderr = (stderr + chunk).slice(-STDERR_CHARS);
  });
  const killGroup = () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  // A program that could not start has no pid and no memory to watch.
  const memory = child.pid === undefined ? undefined : watchGroupMemory(child.pid, memoryLimitMb, killGroup);
  child.once('exit', () => memory?.stop());
  return {
    child,
    stderrTail: () =>
      stderr
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-STDERR_LINES),
    kill: () => {
      memory?.sampleNow();
      killGroup();
    },
    peakMemoryMb: () => memory?.peakMb() ?? null,
    overMemory: () => memory?.over() ?? false,
  };
}
