// A lines file at the size cap holds millions of moves: read, it must cost at most about ten times
// its text in memory (docs/cli.md, limits on what is read), which a move of its own object each
// (some 40 bytes for the 4 bytes of text `1 2;`) would not.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLinesFile } from '../../../lib/samegame/node/lines-file.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The bytes the heap holds after a full collection. */
const heldBytes = (): number => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe('a parsed lines file', () => {
  it('should hold its moves in at most about ten times the bytes of its text', () => {
    const moves = fc.sample(fc.tuple(fc.nat({ max: 9 }), fc.nat({ max: 9 })), { numRuns: 2_048 });
    const line = moves.map(([x, y]) => `${x} ${y}`).join(';');
    const text = Array.from(
      { length: 300 },
      (_, i) =>
        `${JSON.stringify({ board: i.toString(16).padStart(16, '0'), score: 1, line, when: 'now', budget: '1 s' })}\n`,
    ).join('');
    const before = heldBytes();
    const parsed = parseLinesFile(text);
    const held = heldBytes() - before;
    expect(parsed.ok && parsed.value.size).toBe(300);
    expect(held).toBeLessThan(10 * text.length);
  });
});
