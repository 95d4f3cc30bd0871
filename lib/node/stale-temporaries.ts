/**
 * The temporary files an interrupted atomic write leaves behind (a process killed between
 * writing its temporary file and renaming it): named `.TARGET.PID.MS.tmp` beside their target,
 * and stale once no process of that id runs. A folder is listed once a process, at its first
 * write there, since a run writes a folder's files many times (a checkpoint after every
 * generation, thousands of test vectors) and a listing costs more the fuller the folder is; each
 * target's stale temporaries are removed when that target is next written.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A temporary file of `writeFileAtomic`: its target's name, the writer's process id, and when. */
const TEMPORARY = /^\.(.+)\.(\d+)\.(\d+)\.tmp$/;

/** The largest process id Linux gives: a larger number is not one of ours. */
const MAX_PID = 2 ** 22;

/** Each folder listed, with its stale temporaries by target name (those not yet removed). */
const listed = new Map<string, Map<string, string[]>>();

/** The name of a temporary file for `target` written by this process now. */
export const temporaryName = (target: string): string => `.${target}.${process.pid}.${Date.now()}.tmp`;

/** Removes the stale temporaries of `target` in `folder` (best effort: one that cannot be removed stays). */
export function removeStaleTemporaries(folder: string, target: string): void {
  const key = resolve(folder);
  let stale = listed.get(key);
  if (stale === undefined) {
    stale = staleIn(key);
    listed.set(key, stale);
  }
  for (const name of stale.get(target) ?? []) rmSync(join(key, name), { force: true });
  stale.delete(target);
}

/** The temporaries in `folder` whose writer no longer runs, by target. */
function staleIn(folder: string): Map<string, string[]> {
  const stale = new Map<string, string[]>();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return stale;
  }
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (match === null) continue;
    const pid = Number(match[2]);
    if (pid < 1 || pid > MAX_PID || isRunning(pid)) continue;
    stale.set(match[1], [...(stale.get(match[1]) ?? []), name]);
  }
  return stale;
}

/** True while a process of id `pid` runs (another user's included). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
