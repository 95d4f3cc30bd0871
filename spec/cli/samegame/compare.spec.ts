import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBoard } from '../../../lib/samegame/engine/text.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { generated } from '../../samegame/boards.js';
import { runCli } from '../../support/cli.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-samegame-compare-');
const boards = generated({ count: 3, seed: 77, width: 10, height: 10, colors: 4 });
const dataset = join(tmp, 'three.txt');
writeFileSync(dataset, boards.map((b) => formatBoard(b)).join('\n\n'));
// Fewer rollouts, harder on singletons: a search that plays other games on these boards.
const other = { ...DEFAULT_WEIGHTS, rolloutFactor: 2, singletons: -150, rolloutBlend: 0.4 };
const otherFile = join(tmp, 'other.json');
writeFileSync(otherFile, JSON.stringify(other));
const defaultsFile = join(tmp, 'defaults.json');
writeFileSync(defaultsFile, JSON.stringify(DEFAULT_WEIGHTS));
const NODES = '60000';
const compare = (...args: string[]) => runCli(['samegame', 'compare', '--dataset', dataset, ...args]);

describe('tilefall samegame compare', () => {
  it('should read no difference when both sides are the same weights', () => {
    const run = compare('--b', defaultsFile, '--nodes', NODES, '--json');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.n).toBe(3);
    expect(report.meanDifference).toBe(0);
    for (const row of report.boards) expect(row.b).toBe(row.a);
  });

  it("should score each side as solve does with that side's weights and the same seed", () => {
    const run = compare('--b', otherFile, '--nodes', NODES, '--seed', '4', '--json');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    const scored = (weights: typeof DEFAULT_WEIGHTS) =>
      boards.map((board) => {
        const solution = solve(board, { budget: { nodes: Number(NODES) }, weights, seed: 4 });
        if (!solution.ok) throw new Error(solution.error.message);
        return solution.value.score;
      });
    expect(report.boards.map((row: { a: number }) => row.a)).toEqual(scored(DEFAULT_WEIGHTS));
    expect(report.boards.map((row: { b: number }) => row.b)).toEqual(scored(other));
    expect(report.totalB - report.totalA).not.toBe(0);
  });

  it('should give the same scores with both sides on workers at once (--jobs 2) as one after the other', () => {
    const alone = JSON.parse(compare('--b', otherFile, '--nodes', NODES, '--json').stdout);
    const sideBySide = compare('--b', otherFile, '--nodes', NODES, '--jobs', '2', '--json');
    expect(sideBySide.status).toBe(0);
    expect(JSON.parse(sideBySide.stdout).boards).toEqual(alone.boards);
  });

  it('should print the rows in board order when several boards run at once (--jobs 4)', () => {
    const alone = JSON.parse(compare('--b', otherFile, '--nodes', NODES, '--json').stdout);
    const run = compare('--b', otherFile, '--nodes', NODES, '--jobs', '4');
    expect(run.status).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .slice(1, -1)
      .map((line) => line.trim().split(/\s+/).map(Number));
    expect(rows.map(([board, a, b]) => ({ board, a, b }))).toEqual(alone.boards);
  });

  it('should print a row per board, numbered as in the dataset, and a closing line with the paired difference', () => {
    const run = compare('--b', otherFile, '--nodes', NODES, '--boards', '2..3');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1 + 2 + 1);
    expect(lines.slice(1, 3).map((l) => l.trim().split(/\s+/)[0])).toEqual(['2', '3']);
    for (const line of lines.slice(1, 3)) {
      const [, a, b, diff] = line.trim().split(/\s+/).map(Number);
      expect(diff).toBe(b - a);
    }
    expect(lines.at(-1)).toMatch(/^B \/ A [+-]\d+\.\d %, B - A [+-]?\d+ ± \d+ a board, B better on \d of 2, A on \d$/);
  });

  it.each([
    [['--b', join(tmp, 'missing.json')], /missing\.json/],
    [['--b', otherFile, '--time', '1', '--nodes', '5'], /--nodes/],
    [['--b', otherFile, '--nodes', NODES, '--boards', '9..12'], /--boards/],
    [['--b', otherFile, '--nodes', NODES, '--jobs', '0'], /--jobs/],
  ])('should refuse %j with one line and exit 2', (args, message) => {
    const run = compare(...args);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('should name the line of a malformed dataset', () => {
    const bad = join(tmp, 'bad.txt');
    writeFileSync(bad, '0 1 2\n1 2 0\n1 x 2\n');
    const run = runCli(['samegame', 'compare', '--dataset', bad, '--b', otherFile, '--nodes', NODES]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/bad\.txt.*line 3/);
  });
});
