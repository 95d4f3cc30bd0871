// The library guide's examples (docs/library.md, and the README's) are files; this runs each as a user would
// (npx tsx …) so they cannot rot.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEIGHT_NAMES } from '../../lib/samegame/search/weights.js';
import { REPO_DIR } from '../support/repo.js';

const runExample = (name: string, args: string[] = []) => {
  const result = spawnSync(
    process.execPath,
    [`${REPO_DIR}node_modules/tsx/dist/cli.mjs`, `spec/examples/${name}`, ...args],
    { cwd: REPO_DIR, encoding: 'utf8', timeout: 120_000 },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

describe('library examples', () => {
  it('should judge the demo game (conformance.ts)', () => {
    expect(runExample('conformance.ts')).toEqual({ score: 251, moves: 61, end: 'terminal', error: null });
  });

  it('should solve and have the referee agree (solving.ts)', () => {
    const out = runExample('solving.ts');
    expect(out.score).toBe(out.refereeScore);
    expect(out.score as number).toBeGreaterThan(251);
  });

  it('should tune a few generations (tuning.ts)', () => {
    expect(runExample('tuning.ts')).toMatchObject({ weights: WEIGHT_NAMES.length, generations: 2 });
  }, 120_000);

  it('should play and refuse moves with typed errors (importing.ts)', () => {
    expect(runExample('importing.ts')).toEqual({ legalMoves: 3, points: 1, unchanged: true, refused: 'single-cell' });
  });

  it('should check an engine against the rules with tilefall/testing (testing.ts)', () => {
    // fast-check's default: a hundred games, every one of them compared.
    expect(runExample('testing.ts')).toEqual({ games: 100 });
  });

  it('should solve a Columns instance and have the referee agree (columns.ts)', () => {
    const out = runExample('columns.ts');
    // The sample's first column is three jewels: 6 positions x 3 shifts.
    expect(out.firstColumnPlacements).toBe(18);
    expect(out).toMatchObject({ refereeScore: out.score, valid: true });
    expect(out.score as number).toBeGreaterThan(141); // the statement's quickstart on the sample
  });
});

/** The TypeScript blocks of a Markdown text that quote an example: `// spec/examples/<file>` first. */
function quotedExamples(markdown: string): { file: string; lines: string[] }[] {
  return [...markdown.matchAll(/^```ts\n\/\/ (spec\/examples\/[\w-]+\.ts)\n([\s\S]*?)^```$/gm)].map((m) => ({
    file: m[1],
    lines: m[2].split('\n').filter((line) => line.trim() !== ''),
  }));
}

describe.each(['README.md', 'docs/library.md', 'docs/conformance.md'])('the examples quoted in %s', (doc) => {
  const quoted = quotedExamples(readFileSync(`${REPO_DIR}${doc}`, 'utf8'));

  it('should quote at least one', () => {
    expect(quoted.length).toBeGreaterThan(0);
  });

  it.each(quoted.map((q) => [q.file, q] as const))('should quote %s line for line', (file, { lines }) => {
    const source = new Set(readFileSync(`${REPO_DIR}${file}`, 'utf8').split('\n'));
    expect(lines.filter((line) => !source.has(line))).toEqual([]);
  });
});
