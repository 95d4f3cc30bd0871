// A program in a group of its own: a kill reaches what it started, and a program that exits is
// not waited for beyond what it printed, whatever it leaves behind: a process holding its output,
// one in a session of its own, one with its own stdio, and (where a cgroup can be made) one that
// also cleared its environment. Each case polls /proc for its marker: none may be left.
import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { spawnInGroup } from '../../lib/judge/process-group.js';
import { ProgramCgroup } from '../../lib/judge/program-cgroup.js';
import { leftBehind, sleepMarker } from '../support/processes.js';
import { repoPath } from '../support/repo.js';

const HOSTILE = repoPath('spec/support/hostile-program.mjs');

const exited = (child: ReturnType<typeof spawnInGroup>['child']) =>
  new Promise<void>((resolve) => child.once('close', () => resolve()));

/** Runs the hostile program, leaving a sleep `how`: what it printed, and the sleeps left after it closed. */
async function leaving(how: string): Promise<{ stdout: string; left: number[] }> {
  const marker = sleepMarker();
  const program = spawnInGroup([process.execPath, HOSTILE, '--answer', 'done\\n', '--leave', how, marker]);
  let stdout = '';
  program.child.stdout.on('data', (chunk: string) => (stdout += chunk));
  program.child.stdin.end('input\n');
  await exited(program.child);
  return { stdout, left: await leftBehind(marker) };
}

describe('spawnInGroup', () => {
  it('should kill the program and what it started, and keep the last eight stderr lines', async () => {
    // The shell starts a background sleep (a grandchild), writes 12 lines to stderr, then waits.
    const program = spawnInGroup([
      'sh',
      '-c',
      'sleep 300 & echo $! >&2; for i in $(seq 1 12); do echo line$i >&2; done; wait',
    ]);
    const done = exited(program.child);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const grandchild = Number(
      execFileSync('sh', ['-c', `pgrep -g ${program.child.pid} sleep || true`], { encoding: 'utf8' }).trim(),
    );
    expect(grandchild).toBeGreaterThan(0);
    program.kill();
    await done;
    expect(program.stderrTail()).toEqual(Array.from({ length: 8 }, (_, i) => `line${i + 5}`));
    // The grandchild was in the group: it is gone too.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Gone, or a zombie waiting for a parent to reap it: not running either way.
    const state = execFileSync('sh', ['-c', `ps -o stat= -p ${grandchild} || true`], { encoding: 'utf8' }).trim();
    expect(state === '' || state.startsWith('Z')).toBe(true);
  }, 10_000); // a grandchild left running would hold stderr open, and its close would never come

  it.each([
    ['a process holding its output', 'holding'],
    ['a process in a session of its own, holding its output', 'setsid'],
    ['a process with its own stdio', 'own-stdio'],
  ])(
    'should read what a program printed once it exits, and kill %s',
    async (_what, how) => {
      const { stdout, left } = await leaving(how);
      expect(stdout).toBe('done\n');
      expect(left).toEqual([]);
    },
    20_000,
  ); // without the kill, the close waits for the sleep's 300 s

  it.runIf(ProgramCgroup.available())(
    'should kill a process that cleared its environment and left the session, where a cgroup can be made',
    async () => {
      const { stdout, left } = await leaving('clean');
      expect(stdout).toBe('done\n');
      expect(left).toEqual([]);
    },
    20_000,
  );

  it.runIf(ProgramCgroup.available())(
    'should hold in its cgroup what a program starts at once, in its first milliseconds',
    async () => {
      // Its first command leaves a sleep with no environment in a session of its own: started
      // before a move into the cgroup after the start, it would be outside, and found by nothing.
      const marker = sleepMarker();
      const program = spawnInGroup(['sh', '-c', `env -i setsid -f sleep ${marker}; echo done`]);
      let stdout = '';
      program.child.stdout.on('data', (chunk: string) => (stdout += chunk));
      await exited(program.child);
      expect(stdout).toBe('done\n');
      expect(await leftBehind(marker, 2000)).toEqual([]);
    },
    20_000,
  );

  it('should give the program no TILEFALL_REDIS_PASSWORD, the variables it is given, and its id', async () => {
    vi.stubEnv('TILEFALL_REDIS_PASSWORD', 'in-the-judge');
    try {
      const program = spawnInGroup([process.execPath, '-e', 'console.log(JSON.stringify(process.env))'], {
        TILEFALL_PARAMS: '{"a":1}',
        TILEFALL_REDIS_PASSWORD: 'given',
      });
      let stdout = '';
      program.child.stdout.on('data', (chunk: string) => (stdout += chunk));
      await exited(program.child);
      const seen = JSON.parse(stdout) as Record<string, string>;
      expect(seen).toMatchObject({ TILEFALL_PARAMS: '{"a":1}', TILEFALL_PROGRAM_ID: expect.stringMatching(/^\d+-/) });
      expect(seen).not.toHaveProperty('TILEFALL_REDIS_PASSWORD');
      expect(seen.PATH).toBe(process.env.PATH);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
