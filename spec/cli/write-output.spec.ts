import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputFailure } from '../../lib/cli/input-error.js';
import { writeTextOutput } from '../../lib/cli/write-output.js';
import { scratchDirectory } from '../support/scratch.js';

describe('writeTextOutput', () => {
  it('should write a named file whole, leaving no temporary file, or stdout when none is named', () => {
    const dir = scratchDirectory('tilefall-out-');
    writeTextOutput('abc\n', join(dir, 'out.txt'));
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('abc\n');
    expect(readdirSync(dir)).toEqual(['out.txt']);
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    writeTextOutput('to stdout');
    expect(spy).toHaveBeenCalledWith('to stdout');
    spy.mockRestore();
  });

  it('should fail with an input failure naming the file when it cannot write', () => {
    expect(() => writeTextOutput('x', '/nonexistent-dir/out.txt')).toThrow(InputFailure);
  });
});
