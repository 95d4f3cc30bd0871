// The memory of a program's processes: a forked child's memory counts, one that left the
// program's group still counts, a program over its limit is reported once, a small program's peak
// is plausible, and a program with no process left measures nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { watchProgramMemory } from '../../lib/judge/group-memory.js';
import { readProcessTable } from '../../lib/judge/process-table.js';
import { ProgramTree } from '../../lib/judge/program-tree.js';

/** The tree of a program started in its own group (no marker to find its processes by). */
const treeOf = (child: { pid: number }) => new ProgramTree(child.pid, 'TILEFALL_SPEC_NO_MARKER=\0');

/** Starts `script` (node) in its own process group and waits for its first line on stdout. */
async function startGroup(script: string): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
  });
  return child as ChildProcess & { pid: number };
}

/** Kills a started group and waits for its leader to exit. */
async function killGroup(child: ChildProcess & { pid: number }): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/**
 * A node script that starts a child holding `mb` MB (touched), in its group or (`leaves`) in a
 * session of its own, then says `ready`.
 */
const forkingParent = (mb: number, leaves = false) => `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'const b = Buffer.alloc(${mb} * 2 ** 20, 1); console.log(b.length); setInterval(() => {}, 1000);'], { stdio: ['ignore', 'pipe', 'inherit'], detached: ${leaves} });
child.stdout.once('data', () => console.log('ready'));
setInterval(() => {}, 1000);
`;

describe('watchProgramMemory', () => {
  it('should count the memory of a child the leader forked, and report the group over its limit once', async () => {
    // The leader alone is a bare node process, far under the limit; its child holds more than it.
    const leader = await startGroup(forkingParent(300));
    let calls = 0;
    const watch = watchProgramMemory(treeOf(leader), 200, () => calls++);
    try {
      watch.sampleNow();
      expect(watch.over()).toBe(true);
      expect(calls).toBe(1);
      expect(watch.peakMb()).toBeGreaterThan(300);
      watch.sampleNow();
      expect(calls).toBe(1);
    } finally {
      watch.stop();
      await killGroup(leader);
    }
  });

  it('should count the memory of a child that left the group, and kill it with the program', async () => {
    const leader = await startGroup(forkingParent(300, true));
    const tree = treeOf(leader);
    const watch = watchProgramMemory(tree, 200, () => {});
    try {
      watch.sampleNow();
      expect(watch.over()).toBe(true);
      expect(watch.peakMb()).toBeGreaterThan(300);
    } finally {
      watch.stop();
      const exited = new Promise((resolve) => leader.once('exit', resolve));
      tree.kill();
      await exited;
    }
    // The child, in a session of its own, was found through its parent and killed too.
    for (const _ of [1, 2, 3, 4, 5]) {
      if (tree.members(readProcessTable()).every((e) => e.zombie)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(tree.members(readProcessTable()).filter((e) => !e.zombie)).toEqual([]);
  });

  it('should give a small program a plausible peak, under its limit', async () => {
    const leader = await startGroup("console.log('ready'); setInterval(() => {}, 1000);");
    let calls = 0;
    const watch = watchProgramMemory(treeOf(leader), 768, () => calls++);
    try {
      watch.sampleNow();
      expect(watch.peakMb()).toBeGreaterThan(1);
      expect(watch.peakMb()).toBeLessThan(768);
      expect(watch.over()).toBe(false);
      expect(calls).toBe(0);
    } finally {
      watch.stop();
      await killGroup(leader);
    }
  });

  it('should measure nothing for a group with no process left', async () => {
    const leader = await startGroup("console.log('ready'); setInterval(() => {}, 1000);");
    await killGroup(leader);
    const watch = watchProgramMemory(treeOf(leader), 1, () => {
      throw new Error('no process to be over the limit');
    });
    watch.sampleNow();
    watch.stop();
    expect(watch.peakMb()).toBeNull();
    expect(watch.over()).toBe(false);
  });
});
