import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../lib/judge/command-line.js';

describe('splitCommandLine', () => {
  it('should split on whitespace and honour quotes and escapes, without a shell', () => {
    expect(splitCommandLine('python3  bot.py --depth 3')).toEqual({
      ok: true,
      value: ['python3', 'bot.py', '--depth', '3'],
    });
    expect(splitCommandLine(`node "my bot.js" 'a "b" c' x\\ y ''`)).toEqual({
      ok: true,
      value: ['node', 'my bot.js', 'a "b" c', 'x y', ''],
    });
    expect(splitCommandLine('echo $HOME; rm -rf /')).toEqual({ ok: true, value: ['echo', '$HOME;', 'rm', '-rf', '/'] });
  });

  it('should read back any words quoted one by one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1 }).filter((w) => !w.includes("'")),
          { minLength: 1, maxLength: 6 },
        ),
        (words) => {
          expect(splitCommandLine(words.map((w) => `'${w}'`).join(' '))).toEqual({ ok: true, value: words });
        },
      ),
    );
  });

  it('should refuse an unclosed quote and an empty command', () => {
    expect(splitCommandLine('node "x')).toEqual({ ok: false, error: { message: 'unclosed " quote' } });
    expect(splitCommandLine('   ')).toEqual({ ok: false, error: { message: 'no program to run' } });
  });
});
