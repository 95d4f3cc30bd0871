import { describe, expect, it } from 'vitest';
import { BotProcess } from '../../lib/judge/bot-process.js';

/** Keeps this thread busy for `ms` (as a judge starting up, or running a referee, may be). */
const busy = (ms: number): void => {
  for (const end = performance.now() + ms; performance.now() < end; );
};

describe('BotProcess', () => {
  it('should start the turn clock when the input is handed to the pipe, even if the judge is busy after', async () => {
    const bot = new BotProcess(['cat']);
    try {
      const before = performance.now();
      const written = bot.write('1 2\n');
      busy(200); // the write's callback cannot run before this ends
      const sent = await written;
      expect(sent).toBeGreaterThanOrEqual(before);
      expect(sent - before).toBeLessThan(100);
      // cat echoes the line: its time is counted from that same moment.
      const answer = await bot.nextLine(sent, 5000);
      expect(answer).toMatchObject({ kind: 'line', line: '1 2' });
    } finally {
      bot.kill();
      await bot.exited();
    }
  });

  it('should report a timeout, measured from the given moment, when no line comes', async () => {
    const bot = new BotProcess(['sleep', '5']);
    try {
      const sent = await bot.write('x\n');
      const answer = await bot.nextLine(sent, 150);
      expect(answer.kind).toBe('timeout');
      expect(answer.ms).toBeGreaterThanOrEqual(150);
    } finally {
      bot.kill();
      await bot.exited();
    }
  });
});
