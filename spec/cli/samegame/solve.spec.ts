import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { runCli } from '../../support/cli.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-solve-');
const BOARD = 'datasets/samegame/demo-board.txt';

describe('tilefall samegame solve', () => {
  it('should print the same moves byte for byte for the same seed and node budget, and verify should accept them', () => {
    const a = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '40000', '--seed', '3']);
    const b = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '40000', '--seed', '3']);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const moves = join(tmp, 'moves.txt');
    writeFileSync(moves, a.stdout);
    const verdict = runCli(['samegame', 'verify', '--board', BOARD, '--moves', moves, '--json']);
    expect(verdict.status).toBe(0);
    expect(JSON.parse(verdict.stdout)).toMatchObject({ end: 'terminal', warnings: 0 });
  });

  it('should print the one-turn and JSON formats that verify accepts with the same score', () => {
    const json = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '20000', '--format', 'json']);
    const solved = JSON.parse(json.stdout) as { score: number; moves: string[] };
    const line = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '20000', '--format', 'one-turn']);
    expect(line.stdout.trim()).toBe(solved.moves.join(';'));
    const file = join(tmp, 'line.txt');
    writeFileSync(file, line.stdout);
    const verdict = runCli([
      'samegame',
      'verify',
      '--board',
      BOARD,
      '--moves',
      file,
      '--protocol',
      'one-turn',
      '--json',
    ]);
    expect(JSON.parse(verdict.stdout)).toMatchObject({
      score: solved.score,
      moves: solved.moves.length,
      end: 'terminal',
    });
  });

  it('should use a weights file, plain or from a tune output', () => {
    const plain = join(tmp, 'w.json');
    writeFileSync(plain, JSON.stringify({ ...DEFAULT_WEIGHTS, singletons: -30 }));
    const wrapped = join(tmp, 'tuned.json');
    writeFileSync(wrapped, JSON.stringify({ weights: { ...DEFAULT_WEIGHTS, singletons: -30 }, report: {} }));
    const a = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '20000', '--weights', plain]);
    const b = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '20000', '--weights', wrapped]);
    expect(a.status).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(readFileSync(plain, 'utf8')).toContain('-30');
  });

  it.each([
    [['--nodes', 'abc'], /--nodes: expected an integer/],
    [['--time', '-1'], /--time: expected a positive number/],
    [['--time', '1', '--nodes', '5'], /give --time or --nodes, not both/],
    [['--weights', 'WEIGHTS_BAD_JSON'], /w-bad\.json: is not valid JSON/],
    [['--weights', 'WEIGHTS_UNKNOWN'], /w-unknown\.json: field "bogus": unknown weight/],
  ])('should refuse %j with one line and exit 2', (args, message) => {
    writeFileSync(join(tmp, 'w-bad.json'), '{ nope');
    writeFileSync(join(tmp, 'w-unknown.json'), JSON.stringify({ ...DEFAULT_WEIGHTS, bogus: 2 }));
    const mapped = args.map((a) =>
      a === 'WEIGHTS_BAD_JSON' ? join(tmp, 'w-bad.json') : a === 'WEIGHTS_UNKNOWN' ? join(tmp, 'w-unknown.json') : a,
    );
    const run = runCli(['samegame', 'solve', '--board', BOARD, ...mapped]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
