// The memory of a whole process group: a forked child's memory counts, a group over its limit is
// reported once, a small program's peak is plausible, and a group with no process measures nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processGroupOf, watchGroupMemory } from '../../lib/judge/group-memory.js';

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

/** A node script that starts a child in its group holding `mb` MB (touched), then says `ready`. */
const forkingParent = (mb: number) => `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'const b = Buffer.alloc(${mb} * 2 ** 20, 1); console.log(b.length); setInterval(() => {}, 1000);'], { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.once('data', () => console.log('ready'));
setInterval(() => {}, 1000);
`;

describe('processGroupOf', () => {
  it('should read field 5 whatever the command name in parentheses holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 4_194_304 }), (name, group) => {
        const stat = `123 (${name}) S 1 ${group} ${group} 0 -1 4194560 104 0 0 0 0 0 0 0 20 0 1 0 5 2000 300`;
        expect(processGroupOf(stat)).toBe(group);
      }),
    );
  });
});

describe('watchGroupMemory', () => {
  it('should count the memory of a child the leader forked, and report the group over its limit once', async () => {
    // The leader alone is a bare node process, far under the limit; its child holds more than it.
    const leader = await startGroup(forkingParent(300));
    let calls = 0;
    const watch = watchGroupMemory(leader.pid, 200, () => calls++);
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

  it('should give a small program a plausible peak, under its limit', async () => {
    const leader = await startGroup("console.log('ready'); setInterval(() => {}, 1000);");
    let calls = 0;
    const watch = watchGroupMemory(leader.pid, 768, () => calls++);
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
    const watch = watchGroupMemory(leader.pid, 1, () => {
      throw new Error('no process to be over the limit');
    });
    watch.sampleNow();
    watch.stop();
    expect(watch.peakMb()).toBeNull();
    expect(watch.over()).toBe(false);
  });
});
