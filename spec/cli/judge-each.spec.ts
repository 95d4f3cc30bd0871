// The games of a judge run: all of them, in order, for a program that starts; for one that
// cannot, no game after the first that found it out, and one line naming the option and program.
import { describe, expect, it } from 'vitest';
import { InputFailure } from '../../lib/cli/input-error.js';
import { judgeEach } from '../../lib/cli/judge-each.js';

const program = { option: 'bot', argv: ['./missing', '--fast'] };

describe('judgeEach', () => {
  it('should give every report in item order whatever order they finish in', async () => {
    const reports = await judgeEach(
      [30, 10, 20],
      3,
      program,
      async (ms): Promise<{ ms: number; unstartable?: string }> => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { ms };
      },
    );
    expect(reports).toEqual([{ ms: 30 }, { ms: 10 }, { ms: 20 }]);
  });

  it('should start no game after one finds that the program cannot start, and refuse the option', async () => {
    const played: number[] = [];
    const run = judgeEach([1, 2, 3, 4], 1, program, async (n) => {
      played.push(n);
      return n === 2 ? { unstartable: 'no such program (not found, or not on the PATH)' } : {};
    });
    await expect(run).rejects.toThrow(InputFailure);
    await expect(run).rejects.toThrow(
      'tilefall: option --bot: cannot start "./missing": no such program (not found, or not on the PATH)',
    );
    expect(played).toEqual([1, 2]);
  });
});
