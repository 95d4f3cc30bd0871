/**
 * No program outlives the tilefall that started it: when tilefall exits, or a signal that would
 * end it comes (Ctrl-C, SIGTERM, a closed terminal), every program it runs is killed with all its
 * processes first. A program is in a session of its own, where a terminal's signals never reach
 * it, and worker threads run programs of their own, which the main thread reaches through the
 * marker every program's processes carry. A kill that gives tilefall no chance (SIGKILL) leaves
 * them to the cgroups' watchdog where there are cgroups (cgroup-watchdog.ts), running elsewhere.
 */
import { isMainThread } from 'node:worker_threads';
import { OWN_PROGRAM_IDS, OWN_START } from './own-program-ids.js';
import { killCgroupsNow, removeCgroupsNow } from './program-cgroup.js';
import { PROGRAM_ID_VARIABLE, ProgramTree } from './program-tree.js';

/** The programs of this thread still running. */
const running = new Set<ProgramTree>();

/** Signals that end a process by default, which tilefall hears to stop its programs first. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

let installed = false;

/** Counts `tree` as running until {@link programStopped} (so that an exit stops it). */
export function programStarted(tree: ProgramTree): void {
  running.add(tree);
}

/** Counts `tree` as stopped. */
export function programStopped(tree: ProgramTree): void {
  running.delete(tree);
}

/** Kills every program of this thread, and in the main thread every one of this tilefall's threads. */
export function killEveryProgram(): void {
  for (const tree of running) tree.kill();
  if (isMainThread) {
    killCgroupsNow(OWN_PROGRAM_IDS);
    new ProgramTree(undefined, `${PROGRAM_ID_VARIABLE}=${OWN_PROGRAM_IDS}`, { since: OWN_START }).kill();
  }
  for (const tree of running) tree.release(true);
  running.clear();
  removeCgroupsNow();
}

/**
 * Makes tilefall kill its programs before it exits, and on SIGINT, SIGTERM and SIGHUP when nothing
 * else hears them (a command that stops gracefully on a signal hears it itself, then exits). Once
 * per process, from the main thread.
 */
export function stopProgramsOnExit(): void {
  if (installed || !isMainThread) return;
  installed = true;
  process.on('exit', killEveryProgram);
  for (const signal of ENDING_SIGNALS) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      killEveryProgram();
      process.removeListener(signal, onSignal);
      // Ended by the signal, as without this handler: the exit status says so.
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
