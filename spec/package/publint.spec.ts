import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';

describe('package.json', () => {
  it('should be publint clean (exports, types, files, bin)', () => {
    const result = spawnSync(process.execPath, [`${REPO_DIR}node_modules/publint/src/cli.js`, '--strict'], {
      cwd: REPO_DIR,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(result.stdout + result.stderr).toMatch(/All good!/);
    expect(result.status).toBe(0);
  }, 300_000);

  it('should have a version that the CHANGELOG lists', async () => {
    const { readFileSync } = await import('node:fs');
    const version = JSON.parse(readFileSync(`${REPO_DIR}package.json`, 'utf8')).version as string;
    expect(readFileSync(`${REPO_DIR}CHANGELOG.md`, 'utf8')).toContain(`## [${version}]`);
  });
});
