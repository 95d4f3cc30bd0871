// The files the CLI reads, as a user can name them: a pipe, a FIFO or a device has no size to
// check first, and is still refused past the cap (one line, exit 2) rather than read forever. Each
// run is a child process with a generous timeout, so a read that never ended fails the spec
// instead of hanging it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '../../lib/node/files.js';
import { runCliAsync } from '../support/cli.js';
import { scratchDirectory } from '../support/scratch.js';

const MOVES = 'datasets/samegame/demo-moves.txt';
const BOARD = 'datasets/samegame/demo-board.txt';
const dir = scratchDirectory('tilefall-read-input-');

/** Resolves when `child` has exited (its signal, or its code). */
const exited = (child: ChildProcess): Promise<string> =>
  new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? String(code))));

/** The one line on stderr of a refused run, after checking it was refused as bad input. */
function refusal(run: { status: number | null; stdout: string; stderr: string }): string {
  expect(run.status).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe('reading an input file', () => {
  it('should refuse a FIFO an endless writer fills, and end', async () => {
    const fifo = join(dir, 'endless.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `exec yes 1 > '${fifo}'`], { stdio: 'ignore' });
    const writerEnded = exited(writer);
    try {
      const run = await runCliAsync(['samegame', 'verify', '--board', fifo, '--moves', MOVES], { timeoutMs: 60_000 });
      expect(refusal(run)).toBe(`tilefall: ${fifo}: is too large (more than ${MAX_TEXT_BYTES} bytes)`);
      // The reader closed the FIFO: the writer's next write fails and it stops.
      expect(await writerEnded).toBe('SIGPIPE');
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('should refuse an endless device at once, whatever its size says', async () => {
    const run = await runCliAsync(['samegame', 'verify', '--board', '/dev/zero', '--moves', MOVES], {
      timeoutMs: 60_000,
    });
    expect(refusal(run)).toBe('tilefall: /dev/zero: is binary, expected text');
  });

  it('should read /dev/stdin as the file it stands for', async () => {
    const run = await runCliAsync(['samegame', 'verify', '--board', '/dev/stdin', '--moves', MOVES, '--json'], {
      input: readFileSync(BOARD, 'utf8'),
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ score: 251, end: 'terminal' });
  });
});
