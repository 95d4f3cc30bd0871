// `tilefall samegame bot`: its first turn's clock starts with the process (the referee starts it
// when it sends the input, as the process starts), and it plays a whole game as a judged bot.
import { describe, expect, it, vi } from 'vitest';
import type { BotOptions } from '../../../lib/samegame/search/bot.js';
import { PROCESS_START } from '../../../lib/samegame/search/bot.js';
import { runCli } from '../../support/cli.js';
import { runInProcess } from '../../support/cli-in-process.js';

/** The options the command hands the protocol loop: recorded, and no game played. */
const handed: BotOptions[] = vi.hoisted(() => []);
vi.mock('../../../lib/samegame/node/protocol-io.js', async (original) => ({
  ...(await original<typeof import('../../../lib/samegame/node/protocol-io.js')>()),
  playProtocol: async (_protocol: unknown, options: BotOptions) => {
    handed.push(options);
    return {};
  },
}));

describe('tilefall samegame bot', () => {
  it("should count the first turn's time from the start of its process, start-up included", async () => {
    handed.length = 0;
    const run = await runInProcess(['samegame', 'bot', '--first-turn-ms', '6000', '--turn-ms', '25']);
    expect(run.status).toBe(0);
    expect(handed).toEqual([expect.objectContaining({ firstTurnMs: 6000, turnMs: 25, firstTurnSince: PROCESS_START })]);
  });

  it('should play a whole game judged as a user bot is', () => {
    // How long its first turn takes, start-up included, is measured by `npm run bench:judge`.
    const run = runCli([
      'samegame',
      'judge',
      '--bot',
      `${process.execPath} bin/tilefall.mjs samegame bot --first-turn-ms 3000 --turn-ms 5`,
      '--board',
      'datasets/samegame/demo-board.txt',
      '--turn-ms',
      '2000',
      '--json',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const [game] = (JSON.parse(run.stdout) as { games: { end: string }[] }).games;
    expect(game.end).toBe('terminal');
  }, 60_000);

  it('should refuse a stdin line longer than any of the protocol, in one line, without reading on', () => {
    const run = runCli(['samegame', 'bot'], { input: '1'.repeat(3 * 1024 * 1024) });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('tilefall: stdin line 1: longer than 1048576 characters (not a line of the protocol)\n');
    expect(run.stdout).toBe('');
  });
});
