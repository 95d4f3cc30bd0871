// The package's version has its entry in the CHANGELOG (publint runs on the packed package in pack.spec.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

describe('CHANGELOG.md', () => {
  it('should list the version of package.json', () => {
    const version = JSON.parse(readFileSync(`${REPO_DIR}package.json`, 'utf8')).version as string;
    expect(readFileSync(`${REPO_DIR}CHANGELOG.md`, 'utf8')).toContain(`## [${version}]`);
  });
});
