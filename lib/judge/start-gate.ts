/**
 * A program started behind a gate: a shell that waits for one line on a descriptor of its own,
 * then replaces itself with the program (the same pid, stdio, environment and exit status). A
 * program put in its cgroup after it starts may fork first, in the milliseconds before the move,
 * and what it forks then stays outside (measured: a shell ran 3 commands before the move); held
 * at the gate until it is in, everything it starts is in too.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { programProblem } from './program-check.js';

/**
 * The gate: `$0` and the rest are the program's words. A gate whose descriptor ends without its
 * line (tilefall gone) starts nothing.
 */
const GATE = 'IFS= read -r _ <&3 || exit 125; exec 3<&-; exec "$0" "$@"';

/** The shell that runs the gate, there on every system with cgroups. */
const SHELL = '/bin/sh';

/** A program started behind the gate; `open()` lets it run (once). */
export interface GatedChild {
  readonly child: ChildProcessWithoutNullStreams;
  open(): void;
}

/**
 * Starts `argv` held at the gate, in a session and group of its own with the environment `env`;
 * undefined when it cannot start (not found, not executable, a missing `#!` interpreter), which
 * the caller starts directly so that the start's own error says why, as without a gate.
 */
export function spawnGated(argv: readonly string[], env: NodeJS.ProcessEnv): GatedChild | undefined {
  if (programProblem(argv[0], env.PATH ?? '') !== undefined) return undefined;
  const child = spawn(SHELL, ['-c', GATE, ...argv], {
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    detached: true,
    env,
  });
  const gate = child.stdio[3] as Writable;
  // A gate whose shell is gone (killed while held) must not break the judge with EPIPE.
  gate.on('error', () => {});
  return {
    child: child as unknown as ChildProcessWithoutNullStreams,
    open: () => {
      if (!gate.writableEnded) gate.end('\n', () => gate.destroy());
    },
  };
}
