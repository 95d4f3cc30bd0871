// Paths into ../shared: the puzzle statements' fixtures and benchmark data, read in place.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));

export const sharedPath = (relative: string): string => fileURLToPath(new URL(relative, `file://${SHARED_DIR}`));

export const readShared = (relative: string): string => readFileSync(sharedPath(relative), 'utf8');

export const readJsonLines = (relative: string): unknown[] =>
  readShared(relative)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
