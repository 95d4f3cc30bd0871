// `tilefall samegame bot` judged as a user's bot is: a child process, the board sent as it starts.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';

interface GameJson {
  readonly end: string;
  readonly firstTurnMs: number | null;
}

/** Node's option that runs `code` before the program: it can stand for a slow start-up. */
const before = (code: string) => `--import=data:text/javascript,${encodeURIComponent(code)}`;

describe('tilefall samegame bot', () => {
  it('should answer the first turn within --first-turn-ms of its own start, start-up included', () => {
    // A start-up of at least 2 s: a sleep before the CLI loads, which no load can shorten. Counted
    // from the start of the process, the answer comes at 6 s, or start-up plus a turn's 30 ms if
    // start-up took longer; counted from the board, it would come 6 s after start-up (8 s at the
    // soonest). The upper bound leaves a busy machine 1.5 s of lateness, which that wrong clock
    // exceeds whatever the load.
    const sleep = before('Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000)');
    const run = runCli([
      'samegame',
      'judge',
      '--bot',
      `${process.execPath} ${sleep} bin/tilefall.mjs samegame bot --first-turn-ms 6000`,
      '--board',
      'datasets/samegame/demo-board.txt',
      // Generous for the later turns: this test is about the first.
      '--turn-ms',
      '2000',
      '--json',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const [game] = (JSON.parse(run.stdout) as { games: GameJson[] }).games;
    expect(game.end).toBe('terminal');
    console.info(`first turn answered ${game.firstTurnMs} ms after the bot was started (6000 ms allowed)`);
    expect(game.firstTurnMs).toBeGreaterThan(5_500);
    expect(game.firstTurnMs).toBeLessThan(7_500);
  }, 60_000);
});
