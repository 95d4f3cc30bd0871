/**
 * A cgroup (Linux's control groups, version 2) of a program's own, where tilefall may make one: a
 * process never leaves its cgroup by itself, whatever it does to its session, its group, its
 * parent or its environment, so every process the program starts once it is in it is found and
 * killed. tilefall may make one under its own cgroup when it runs as root, or as a user whose
 * cgroup systemd delegates to them; elsewhere none is made, and the program's processes are
 * found through /proc alone (program-tree.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchProgramCgroups } from './cgroup-watchdog.js';

/** Tries a removal of a cgroup whose processes are still dying takes at most, and the pause between two. */
const REMOVE_TRIES = 20;
const REMOVE_PAUSE_MS = 50;

/** The folder of tilefall's own cgroup in the cgroup2 file system, or undefined where there is none. */
function ownCgroupFolder(): string | undefined {
  try {
    const own = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('0::'))
      ?.slice(3);
    if (own === undefined) return undefined;
    for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
      const [mount, fs] = line.split(' - ');
      if (fs === undefined || !fs.startsWith('cgroup2 ')) continue;
      const [, , , root, point] = mount.split(' ');
      // The mount shows the hierarchy from `root` down: tilefall's cgroup must be inside it.
      if (own !== root && !own.startsWith(`${root === '/' ? '' : root}/`)) continue;
      return join(point, own.slice(root === '/' ? 0 : root.length));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** True when the cgroup `folder` can be made (it is removed again). */
function probe(folder: string): boolean {
  try {
    mkdirSync(folder);
    rmdirSync(folder);
    return true;
  } catch {
    return false;
  }
}

let base: string | undefined | null = null;
let usable: boolean | undefined;

/** A program's cgroup. */
export class ProgramCgroup {
  private constructor(private readonly folder: string) {}

  /** The cgroup of `folder`, made before. */
  static at(folder: string): ProgramCgroup {
    return new ProgramCgroup(folder);
  }

  /** The cgroup's folder name. */
  get name(): string {
    return this.folder.slice(this.folder.lastIndexOf('/') + 1);
  }

  /**
   * A new cgroup named after the program id `id`, into which `pid` is moved, or undefined when
   * none can be made (see {@link ProgramCgroup.make} and {@link ProgramCgroup.admit}).
   */
  static adopt(id: string, pid: number): ProgramCgroup | undefined {
    const cgroup = ProgramCgroup.make(id);
    return cgroup?.admit(pid) ? cgroup : undefined;
  }

  /** A new, empty cgroup named after the program id `id`, or undefined when none can be made. */
  static make(id: string): ProgramCgroup | undefined {
    if (base === null) {
      base = ownCgroupFolder();
      if (base !== undefined) removeStale(base);
    }
    if (base === undefined) return undefined;
    const folder = join(base, `tilefall-${id}`);
    try {
      mkdirSync(folder);
    } catch {
      return undefined;
    }
    watchProgramCgroups(base);
    return new ProgramCgroup(folder);
  }

  /**
   * Moves `pid` into the cgroup; false (and the cgroup removed) when it cannot be moved. What the
   * process started before the move stays outside: a program is held until it is in (process-group.ts).
   */
  admit(pid: number): boolean {
    try {
      writeFileSync(join(this.folder, 'cgroup.procs'), String(pid));
      return true;
    } catch {
      // The program exited before it could be moved (or the move is refused): /proc alone then.
      this.remove();
      return false;
    }
  }

  /** True when tilefall can make cgroups here (it makes one and removes it to know; once per process). */
  static available(): boolean {
    if (base === null) base = ownCgroupFolder();
    usable ??= base !== undefined && probe(join(base, `tilefall-probe-${process.pid}`));
    return usable;
  }

  /** The pids of the processes in the cgroup now, and in the cgroups the program made inside it. */
  pids(): number[] {
    return pidsUnder(this.folder);
  }

  /** Kills every process in the cgroup: at once where the kernel can (`cgroup.kill`), else one by one. */
  kill(): void {
    const all = join(this.folder, 'cgroup.kill');
    if (existsSync(all)) {
      try {
        writeFileSync(all, '1');
        return;
      } catch {
        // Killed one by one below.
      }
    }
    for (let round = 0, pids = this.pids(); round < 16 && pids.length > 0; round++, pids = this.pids()) {
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
  }

  /**
   * Removes the cgroup once its processes are gone (a cgroup that holds one cannot be removed):
   * now, or in a few tries a little later, or at the exit ({@link removeCgroupsNow}).
   */
  remove(tries = REMOVE_TRIES): void {
    pending.delete(this);
    if (this.tryRemove() || tries <= 1) return;
    pending.add(this);
    setTimeout(() => this.remove(tries - 1), REMOVE_PAUSE_MS).unref();
  }

  /** Removes the cgroup, waiting here for its processes to be gone, for an exit that cannot wait otherwise. */
  removeNow(): void {
    pending.delete(this);
    for (let tries = 0; tries < REMOVE_TRIES && !this.tryRemove(); tries++) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, REMOVE_PAUSE_MS);
    }
  }

  /** True once the cgroup is gone (removed now, or already). */
  private tryRemove(): boolean {
    return removeTree(this.folder);
  }
}

/** The folders of the cgroups inside the cgroup `folder` (a program may make some in its own). */
function childCgroups(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(folder, entry.name));
  } catch {
    return [];
  }
}

/** The pids in the cgroup `folder` and every cgroup inside it. */
function pidsUnder(folder: string): number[] {
  let own: number[] = [];
  try {
    own = readFileSync(join(folder, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  } catch {
    // Gone, or not a cgroup.
  }
  return [...own, ...childCgroups(folder).flatMap(pidsUnder)];
}

/**
 * Removes the cgroup `folder`, the cgroups inside it first (a cgroup that holds one cannot be
 * removed); true once it is gone, false while a process is still in it or one inside it.
 */
function removeTree(folder: string): boolean {
  for (const child of childCgroups(folder)) removeTree(child);
  try {
    rmdirSync(folder);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EBUSY';
  }
}

/** Cgroups killed but not yet removed. */
const pending = new Set<ProgramCgroup>();

/** Removes every cgroup still waiting for its processes to be gone, waiting for them (at an exit). */
export function removeCgroupsNow(): void {
  for (const cgroup of pending) cgroup.removeNow();
}

/** The cgroups made here whose names start with `tilefall-` and `prefix`, by any thread. */
function cgroupsNamed(folder: string, prefix: string): ProgramCgroup[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.startsWith(`tilefall-${prefix}`))
      .map((name) => ProgramCgroup.at(join(folder, name)));
  } catch {
    return [];
  }
}

/**
 * Kills the processes of every cgroup whose program id starts with `prefix` (this process's, made
 * by any of its threads) and removes the cgroups, waiting for them: at an exit.
 */
export function killCgroupsNow(prefix: string): void {
  if (base === null) base = ownCgroupFolder();
  if (base === undefined) return;
  for (const cgroup of cgroupsNamed(base, prefix)) {
    cgroup.kill();
    cgroup.removeNow();
  }
}

/** Removes the empty cgroups of tilefalls that are gone (killed before they could remove them). */
function removeStale(folder: string): void {
  for (const cgroup of cgroupsNamed(folder, '')) {
    const pid = Number(/^tilefall-(\d+)-/.exec(cgroup.name)?.[1]);
    if (Number.isInteger(pid) && !existsSync(`/proc/${pid}`)) cgroup.remove(1);
  }
}
