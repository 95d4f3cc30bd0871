/**
 * A program under test in a session and process group of its own: stdin, stdout and stderr
 * piped, the environment only {@link programEnvironment} gives it, the peak memory of all its
 * processes (killed when over its limit), the tail of its stderr for reports, and a kill that
 * reaches every process it started (program-tree.ts). Every program is killed that way when its
 * first process exits as well as when its game ends: what the program printed before it exited is
 * read, and a process it left behind holding its output is no reason to wait. Where a cgroup
 * can be made, the program is held at a gate until it is in it (start-gate.ts). Both judges,
 * `conform` and `tune --bot` run their programs this way.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { watchProgramMemory } from './group-memory.js';
import { ProgramCgroup } from './program-cgroup.js';
import { programEnvironment } from './program-environment.js';
import { newProgramId, PROGRAM_ID_VARIABLE, ProgramTree } from './program-tree.js';
import { spawnGated } from './start-gate.js';
import { programStarted, programStopped } from './stop-programs.js';

/** Lines of stderr a report keeps, and characters held while it is written. */
const STDERR_LINES = 8;
const STDERR_CHARS = 8192;

/**
 * How long the output of a program whose first process exited is read before it is closed: what
 * it printed is in the pipe already, and once its processes are killed the pipe ends at once; only
 * a process that escaped the kill can hold it open longer.
 */
const OUTPUT_GRACE_MS = 1000;

/** A started program; `stderrTail()` gives the last lines it wrote to stderr. */
export interface GroupProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stderrTail(): string[];
  /** Kills the program and every process it started (after a last look at their memory while it runs). */
  kill(): void;
  /** The peak resident memory of its processes so far, MB (null while no sample has seen them: see group-memory.ts). */
  peakMemoryMb(): number | null;
  /** True once the program went over its memory limit, for which it was killed. */
  overMemory(): boolean;
}

/** The memory the program's processes may hold together, MB (no limit by default: only measured). */
export interface GroupLimits {
  readonly memoryLimitMb?: number;
}

/**
 * Starts `argv` in a session and group of its own (detached), its environment tilefall's less
 * what it may not see, plus `variables`, and watches its processes' memory while it runs.
 */
export function spawnInGroup(
  argv: readonly string[],
  variables: Readonly<Record<string, string>> = {},
  { memoryLimitMb = Number.POSITIVE_INFINITY }: GroupLimits = {},
): GroupProcess {
  const id = newProgramId();
  const env = programEnvironment(id, variables);
  const { child, cgroup } = startProgram(argv, id, env);
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  // A program that stops reading must not break the judge with EPIPE.
  child.stdin.on('error', () => {});
  let stderr = '';
  child.stderr.on('data', (chunk: string) => {
    // Only the end matters for a report: keep a bounded tail.
    stderr = (stderr + chunk).slice(-STDERR_CHARS);
  });
  // A program that could not start has no pid, no process to kill and no memory to watch.
  const tree =
    child.pid === undefined ? undefined : new ProgramTree(child.pid, `${PROGRAM_ID_VARIABLE}=${id}\0`, { cgroup });
  const killAll = () => tree?.kill();
  const memory = tree === undefined ? undefined : watchProgramMemory(tree, memoryLimitMb, killAll);
  if (tree !== undefined) {
    programStarted(tree);
    child.once('close', () => {
      programStopped(tree);
      tree.release();
    });
  }
  let running = tree !== undefined;
  child.once('exit', () => {
    running = false;
    memory?.stop();
    killAll();
    const timer = setTimeout(() => {
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream.destroy();
    }, OUTPUT_GRACE_MS);
    child.once('close', () => clearTimeout(timer));
  });
  return {
    child,
    stderrTail: () =>
      stderr
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-STDERR_LINES),
    kill: () => {
      if (running) memory?.sampleNow();
      killAll();
    },
    peakMemoryMb: () => memory?.peakMb() ?? null,
    overMemory: () => memory?.over() ?? false,
  };
}

/**
 * Starts `argv` in a session and group of its own, in a cgroup of its own where one can be made:
 * held at a gate until it is in (start-gate.ts), so that nothing it starts is left outside.
 */
function startProgram(
  argv: readonly string[],
  id: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcessWithoutNullStreams; cgroup: ProgramCgroup | undefined } {
  const made = ProgramCgroup.make(id);
  const gated = made === undefined ? undefined : spawnGated(argv, env);
  if (gated === undefined) {
    made?.remove();
    return {
      child: spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true, env }),
      cgroup: undefined,
    };
  }
  const pid = gated.child.pid;
  const admitted = pid !== undefined && made?.admit(pid) === true;
  if (pid === undefined) made?.remove();
  gated.open();
  return { child: gated.child, cgroup: admitted ? made : undefined };
}

/** Why a program could not be started, in a user's words. */
export function startFailure(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such program (not found, or not on the PATH)';
  if (code === 'EACCES') return 'the program is not executable';
  return error.message;
}
