// The output a Columns program prints is held only up to what its instance could need: a program
// that prints without end costs the judge no more memory than its input (8 such runs at once held
// 2.1 GB before), and is judged on what it printed up to there, as the referee reads it.
import { describe, expect, it } from 'vitest';
import { parseInstance } from '../../lib/columns/engine/text.js';
import { judgeColumnsProgram } from '../../lib/judge/columns.js';
import { PYTHON } from '../support/python.js';
import { readRepoFile } from '../support/repo.js';

const instance = (() => {
  const parsed = parseInstance(readRepoFile('datasets/columns/sample.txt'));
  if (!parsed.ok) throw new Error('the sample instance does not parse');
  return parsed.value;
})();

/** A program that prints without end, as fast as it is read: characters of 2 UTF-16 units each in the judge. */
const FLOOD = [
  PYTHON,
  '-c',
  "import sys\ns = ('\\u4e00' * (1 << 18)).encode()\nwhile True: sys.stdout.buffer.write(s)",
];

describe('judgeColumnsProgram', () => {
  it('should hold no more of an endless output than its instance could need', async () => {
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.external - before.heapUsed - before.external);
    }, 20);
    try {
      const report = await judgeColumnsProgram(FLOOD, instance, 2500);
      expect(report.end).toBe('timeout');
    } finally {
      clearInterval(sampler);
    }
    // Every chunk read is garbage once seen: what stays is the instance's share (a few KB), and the
    // young chunks not yet collected (31 to 34 MB measured); 64 M characters held peaked at 95 MB.
    expect(peak).toBeLessThan(64 * 2 ** 20);
  }, 20_000);
});
