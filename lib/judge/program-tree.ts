/**
 * Every process a program under test started, found and killed. Where tilefall can make a cgroup
 * of the program's own (program-cgroup.ts), every process in it is the program's, and none
 * leaves it. Elsewhere, and for what it started before it was put there, the tree is followed
 * through /proc: the program runs in a session and process group of its own, and its descendants
 * stay there unless they leave it (`setsid`, `setpgid`), so the tree is followed three ways at
 * every look at the process table: the groups and sessions it made, the parent links from every
 * process already known (a child of a known process is the program's, before its parent dies and
 * it is handed to another), and a marker in the environment of every process it starts
 * ({@link PROGRAM_ID_VARIABLE}), which a process keeps when its parent dies unless it clears its
 * environment. Without a cgroup, what escapes all three (a process that clears its environment
 * and leaves the tree between two looks) is not found.
 */
import { threadId } from 'node:worker_threads';
import { OWN_PROGRAM_IDS } from './own-program-ids.js';
import { environmentHolds, PROC_SUPPORTED, type ProcessEntry, readProcessTable, startOf } from './process-table.js';
import type { ProgramCgroup } from './program-cgroup.js';

/**
 * The environment variable that marks every process of a program: a name no other program of this
 * machine has (this tilefall's pid and start time, its thread, a count).
 */
export const PROGRAM_ID_VARIABLE = 'TILEFALL_PROGRAM_ID';

/**
 * Looks at the table a kill takes at most: each kills the program's groups and cgroup at once,
 * then every process found outside them, none of which can fork again once killed.
 */
const KILL_ROUNDS = 16;

let programs = 0;

/** A new program id, for {@link PROGRAM_ID_VARIABLE}. */
export function newProgramId(): string {
  programs++;
  return `${OWN_PROGRAM_IDS}${threadId}-${programs}`;
}

/** Sends SIGKILL to `pid` (a process, or a process group when negative); false when there was none to kill. */
function killNow(pid: number): boolean {
  try {
    process.kill(pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/** A program's processes, as far as the looks at the process table have found them. */
export class ProgramTree {
  /** Processes found, by pid, with their start time (a later process with the same pid is not one). */
  private readonly known = new Map<number, number>();
  private readonly groups = new Set<number>();
  private readonly sessions = new Set<number>();
  /** Processes whose environment was read and holds no marker, by pid, with their start time. */
  private readonly unmarked = new Map<number, number>();
  private readonly since: number;
  private readonly cgroup: ProgramCgroup | undefined;

  /**
   * The tree of the program `leader`, started in a session and group of its own, of every process
   * whose environment holds `marker` (`NAME=value`, or the start of one) and started at `since` or
   * later (default: with the leader), and of every process in `cgroup`.
   */
  constructor(
    private readonly leader: number | undefined,
    private readonly marker: string,
    { since, cgroup }: { readonly since?: number; readonly cgroup?: ProgramCgroup } = {},
  ) {
    this.cgroup = cgroup;
    const start = leader === undefined ? undefined : startOf(leader);
    this.since = since ?? start ?? 0;
    if (leader !== undefined) {
      if (start !== undefined) this.known.set(leader, start);
      this.groups.add(leader);
      this.sessions.add(leader);
    }
  }

  /** The program's processes in `table` (zombies included), each recorded for the looks to come. */
  members(table: readonly ProcessEntry[]): ProcessEntry[] {
    const byPid = new Map(table.map((entry) => [entry.pid, entry]));
    const found = new Map<number, ProcessEntry>();
    const contained = new Set(this.cgroup?.pids());
    // A group or session is the program's while its first process is gone or is the program's:
    // an id is not given again while a process uses it, and once it is free again it is another's.
    const owns = (ids: ReadonlySet<number>, id: number) => {
      if (!ids.has(id)) return false;
      const head = byPid.get(id);
      return head === undefined || found.has(id) || this.known.get(id) === head.start;
    };
    const belongs = (entry: ProcessEntry) =>
      contained.has(entry.pid) ||
      this.known.get(entry.pid) === entry.start ||
      found.has(entry.ppid) ||
      owns(this.groups, entry.group) ||
      owns(this.sessions, entry.session) ||
      this.marked(entry);
    // Until nothing changes: a parent listed after its child (pids wrap) is found on the next pass.
    for (let grew = true; grew; ) {
      grew = false;
      for (const entry of table) {
        if (found.has(entry.pid) || !belongs(entry)) continue;
        found.set(entry.pid, entry);
        grew = true;
      }
    }
    for (const entry of found.values()) this.record(entry);
    this.forget(byPid);
    return [...found.values()];
  }

  /**
   * Kills the program and every process of it that can be found: its cgroup and the groups it
   * made at once, then each process found outside them, again until a look finds none left.
   */
  kill(): void {
    this.cgroup?.kill();
    if (!PROC_SUPPORTED) {
      if (this.leader !== undefined) killNow(-this.leader);
      return;
    }
    const killed = new Set<string>();
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const table = readProcessTable();
      const byPid = new Map(table.map((entry) => [entry.pid, entry]));
      // A group is killed at once, whatever forks meanwhile; only while it is still the program's.
      const ownGroups = [...this.groups].filter((group) => {
        const head = byPid.get(group);
        return head === undefined || this.known.get(group) === head.start;
      });
      for (const group of ownGroups) killNow(-group);
      this.cgroup?.kill();
      const contained = new Set(this.cgroup?.pids());
      const left = this.members(table).filter(
        (e) => !e.zombie && !killed.has(`${e.pid}:${e.start}`) && !contained.has(e.pid) && !ownGroups.includes(e.group),
      );
      if (left.length === 0) return;
      for (const entry of left) {
        killNow(entry.pid);
        killed.add(`${entry.pid}:${entry.start}`);
      }
    }
  }

  /** True when `entry` started with the program or later and its environment holds the marker. */
  private marked(entry: ProcessEntry): boolean {
    if (entry.zombie || entry.start < this.since || this.unmarked.get(entry.pid) === entry.start) return false;
    if (environmentHolds(entry.pid, this.marker)) return true;
    this.unmarked.set(entry.pid, entry.start);
    return false;
  }

  /** Removes the program's cgroup once its processes are gone (`now`: waiting for them here). */
  release(now = false): void {
    if (now) this.cgroup?.removeNow();
    else this.cgroup?.remove();
  }

  private record(entry: ProcessEntry): void {
    this.known.set(entry.pid, entry.start);
    this.groups.add(entry.group);
    this.sessions.add(entry.session);
  }

  /** Forgets the processes gone from the table (their pids may be given to others). */
  private forget(byPid: ReadonlyMap<number, ProcessEntry>): void {
    for (const map of [this.known, this.unmarked]) {
      for (const [pid, start] of map) if (byPid.get(pid)?.start !== start) map.delete(pid);
    }
  }
}
