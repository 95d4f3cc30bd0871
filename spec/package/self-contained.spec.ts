// A clone is the whole project: no source, spec, script, config or doc names a path that leaves
// the repository (a folder beside the clone, an absolute path on one machine).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const TEXT_FILE = /\.(ts|mts|mjs|cjs|js|json|md|yaml|yml|sh)$|^\.ci\/run$|^\.editorconfig$/;

/** Tracked and new (not ignored) files, as a fresh clone would have them. */
function projectFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_DIR,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => f !== '' && TEXT_FILE.test(f) && f !== 'package-lock.json')
    .filter((f) => !f.startsWith('datasets/') || f.endsWith('.md'))
    .filter((f) => f !== 'spec/package/self-contained.spec.ts'); // its own examples climb out (see below)
}

/** Every path in the text that leaves the repository, as `file: path`. */
function escapingPaths(file: string, text: string): string[] {
  const found = new Map<number, string>();
  for (const match of text.matchAll(/(?:\.\.\/)+[\w.@-]*/g)) {
    const target = relative(REPO_DIR, join(REPO_DIR, dirname(file), match[0]));
    if (target.startsWith('..')) found.set(match.index, match[0]);
  }
  // A folder beside the clone, however the path is written (comments often mean it from the root).
  for (const match of text.matchAll(/(?:\.\.\/)+shared\b[\w./-]*/g)) found.set(match.index, match[0]);
  // Absolute paths of one machine's checkout.
  for (const match of text.matchAll(/\/work\/[\w./-]+|\/home\/\w+\/[\w./-]+/g)) found.set(match.index, match[0]);
  return [...found.values()].map((path) => `${file}: ${path}`);
}

describe('escapingPaths', () => {
  it('should flag a path that climbs out of the repository and accept one that stays inside', () => {
    // The folder beside the clone, spelled in pieces so that this file itself never names it.
    const beside = ['..', 'shared'].join('/');
    expect(escapingPaths('lib/cli/main.ts', `new URL('../../${beside}/x', import.meta.url)`)).toHaveLength(1);
    expect(escapingPaths('lib/cli/main.ts', "new URL('../../datasets/x', import.meta.url)")).toEqual([]);
    expect(escapingPaths('README.md', `see ${beside}/rules`)).toHaveLength(1);
    expect(escapingPaths('lib/columns/rules.ts', `// (\`${beside}/rules/columns.md\`)`)).toHaveLength(1);
    expect(escapingPaths('spec/a.spec.ts', "'/work/main/datasets'")).toHaveLength(1);
  });
});

describe('the repository', () => {
  it('should name no path outside itself in any source, spec, script, config or doc', () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(50);
    const offending = files.flatMap((file) => escapingPaths(file, readFileSync(join(REPO_DIR, file), 'utf8')));
    expect(offending).toEqual([]);
  });
});
