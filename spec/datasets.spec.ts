// The committed datasets are what their documented commands make, and they are disjoint.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatInstances } from '../lib/columns/engine/text.js';
import type { IntegerRange } from '../lib/core/integer-range.js';
import { STANDARD_SHAPE } from '../lib/samegame/engine/board.js';
import { formatBoards, parseBoards } from '../lib/samegame/engine/text.js';
import { generated as generatedInstances } from './columns/arbitraries.js';
import { generated } from './samegame/boards.js';
import { REPO_DIR, readRepoFile } from './support/repo.js';

const read = (path: string) => readFileSync(`${REPO_DIR}${path}`, 'utf8');
const boardsOf = (text: string) => {
  const parsed = parseBoards(text, STANDARD_SHAPE);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('datasets', () => {
  it.each([
    ['datasets/samegame/train.txt', 48, 1001],
    ['datasets/samegame/train-large.txt', 240, 33033],
    ['datasets/samegame/select.txt', 60, 34034],
    ['datasets/samegame/validate.txt', 120, 2002],
    ['datasets/samegame/bots-validate.txt', 8, 9301],
  ])('should hold in %s exactly what generate makes (%i boards, seed %i)', (path, count, seed) => {
    expect(read(path)).toBe(formatBoards(generated({ count, seed })));
  });

  it.each([
    ['datasets/samegame/validate-equal.txt', 60, 3003, [45, 45, 45, 45, 45]],
    ['datasets/samegame/validate-dominant.txt', 60, 4004, [65, 40, 40, 40, 40]],
  ])('should hold in %s exactly what generate makes (%i boards, seed %i, counts %j)', (path, count, seed, counts) => {
    expect(read(path)).toBe(formatBoards(generated({ count, seed, counts })));
  });

  const columnsSet = (seed: number, instances: number, columns?: number | IntegerRange) =>
    formatInstances(generatedInstances({ seed, count: instances, columns }));

  it.each([
    ['datasets/columns/train.txt', 101, 12, 1000],
    ['datasets/columns/validate.txt', 201, 20, 1000],
    ['datasets/columns/train-long.txt', 501, 12, 3000],
    ['datasets/columns/validate-long.txt', 601, 16, 3000],
    ['datasets/columns/exam-long.txt', 701, 16, [5000, 10_000] as const],
    ['datasets/columns/bots-train.txt', 9101, 8, 200],
    ['datasets/columns/bots-validate.txt', 9201, 8, 200],
  ])(
    'should hold in %s exactly what columns generate makes (seed %i, %i instances of %s columns)',
    (path, seed, instances, columns) => {
      expect(read(path)).toBe(columnsSet(seed, instances, columns));
    },
  );

  it('should hold in the Columns bench set the sample, then 30 instances from seed 1', () => {
    expect(read('datasets/columns/bench.txt')).toBe(`${read('datasets/columns/sample.txt')}---\n${columnsSet(1, 30)}`);
  });

  it('should keep training, selection, validation and the standard 20 disjoint', () => {
    const key = (b: { cells: readonly number[] }) => b.cells.join('');
    const train = new Set(
      ['train', 'train-large', 'select'].flatMap((name) => boardsOf(read(`datasets/samegame/${name}.txt`)).map(key)),
    );
    expect(train.size).toBe(48 + 240 + 60);
    const validate = ['validate', 'validate-equal', 'validate-dominant'].flatMap((name) =>
      boardsOf(read(`datasets/samegame/${name}.txt`)).map(key),
    );
    const standard = boardsOf(readRepoFile('datasets/samegame/standard20.txt')).map(key);
    for (const b of [...validate, ...standard]) expect(train.has(b)).toBe(false);
    for (const b of standard) expect(validate).not.toContain(b);
  });
});
