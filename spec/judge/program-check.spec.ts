import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProblem } from '../../lib/judge/program-check.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-program-check-');
const bin = join(tmp, 'bin');
mkdirSync(bin);
const executable = join(bin, 'my-bot');
writeFileSync(executable, '#!/bin/sh\necho 0 0\n');
chmodSync(executable, 0o755);
const plain = join(bin, 'plain-bot');
writeFileSync(plain, '#!/bin/sh\n');
chmodSync(plain, 0o644);
const orphan = join(bin, 'orphan-bot');
writeFileSync(orphan, '#!/no/such/interpreter -u\necho 0 0\n');
chmodSync(orphan, 0o755);
const script = join(tmp, 'bot.py');
writeFileSync(script, 'print(1)\n');

const NOT_FOUND = 'no such program (not found, or not on the PATH)';
const NOT_EXECUTABLE = 'the program is not executable';

describe('startProblem', () => {
  it('should let a command start whose program and script are there', () => {
    expect(startProblem([executable])).toBeUndefined();
    expect(startProblem(['my-bot', '--depth', '3'], bin)).toBeUndefined();
    expect(startProblem([process.execPath, script])).toBeUndefined();
    expect(startProblem(['sh', '-c', 'exit 3'])).toBeUndefined();
  });

  it.each([
    ['a path to nothing', [join(tmp, 'missing')], join(tmp, 'missing'), NOT_FOUND],
    ['a folder', [bin], bin, NOT_FOUND],
    ['a name on no folder of the PATH', ['no-such-bot'], 'no-such-bot', NOT_FOUND],
    ['a file that may not be executed', [plain], plain, NOT_EXECUTABLE],
    ['a name the PATH finds only as a file that may not be executed', ['plain-bot'], 'plain-bot', NOT_EXECUTABLE],
    [
      'a script whose #! interpreter is not there',
      ['orphan-bot'],
      'orphan-bot',
      'its interpreter /no/such/interpreter (on its #! line) is not found or not executable',
    ],
  ])('should refuse %s, naming the program', (_what, argv, name, reason) => {
    expect(startProblem(argv, bin)).toEqual({ name, reason });
  });

  it("should refuse an interpreter's script that does not exist, naming the command and the script", () => {
    const missing = join(tmp, 'gone.py');
    expect(startProblem([process.execPath, missing, '--fast'])).toEqual({
      name: `${process.execPath} ${missing} --fast`,
      reason: `no such script ${missing}`,
    });
  });

  it('should not take an option, a {params} word or a word of another kind for a script', () => {
    expect(startProblem([process.execPath, '--out=x.js', '{params}.py', 'mode.fast', script])).toBeUndefined();
    // A shell's command, not a path: the shell runs it, whatever script it names.
    expect(startProblem(['sh', '-c', 'sleep 1 & exec python3 gone.py'])).toBeUndefined();
  });
});
