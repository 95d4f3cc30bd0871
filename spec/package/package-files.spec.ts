// The package has what its commands and guides use: every file a command reads by default (a
// `packagePath(...)` in lib/, and the records file `bench` reads beside its default dataset) and
// every file docs/library.md names is in the tarball `npm pack` makes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_DIR, readRepoFile } from '../support/repo.js';

/** The files `npm pack` puts in the tarball (without building: the built `dist/` is not what this checks). */
function packedFiles(): Set<string> {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_DIR,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`npm pack --dry-run failed:\n${run.stderr}`);
  const [pack] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
  return new Set(pack.files.map((file) => file.path));
}

/** The package files lib/ reads by default: each `packagePath('…')`, and `X-records.json` beside a default `X.txt`. */
function defaultFiles(): string[] {
  const sources = readdirSync(join(REPO_DIR, 'lib'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const named = sources.flatMap((file) =>
    [...readFileSync(join(REPO_DIR, 'lib', file), 'utf8').matchAll(/packagePath\('([^']+)'\)/g)].map((m) => m[1]),
  );
  const records = named
    .filter((file) => file.endsWith('.txt'))
    .map((file) => file.replace(/\.txt$/, '-records.json'))
    .filter((file) => existsSync(join(REPO_DIR, file)));
  return [...new Set([...named, ...records])].sort();
}

/**
 * The files docs/library.md names, in datasets/, docs/ or bin/. Its spec/ files are the examples'
 * sources, which the guide says to run "from a clone": they are not the package's.
 */
function libraryGuideFiles(): string[] {
  const guide = readRepoFile('docs/library.md');
  return [...new Set([...guide.matchAll(/\b((?:datasets|docs|bin)\/[\w./-]+\.[a-z]+)\b/g)].map((m) => m[1]))].sort();
}

describe('the files the package needs', () => {
  const packed = packedFiles();

  it('should pack every file a command reads by default', () => {
    const defaults = defaultFiles();
    expect(defaults).toEqual(
      expect.arrayContaining(['datasets/samegame/validate.txt', 'datasets/samegame/standard20.txt']),
    );
    for (const file of defaults) expect(existsSync(join(REPO_DIR, file)), `${file} is in the repository`).toBe(true);
    expect(defaults.filter((file) => !packed.has(file))).toEqual([]);
  });

  it('should pack every file the library guide names', () => {
    const named = libraryGuideFiles();
    expect(named).toEqual(expect.arrayContaining(['datasets/samegame/demo-moves.txt']));
    expect(named.filter((file) => !packed.has(file))).toEqual([]);
  });

  it('should map every subpath of exports to the same types in typesVersions, for moduleResolution node10', () => {
    const manifest = JSON.parse(readRepoFile('package.json')) as {
      exports: Record<string, string | { types?: string }>;
      typesVersions: Record<string, Record<string, string[]>>;
    };
    const fromExports = Object.entries(manifest.exports).flatMap(([path, target]) =>
      path !== '.' && typeof target === 'object' && target.types !== undefined
        ? [[path.replace(/^\.\//, ''), [target.types]] as const]
        : [],
    );
    expect(fromExports.length).toBeGreaterThanOrEqual(4);
    expect(manifest.typesVersions).toEqual({ '*': Object.fromEntries(fromExports) });
  });

  it('should leave the search logs and the specs out', () => {
    expect([...packed].filter((file) => /search-log\.md$|^spec\//.test(file))).toEqual([]);
  });
});
