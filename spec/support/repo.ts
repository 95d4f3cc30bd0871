// Files of this repository, by path from its root: datasets and spec fixtures live in the
// repository, so a clone with nothing beside it runs every spec.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));

export const repoPath = (relative: string): string => fileURLToPath(new URL(relative, `file://${REPO_DIR}`));

export const readRepoFile = (relative: string): string => readFileSync(repoPath(relative), 'utf8');

export const readJsonLines = (relative: string): unknown[] =>
  readRepoFile(relative)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
