// `vectors` writes what a user's CI diffs against: the inputs `conform` would send and what a
// correct engine prints, every reading a protocol can show in at least one vector, the same
// files for the same seed.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLUMNS_READING_CORNERS } from '../../lib/testing/columns-corners.js';
import { SAMEGAME_READING_CORNERS } from '../../lib/testing/samegame-corners.js';
import { runCliAsync } from '../support/cli.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-vectors-');
const ENGINES = {
  samegame: join(REPO_DIR, 'docs/conformance/samegame_engine.py'),
  columns: join(REPO_DIR, 'docs/conformance/columns_engine.py'),
};
const READINGS = { samegame: SAMEGAME_READING_CORNERS, columns: COLUMNS_READING_CORNERS };

/** The vectors an engine prints a different answer for, compared as `diff -b` does. */
function differing(dir: string, engine: readonly string[]): string[] {
  const words = (text: string) =>
    text
      .trim()
      .split(/\s*\n\s*/)
      .map((line) => line.split(/\s+/).join(' '));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.in'))
    .filter((f) => {
      const printed = execFileSync(engine[0], [...engine.slice(1)], {
        input: readFileSync(join(dir, f)),
        encoding: 'utf8',
      });
      return (
        words(printed).join('\n') !== words(readFileSync(join(dir, f.replace(/\.in$/, '.out')), 'utf8')).join('\n')
      );
    });
}

describe('vectors', () => {
  for (const game of ['samegame', 'columns'] as const) {
    it(`should write ${game} vectors a correct engine reproduces and a buggy one does not, with every reading in the index`, async () => {
      const dir = join(tmp, game);
      const run = await runCliAsync([game, 'vectors', '--games', '6', '--seed', '3', '--out', dir]);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      const files = readdirSync(dir).sort();
      const count = files.filter((f) => f.endsWith('.in')).length;
      expect(run.stdout).toBe(
        `wrote ${count} vector${count === 1 ? '' : 's'} to ${dir} (6 drawn${count > 6 ? `, ${count - 6} added to cover readings` : ''}); index: ${join(dir, 'index.md')}\n`,
      );
      expect(files).toContain('001.in');
      expect(files).toContain('001.out');
      expect(files).toContain('index.md');
      expect(differing(dir, [PYTHON, ENGINES[game]])).toEqual([]);
      const bug = game === 'samegame' ? 'no-clear-bonus' : 'magic-no-game-over';
      expect(differing(dir, [PYTHON, ENGINES[game], '--bug', bug]).length).toBeGreaterThan(0);
      const index = readFileSync(join(dir, 'index.md'), 'utf8');
      for (const [reading, coverage] of Object.entries(READINGS[game])) {
        const row = index.split('\n').find((line) => line.startsWith(`| ${reading} |`));
        // Every corner of the reading, each with the vectors that show it.
        if ('corners' in coverage) {
          const shown = coverage.corners.map((corner: string) => `${corner}: \\d{3}(, \\d{3})*`).join('; ');
          expect(row, reading).toMatch(new RegExp(`^\\| \\w+ \\| ${shown} \\|$`));
        } else expect(row, reading).toMatch('every' in coverage ? /\| every vector: / : /\| not in this protocol: /);
      }
    });
  }

  it('should write the same files for the same seed, and other games for another', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => join(tmp, `seed-${name}`));
    await Promise.all([
      runCliAsync(['samegame', 'vectors', '--games', '4', '--seed', '9', '--out', a]),
      runCliAsync(['samegame', 'vectors', '--games', '4', '--seed', '9', '--out', b]),
      runCliAsync(['samegame', 'vectors', '--games', '4', '--seed', '10', '--out', c]),
    ]);
    const read = (dir: string) =>
      readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(read(b)).toEqual(read(a));
    expect(read(c)).not.toEqual(read(a));
  });

  it('should leave only its own vectors in the directory, removing those of a longer earlier run', async () => {
    const dir = join(tmp, 'rerun');
    await runCliAsync(['samegame', 'vectors', '--games', '12', '--seed', '2', '--out', dir]);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const run = await runCliAsync(['samegame', 'vectors', '--games', '3', '--seed', '2', '--out', dir]);
    expect(run.status).toBe(0);
    const count = Number(/^wrote (\d+) vectors? /.exec(run.stdout)![1]);
    const vectorFiles = readdirSync(dir).filter((f) => /^\d+\.(in|out)$/.test(f));
    expect(vectorFiles).toHaveLength(2 * count);
    expect(readdirSync(dir)).toContain('notes.txt');
  });

  it('should refuse a directory it cannot make, in one line', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, '');
    const run = await runCliAsync(['columns', 'vectors', '--out', join(file, 'sub')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^tilefall: .*a-file\/sub: cannot be written \(.*a-file is not a folder\)\n$/);
  });
});
