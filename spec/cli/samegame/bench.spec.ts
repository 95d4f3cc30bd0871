import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-bench-');
const numbers = (line: string) => line.trim().split(/\s+/).slice(1).map(Number);

describe('tilefall samegame bench', () => {
  it('should print totals that add up the boards, with the records, and plot the curve beside the anchors', () => {
    const plot = join(tmp, 'curve.svg');
    const run = runCli(['samegame', 'bench', '--times', '0.05,0.1', '--boards', '3', '--plot', plot]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const rows = lines.filter((l) => /^\s+\d+\s/.test(l)).map(numbers);
    expect(rows).toHaveLength(3);
    const total = numbers(lines.find((l) => l.trim().startsWith('total')) ?? '');
    expect(total).toEqual([0, 1, 2].map((k) => rows.reduce((s, r) => s + r[k], 0)));
    // The records of the standard boards 1 to 3 (datasets/samegame/standard20-records.json).
    expect(rows.map((r) => r[2])).toEqual([3413, 4023, 4019]);
    const gain = /^0\.05 s -> 0\.1 s: ([+-]\d+\.\d) ± (\d+\.\d) a board \(paired, standard error\)$/.exec(
      lines.at(-1) ?? '',
    );
    expect(gain).not.toBeNull();
    const differences = rows.map((r) => r[1] - r[0]);
    const mean = differences.reduce((a, b) => a + b, 0) / 3;
    const sd = Math.sqrt(differences.reduce((a, d) => a + (d - mean) ** 2, 0) / 2);
    expect(Number(gain?.[1])).toBeCloseTo(mean, 1);
    expect(Number(gain?.[2])).toBeCloseTo(sd / Math.sqrt(3), 1);
    const svg = readFileSync(plot, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    for (const label of ['tilefall (1 thread a board)', 'open-source C++ NRPA', 'best-known scores']) {
      expect(svg).toContain(label);
    }
  }, 60_000);

  it('should chart scores per board beside the baselines', () => {
    const plot = join(tmp, 'boards.svg');
    const run = runCli([
      'samegame',
      'bench',
      '--time',
      '0.05',
      '--boards',
      '2',
      '--speed-seconds',
      '0.01',
      '--plot',
      plot,
    ]);
    expect(run.status).toBe(0);
    const svg = readFileSync(plot, 'utf8');
    for (const series of ['tilefall', 'greedy', 'best random playout', 'best known']) expect(svg).toContain(series);
  }, 60_000);

  it('should take boards A..B numbered as in the whole dataset, with their own records', () => {
    const run = runCli(['samegame', 'bench', '--times', '0.05', '--boards', '2..3']);
    expect(run.status).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .filter((l) => /^\s+\d+\s/.test(l))
      .map((l) => l.trim().split(/\s+/).map(Number));
    // Board numbers first, records last (datasets/samegame/standard20-records.json: boards 2 and 3).
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      [2, 4023],
      [3, 4019],
    ]);
  }, 60_000);

  it('should report each solve on stderr as it ends, with the score the table prints', () => {
    const run = runCli(['samegame', 'bench', '--times', '0.05,0.1', '--boards', '2..3', '--jobs', '2']);
    expect(run.status).toBe(0);
    const reports = run.stderr
      .trim()
      .split('\n')
      .map((l) => /^bench: board (\d+) at ([\d.]+) s: (\d+) in \d+ moves \((\d) of 2 done\)$/.exec(l));
    expect(reports.every((m) => m !== null)).toBe(true);
    // Each budget's two boards in the order they ended, counted 1 and 2; the table's scores.
    expect(reports.map((m) => m?.[4])).toEqual(['1', '2', '1', '2']);
    const table = run.stdout
      .trim()
      .split('\n')
      .filter((l) => /^\s+\d+\s/.test(l))
      .map((l) => l.trim().split(/\s+/).map(Number));
    const budgets = ['0.05', '0.1'];
    for (const m of reports) {
      const row = table.find((r) => r[0] === Number(m?.[1]));
      expect(Number(m?.[3])).toBe(row?.[1 + budgets.indexOf(m?.[2] ?? '')]);
    }
  }, 60_000);

  it('should refuse a range of boards past the dataset with one line', () => {
    const run = runCli(['samegame', 'bench', '--times', '0.05', '--boards', '21..22']);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('tilefall: option --boards: boards 21..22: the dataset has 20 boards');
  });

  it('should refuse a bad list of budgets with one line', () => {
    const run = runCli(['samegame', 'bench', '--times', '1,x']);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(/^tilefall: option --times: "x": expected a positive number/);
  });
});
