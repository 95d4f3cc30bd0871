// A read that waits (a named pipe no one writes to, a terminal) ends at Ctrl-C and SIGTERM, as
// `cat` does, though tilefall listens to those signals to stop its programs first.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDefaultEndingSignals } from '../../lib/node/default-signals.js';
import { BIN } from '../support/cli.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const dir = scratchDirectory('tilefall-signals-');

/** How a run of tilefall reading `args` ended after `signal`, sent once it had time to start waiting. */
function endAfter(args: readonly string[], signal: NodeJS.Signals): Promise<NodeJS.Signals | number | 'running'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_DIR, stdio: ['pipe', 'ignore', 'ignore'] });
    let sent = 0;
    const send = setTimeout(() => {
      sent = Date.now();
      child.kill(signal);
    }, 2_000);
    const stuck = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('running');
    }, 6_000);
    child.on('exit', (code, ended) => {
      clearTimeout(send);
      clearTimeout(stuck);
      if (sent === 0 || Date.now() - sent > 3_000) resolve('running');
      else resolve(ended ?? code ?? 'running');
    });
  });
}

describe('a read that waits for its data', () => {
  it.each([
    ['SIGINT', 'a named pipe no one writes to'],
    ['SIGTERM', 'a named pipe no one writes to'],
    ['SIGTERM', 'a stdin that sends nothing'],
  ] as const)(
    'should end at %s on %s',
    async (signal, what) => {
      const fifo = join(dir, `${signal}.fifo`);
      if (what.includes('pipe')) execFileSync('mkfifo', [fifo]);
      const board = what.includes('pipe') ? fifo : '/dev/stdin';
      const args = ['samegame', 'verify', '--board', board, '--moves', 'datasets/samegame/demo-moves.txt'];
      expect(await endAfter(args, signal)).toBe(signal);
    },
    10_000,
  );
});

describe('a write that waits for a reader', () => {
  it('should end at SIGTERM on a named pipe no one reads', async () => {
    const fifo = join(dir, 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await endAfter(['samegame', 'generate', '--count', '1', '--seed', '1', '--out', fifo], 'SIGTERM')).toBe(
      'SIGTERM',
    );
  }, 10_000);
});

describe('withDefaultEndingSignals', () => {
  it("should give the signals' listeners back as they were, a once listener still a once", () => {
    const listener = () => undefined;
    process.on('SIGHUP', listener);
    process.once('SIGHUP', listener);
    const before = process.rawListeners('SIGHUP');
    const during = withDefaultEndingSignals(() => process.listenerCount('SIGHUP'));
    expect(during).toBe(0);
    expect(process.rawListeners('SIGHUP')).toEqual(before);
    process.removeAllListeners('SIGHUP');
  });
});
