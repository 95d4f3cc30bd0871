import { describe, expect, it, vi } from 'vitest';
import { BotProcess } from '../../lib/judge/bot-process.js';

describe('BotProcess', () => {
  it('should start the turn clock when the input is handed to the pipe, even if the judge is busy after', async () => {
    const bot = new BotProcess(['cat']);
    // A clock that reads 1,000 while the write is handed over and 9,000 once the judge is busy.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    try {
      const written = bot.write('1 2\n');
      clock.mockReturnValue(9_000);
      const sent = await written;
      expect(sent).toBe(1_000);
      clock.mockRestore();
      // cat echoes the line: its time is counted from that same moment.
      const answer = await bot.nextLine(performance.now(), 5000);
      expect(answer).toMatchObject({ kind: 'line', line: '1 2' });
    } finally {
      clock.mockRestore();
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
    } finally {
      bot.kill();
      await bot.exited();
    }
  });

  it('should not wait out the limit for a program that closed its output and runs on', async () => {
    const bot = new BotProcess(['sh', '-c', 'exec >&-; exec sleep 30']);
    try {
      const started = performance.now();
      const answer = await bot.nextLine(started, 20_000);
      expect(answer).toMatchObject({ kind: 'closed', exitCode: null, signal: null });
      // It can print nothing more: a moment for its exit code, not the 20 s of its limit.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      bot.kill();
      await bot.exited();
    }
  }, 30_000);

  it('should time a line printed ahead of its turn as taking none of it, never less', async () => {
    const bot = new BotProcess(['sh', '-c', 'echo 1 2; echo 3 4; exec sleep 30']);
    try {
      expect(await bot.nextLine(performance.now(), 5000)).toMatchObject({ kind: 'line', line: '1 2' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The second line was there before this turn began.
      expect(await bot.nextLine(performance.now(), 5000)).toEqual({ kind: 'line', line: '3 4', ms: 0 });
    } finally {
      bot.kill();
      await bot.exited();
    }
  });
});
