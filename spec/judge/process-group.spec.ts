import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { spawnInGroup } from '../../lib/judge/process-group.js';

const exited = (child: ReturnType<typeof spawnInGroup>['child']) =>
  new Promise<void>((resolve) => child.once('close', () => resolve()));

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
});
