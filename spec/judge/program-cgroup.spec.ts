// A program's cgroup, where one can be made here (as root, or under systemd's delegation): the
// process put in it and everything it starts are listed and killed at once, and the cgroup goes
// once they are gone. Where none can be made, none is made, and the tree is followed through /proc.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProgramCgroup } from '../../lib/judge/program-cgroup.js';
import { leftBehind, processesWith, sleepMarker } from '../support/processes.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-cgroup-');

describe('ProgramCgroup', () => {
  it.runIf(ProgramCgroup.available())(
    'should hold what the process starts, even in a new session with no environment, and kill it all',
    async () => {
      const marker = sleepMarker();
      // In a script, so that only the sleep's command line names the marker.
      const script = join(tmp, 'escape.sh');
      writeFileSync(script, `sleep 0.5; env -i setsid -f sleep ${marker}; sleep 300\n`);
      const shell = spawn('sh', [script], { stdio: 'ignore' });
      const cgroup = ProgramCgroup.adopt(`spec-${process.pid}`, shell.pid as number) as ProgramCgroup;
      expect(cgroup).toBeDefined();
      try {
        for (let tries = 0; tries < 200 && processesWith(marker).length === 0; tries++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const [escaped] = processesWith(marker);
        expect(cgroup.pids()).toContain(escaped);
        expect(cgroup.pids()).toContain(shell.pid);
      } finally {
        cgroup.kill();
      }
      expect(await leftBehind(marker)).toEqual([]);
      cgroup.removeNow();
      expect(cgroup.pids()).toEqual([]);
      // Removed: a cgroup of the same name can be made again.
      const next = spawn('sleep', [sleepMarker()], { stdio: 'ignore' });
      const again = ProgramCgroup.adopt(`spec-${process.pid}`, next.pid as number);
      expect(again).toBeDefined();
      again?.kill();
      again?.removeNow();
    },
  );

  it.runIf(ProgramCgroup.available())(
    'should list and kill what the program put in a cgroup it made inside its own, and remove both',
    async () => {
      const marker = sleepMarker();
      const folderFile = join(tmp, 'inner-folder.txt');
      const script = join(tmp, 'nest.sh');
      // The program makes a cgroup inside its own and moves a sleep there (it may: the folder is its
      // user's), the sleep in a session of its own with no environment.
      writeFileSync(
        script,
        [
          'sleep 0.3',
          "own=$(grep -m1 ' - cgroup2 ' /proc/self/mountinfo | cut -d' ' -f5)$(sed -n 's/^0:://p' /proc/self/cgroup)",
          'mkdir "$own/inner"',
          `sh -c 'echo $$ > "$0/inner/cgroup.procs"; exec env -i setsid sleep ${marker}' "$own" &`,
          `echo "$own" > ${folderFile}`,
          'sleep 300',
          '',
        ].join('\n'),
      );
      const shell = spawn('sh', [script], { stdio: 'ignore' });
      const cgroup = ProgramCgroup.adopt(`spec-nest-${process.pid}`, shell.pid as number) as ProgramCgroup;
      expect(cgroup).toBeDefined();
      try {
        for (let tries = 0; tries < 200 && processesWith(marker).length === 0; tries++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const [nested] = processesWith(marker);
        expect(nested).toBeGreaterThan(0);
        expect(cgroup.pids()).toContain(nested);
      } finally {
        cgroup.kill();
      }
      expect(await leftBehind(marker)).toEqual([]);
      cgroup.removeNow();
      const folder = readFileSync(folderFile, 'utf8').trim();
      expect(existsSync(folder)).toBe(false);
    },
    20_000,
  );

  it.skipIf(ProgramCgroup.available())('should make none where none can be made', () => {
    const child = spawn('sleep', ['5'], { stdio: 'ignore' });
    expect(ProgramCgroup.adopt(`spec-${process.pid}`, child.pid as number)).toBeUndefined();
    child.kill('SIGKILL');
  });
});
