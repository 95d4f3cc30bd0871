/**
 * The last kill of a tilefall that dies without its own (SIGKILL, an out-of-memory kill, a program
 * that kills its judge): a shell started with the first program cgroup of a thread, waiting on a
 * pipe from that thread. The pipe ends when the thread or the process ends, however it ends; the
 * shell then kills every process in the thread's program cgroups and removes them. A normal end
 * has killed them all already, and the shell finds nothing to do.
 */
import { spawn } from 'node:child_process';
import { threadId } from 'node:worker_threads';
import { OWN_PROGRAM_IDS } from './own-program-ids.js';

/**
 * `$0` is the folder of the cgroups, `$1` the start of their names. Where the kernel has no
 * `cgroup.kill`, each process is killed by its pid.
 */
const WATCH = [
  'read -r _',
  'for d in "$0"/tilefall-"$1"*; do',
  '  [ -d "$d" ] || continue',
  '  if [ -e "$d/cgroup.kill" ]; then echo 1 > "$d/cgroup.kill"; else kill -9 $(cat "$d/cgroup.procs") 2>/dev/null; fi',
  'done',
  'sleep 0.2',
  'for d in "$0"/tilefall-"$1"*; do rmdir "$d"/*/ "$d" 2>/dev/null; done',
].join('\n');

let started = false;

/** Starts this thread's watchdog over the program cgroups it makes in `folder` (once a thread). */
export function watchProgramCgroups(folder: string): void {
  if (started) return;
  started = true;
  const watchdog = spawn('/bin/sh', ['-c', WATCH, folder, `${OWN_PROGRAM_IDS}${threadId}-`], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Out of the terminal's group: a Ctrl-C reaches tilefall, which stops its programs, not this.
    detached: true,
  });
  watchdog.on('error', () => {});
  watchdog.stdin.on('error', () => {});
  // Neither the shell nor its pipe keeps tilefall running.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
}
