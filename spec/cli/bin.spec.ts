// The executable as a shell pipeline uses it.
import { spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const BIN = fileURLToPath(new URL('../../bin/tilefall.mjs', import.meta.url));

describe('bin/tilefall.mjs', () => {
  it('should stop quietly with exit 0 when its reader closes the pipe early (`| head -1`)', async () => {
    // The bench prints its first line, then keeps writing while solving: the pipe is closed by then.
    const args = ['samegame', 'bench', '--time', '0.2', '--boards', '3', '--speed-seconds', '0.1'];
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    // Nothing but the bench's own progress lines (one a solve): no EPIPE error, no stack trace.
    const other = stderr.split('\n').filter((line) => line !== '' && !line.startsWith('bench: board '));
    expect(other).toEqual([]);
    expect(code).toBe(0);
  }, 30_000);

  it('should end with one line and exit 2 when its standard output cannot be written (a full disk)', () => {
    for (const args of [
      ['samegame', 'generate', '--count', '20', '--seed', '1'],
      [
        'samegame',
        'verify',
        '--board',
        'datasets/samegame/demo-board.txt',
        '--moves',
        'datasets/samegame/demo-moves.txt',
      ],
    ]) {
      const full = openSync('/dev/full', 'w');
      const run = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_DIR, stdio: ['ignore', full, 'pipe'] });
      expect(run.stderr.toString()).toBe('tilefall: standard output: cannot be written (ENOSPC)\n');
      expect(run.status).toBe(2);
    }
  }, 30_000);
});
