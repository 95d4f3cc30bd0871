// The release's paperwork agrees with package.json: the version has its dated CHANGELOG section,
// Unreleased stays short (what was released is cut into its section), and the compose file pins
// the workers to the same version, since a worker refuses a job of another version. publint runs
// on the packed package in pack.spec.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

const version = JSON.parse(readFileSync(`${REPO_DIR}package.json`, 'utf8')).version as string;
const changelog = readFileSync(`${REPO_DIR}CHANGELOG.md`, 'utf8');

/** Unreleased's lines, from its heading to the next version's. */
function unreleasedLines(): string[] {
  const lines = changelog.split('\n');
  const start = lines.indexOf('## [Unreleased]');
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## ['));
  return lines.slice(start + 1, end === -1 ? lines.length : end);
}

describe('CHANGELOG.md', () => {
  it('should list the version of package.json under a dated heading', () => {
    expect(changelog).toMatch(new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
  });

  it('should keep Unreleased at most 60 lines, above the released versions', () => {
    expect(changelog.indexOf('## [Unreleased]')).toBeGreaterThan(-1);
    expect(changelog.indexOf('## [Unreleased]')).toBeLessThan(changelog.indexOf(`## [${version}]`));
    expect(unreleasedLines().length).toBeLessThanOrEqual(60);
  });
});

describe('docs/compose.yaml', () => {
  it("should run the workers on package.json's version", () => {
    const pinned = [...readFileSync(`${REPO_DIR}docs/compose.yaml`, 'utf8').matchAll(/tilefall@([^"\s]+)/g)];
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.map((m) => m[1])).toEqual(pinned.map(() => version));
  });
});
