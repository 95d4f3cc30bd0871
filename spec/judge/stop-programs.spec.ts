// A tilefall ended by a signal (Ctrl-C, SIGTERM) kills the programs it runs first, with every
// process they started, though they sit in sessions of their own where no terminal's signal
// reaches them, and though a worker thread runs them (`tune --bot --workers 1`); it still ends by
// that signal, as it would without them.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBoards } from '../../lib/samegame/engine/text.js';
import { generated } from '../samegame/boards.js';
import { BIN } from '../support/cli.js';
import { leftBehind, processesWith, sleepMarker } from '../support/processes.js';
import { REPO_DIR, repoPath } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-stop-programs-');
const HOSTILE = repoPath('spec/support/hostile-program.mjs');

/** A bot that reads its first board, leaves a sleep in a session of its own, and never answers. */
const stuckBot = (marker: string) => `node ${HOSTILE} --read 15 --leave setsid ${marker} --stay`;

/** Runs tilefall with `args` until the marker's sleep runs, then sends `signal`: how tilefall ended. */
async function signalled(args: readonly string[], marker: string, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_DIR, stdio: 'ignore' });
  const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, how) => resolve({ code, signal: how })),
  );
  // The bot and its sleep both name the marker: two processes once the sleep has started.
  for (let tries = 0; tries < 600 && processesWith(marker).length < 2; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(processesWith(marker).length).toBe(2);
  child.kill(signal);
  return ended;
}

describe('stopProgramsOnExit', () => {
  it('should kill the bot of a judge ended by Ctrl-C, and what it left, and end by SIGINT', async () => {
    const marker = sleepMarker();
    const args = ['samegame', 'judge', '--bot', stuckBot(marker), '--board', 'datasets/samegame/demo-board.txt'];
    expect(await signalled(args, marker, 'SIGINT')).toEqual({ code: null, signal: 'SIGINT' });
    expect(await leftBehind(marker)).toEqual([]);
  }, 60_000);

  it('should kill the bots a worker thread of tune runs, when tune gets SIGTERM', async () => {
    const marker = sleepMarker();
    const boards = join(tmp, 'boards.txt');
    writeFileSync(boards, `${formatBoards(generated({ count: 1, seed: 5 }))}\n`);
    const params = join(tmp, 'params.json');
    writeFileSync(params, JSON.stringify({ a: { min: 0, max: 1, start: 0 } }));
    const args = ['samegame', 'tune', '--bot', stuckBot(marker), '--params', params, '--train', boards];
    const more = ['--validate', boards, '--population', '2', '--generations', '1', '--workers', '1'];
    const out = join(tmp, 'out.json');
    expect(await signalled([...args, ...more, '--out', out], marker, 'SIGTERM')).toEqual({
      code: null,
      signal: 'SIGTERM',
    });
    expect(await leftBehind(marker)).toEqual([]);
  }, 60_000);
});
