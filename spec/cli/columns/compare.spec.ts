import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatInstances } from '../../../lib/columns/engine/text.js';
import { solve } from '../../../lib/columns/search/solver.js';
import { DEFAULT_WEIGHTS } from '../../../lib/columns/search/weights.js';
import { generated } from '../../columns/arbitraries.js';
import { runCli } from '../../support/cli.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-compare-');
// Short games, so a small node budget measures the chain potential too (all three weights
// changed below change these games' scores).
const instances = [
  ...generated({ seed: 41, columns: 100, colors: 3 }),
  ...generated({ seed: 42, columns: 100, colors: 6 }),
  ...generated({ seed: 43, columns: 100, colors: 8 }),
];
const dataset = join(tmp, 'three.txt');
writeFileSync(dataset, formatInstances(instances));
const other = { ...DEFAULT_WEIGHTS, pairs: 5, potentialFactor: 9, chainPotential: 0.9 };
const otherFile = join(tmp, 'other.json');
writeFileSync(otherFile, JSON.stringify(other));
const defaultsFile = join(tmp, 'defaults.json');
writeFileSync(defaultsFile, JSON.stringify(DEFAULT_WEIGHTS));
const NODES = '200000';

describe('tilefall columns compare', () => {
  it('should read no difference when both sides are the same weights', () => {
    const run = runCli(['columns', 'compare', '--dataset', dataset, '--b', defaultsFile, '--nodes', NODES, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.n).toBe(3);
    expect(report.meanDifference).toBe(0);
    for (const row of report.instances) expect(row.b).toBe(row.a);
  });

  it("should score each side as the solver does with that side's weights (every weight reaching the search)", () => {
    const run = runCli(['columns', 'compare', '--dataset', dataset, '--b', otherFile, '--nodes', NODES, '--json']);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    const scored = (weights: typeof DEFAULT_WEIGHTS) =>
      instances.map((instance) => {
        const solution = solve(instance, { budget: { nodes: Number(NODES) }, weights });
        if (!solution.ok) throw new Error(solution.error.message);
        return solution.value.score;
      });
    expect(report.instances.map((row: { a: number }) => row.a)).toEqual(scored(DEFAULT_WEIGHTS));
    expect(report.instances.map((row: { b: number }) => row.b)).toEqual(scored(other));
    expect(report.totalB - report.totalA).not.toBe(0);
  });

  it('should print a row per instance and a closing line with the paired difference', () => {
    const run = runCli(['columns', 'compare', '--dataset', dataset, '--b', otherFile, '--nodes', NODES]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1 + instances.length + 1);
    expect(lines[1].trim().split(/\s+/).slice(0, 4)).toEqual([
      '1',
      `${instances[0].width}x${instances[0].height}`,
      '100',
      '3',
    ]);
    expect(lines.at(-1)).toMatch(
      /^B \/ A [+-]\d+\.\d %, B - A [+-]?\d+ ± \d+ an instance, B better on \d of 3, A on \d$/,
    );
  });

  it.each([
    [['--b', join(tmp, 'missing.json')], /missing\.json/],
    [['--b', otherFile, '--time', '1', '--nodes', '5'], /--nodes/],
    [['--b', otherFile, '--nodes', 'many'], /--nodes/],
  ])('should refuse %j with one line and exit 2', (args, message) => {
    const run = runCli(['columns', 'compare', '--dataset', dataset, ...args]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('should name the line of a malformed dataset', () => {
    const bad = join(tmp, 'bad.txt');
    writeFileSync(bad, '8 13\n2\nabc\nab\n');
    const run = runCli(['columns', 'compare', '--dataset', bad, '--b', otherFile, '--nodes', NODES]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/bad\.txt.*line 4/);
  });
});
