/**
 * Files of the tilefall package itself (bundled datasets, the executable, package.json), found
 * from this module's place whether it runs from a clone (lib/cli) or from the built package
 * (dist/lib/cli): the nearest folder above holding the package.json named tilefall.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function findRoot(): URL | undefined {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string };
      if (pkg.name === 'tilefall') return dir;
    } catch {
      // no package.json at this level
    }
    if (new URL('../', dir).href === dir.href) return undefined;
  }
}

const ROOT = findRoot();

/** The path of `relative` in the package (for example `datasets/samegame/standard20.txt`). */
export function packagePath(relative: string): string {
  return fileURLToPath(new URL(relative, ROOT ?? new URL('../../', import.meta.url)));
}

/** The package's version, or `unknown` when its package.json cannot be found. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
