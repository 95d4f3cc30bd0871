// An invalid Columns output is reported with the token it stumbled on, which the program (or the
// file) chose: `columns judge` and `columns verify` write its control characters as escapes, so
// that no output can set the terminal's title or clear its screen through a report.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../../support/cli.js';
import { repoPath } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-columns-escaped-');
const SAMPLE = repoPath('datasets/columns/sample.txt');
/** An output whose first token would set the title, then clear the screen and start a C1 sequence. */
const HOSTILE = '\u001b]0;T\u0007 1 \u001b[2J\u009b\n';
const ESCAPED = '\\u001b]0;T\\u0007';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('an invalid Columns output in a report', () => {
  it('should be shown escaped by columns judge, as the program printed it', async () => {
    const output = join(tmp, 'output.txt');
    writeFileSync(output, HOSTILE);
    const program = join(tmp, 'hostile.sh');
    writeFileSync(program, `#!/bin/sh\ncat >/dev/null\ncat ${output}\n`);
    chmodSync(program, 0o755);
    const run = await runCliAsync(['columns', 'judge', '--bot', program, '--input', SAMPLE]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(ESCAPED);
    expect(run.stdout).not.toMatch(CONTROL);
  });

  it('should be shown escaped by columns verify, as the file holds it', async () => {
    const output = join(tmp, 'verify-output.txt');
    writeFileSync(output, HOSTILE);
    const run = await runCliAsync(['columns', 'verify', '--input', SAMPLE, '--output', output]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(ESCAPED);
    expect(run.stdout).not.toMatch(CONTROL);
  });
});
