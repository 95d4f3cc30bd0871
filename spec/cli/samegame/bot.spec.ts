// `tilefall samegame bot` judged as a user's bot is: a child process, the board sent as it starts.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';

interface GameJson {
  readonly end: string;
  readonly firstTurnMs: number | null;
}

describe('tilefall samegame bot', () => {
  it('should answer the first turn within --first-turn-ms of its own start, start-up included', () => {
    const run = runCli([
      'samegame',
      'judge',
      '--bot',
      `${process.execPath} bin/tilefall.mjs samegame bot --first-turn-ms 3000`,
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
    // Loading the CLI takes about a second (two on a busy machine): counted from the board
    // alone, the plan would end that much past 3 s.
    expect(game.firstTurnMs).toBeGreaterThan(2_500);
    expect(game.firstTurnMs).toBeLessThan(3_500);
  }, 60_000);
});
