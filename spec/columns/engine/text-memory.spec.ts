// A dataset at the size cap holds millions of columns: parsed, it must cost at most about ten
// times its text in memory (docs/cli.md, limits on what is read), which a column of its own
// object each (some 100 bytes for 4 bytes of text) would not.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstances } from '../../../lib/columns/engine/text.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The bytes the heap holds after a full collection. */
const heldBytes = (): number => {
  gc();
  return process.memoryUsage().heapUsed;
};

const token = fc.oneof(fc.constant('***'), fc.stringMatching(/^[a-e]{3}$/));

describe('a parsed dataset', () => {
  it('should hold its columns in at most about ten times the bytes of its text', () => {
    const columns = fc.sample(token, { numRuns: 2_000 });
    const instance = `12 19\n${columns.length}\n${columns.join('\n')}\n`;
    const text = new Array(100).fill(instance).join('---\n');
    const before = heldBytes();
    const parsed = parseInstances(text);
    const held = heldBytes() - before;
    expect(parsed.ok && parsed.value.length).toBe(100);
    expect(held).toBeLessThan(10 * text.length);
  });

  it('should read every column as its token says, whatever the tokens', () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 30 }), (tokens) => {
        const parsed = parseInstances(`6 13\n${tokens.length}\n${tokens.join('\n')}\n---\n6 13\n1\n${tokens[0]}\n`);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const letters = parsed.value[0].pieces.map((p) =>
          p.magic ? '***' : p.jewels.map((j) => String.fromCharCode(97 + j)).join(''),
        );
        expect(letters).toEqual(tokens);
      }),
    );
  });
});
