import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { BIN, runCli } from '../../support/cli.js';
import { runInProcess } from '../../support/cli-in-process.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-solve-');
const BOARD = 'datasets/samegame/demo-board.txt';

const SUMMARY =
  /^solved in \d+\.\d s: score ([\d,]+) in ([\d,]+) moves?, board (cleared \(\+1000\)|not cleared), ([\d,]+) cells? left, ([\d,]+) nodes?\n$/;

/** The numbers of the summary line a solve prints on stderr (it must be the only line there). */
function summary(stderr: string) {
  const match = SUMMARY.exec(stderr);
  if (match === null) throw new Error(`no summary line: ${JSON.stringify(stderr)}`);
  const n = (text: string) => Number(text.replaceAll(',', ''));
  return { score: n(match[1]), moves: n(match[2]), cleared: match[3] !== 'not cleared', cellsLeft: n(match[4]) };
}

/** What `verify --json` says of a moves file, with the cells its final board holds. */
function verified(board: string, moves: string) {
  const run = runCli(['samegame', 'verify', '--board', board, '--moves', moves, '--json']);
  const verdict = JSON.parse(run.stdout) as { score: number; moves: number; cleared: boolean; board: string[] };
  const cellsLeft = verdict.board.flatMap((row) => row.split(' ')).filter((c) => c !== '-1').length;
  return { score: verdict.score, moves: verdict.moves, cleared: verdict.cleared, cellsLeft };
}

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

  it('should tell a person on stderr what the printed moves score, as verify judges them', () => {
    const run = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '40000', '--seed', '5']);
    expect(run.status).toBe(0);
    const moves = join(tmp, 'summarized.txt');
    writeFileSync(moves, run.stdout);
    expect(summary(run.stderr)).toEqual(verified(BOARD, moves));
  });

  it('should say when the board was cleared, and its bonus', () => {
    const board = join(tmp, 'two-by-two.txt');
    writeFileSync(board, '0 0\n1 1\n');
    const shape = ['--width', '2', '--height', '2', '--colors', '2'];
    const run = runCli(['samegame', 'solve', '--board', board, ...shape, '--nodes', '1000']);
    expect(run.status).toBe(0);
    const moves = join(tmp, 'cleared.txt');
    writeFileSync(moves, run.stdout);
    const verify = runCli(['samegame', 'verify', '--board', board, ...shape, '--moves', moves, '--json']);
    expect(JSON.parse(verify.stdout)).toMatchObject({ cleared: true, score: 1000 });
    expect(summary(run.stderr)).toEqual({ score: 1000, moves: 2, cleared: true, cellsLeft: 0 });
  });

  it.each([[['--quiet']], [['--format', 'json']]])('should print no summary with %j', (flags) => {
    const run = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '2000', ...flags]);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toBe('');
    expect(run.stderr).toBe('');
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
  ])('should refuse %j with one line and exit 2', async (args, message) => {
    writeFileSync(join(tmp, 'w-bad.json'), '{ nope');
    writeFileSync(join(tmp, 'w-unknown.json'), JSON.stringify({ ...DEFAULT_WEIGHTS, bogus: 2 }));
    const mapped = args.map((a) =>
      a === 'WEIGHTS_BAD_JSON' ? join(tmp, 'w-bad.json') : a === 'WEIGHTS_UNKNOWN' ? join(tmp, 'w-unknown.json') : a,
    );
    // In the spec's process: bad-input.spec.ts runs a solve refusal as a child process.
    const run = await runInProcess(['samegame', 'solve', '--board', BOARD, ...mapped]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});

describe('tilefall samegame solve --lines', () => {
  it('should keep the best line of a board and start the next solve of it, or of a recoloring, from there', () => {
    const lines = join(tmp, 'lines.jsonl');
    const strong = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '200000', '--lines', lines]);
    expect(strong.status).toBe(0);
    expect(strong.stderr).toMatch(/lines\.jsonl: no line stored for this board, kept [\d,]+\n$/);
    const stored = JSON.parse(readFileSync(lines, 'utf8')) as { score: number; line: string; budget: string };
    expect(stored.line).toBe(strong.stdout.trimEnd().split('\n').join(';'));
    expect(stored.budget).toBe('200000 nodes');
    // The same board with its colors renamed, solved with far less: the stored line or better.
    const rows = readFileSync(BOARD, 'utf8').trimEnd().split('\n');
    const recolored = join(tmp, 'recolored.txt');
    writeFileSync(
      recolored,
      `${rows.map((row) => row.replace(/\d/g, (c) => String((Number(c) + 1) % 5))).join('\n')}\n`,
    );
    const weak = runCli(['samegame', 'solve', '--board', recolored, '--nodes', '2000', '--lines', lines]);
    expect(weak.status).toBe(0);
    expect(weak.stderr).toMatch(/started from a stored line of [\d,]+, nothing better to keep\n$/);
    const alone = runCli(['samegame', 'solve', '--board', recolored, '--nodes', '2000']);
    expect(summary(alone.stderr).score).toBeLessThan(stored.score);
    expect(verified(recolored, writeMoves(weak.stdout)).score).toBeGreaterThanOrEqual(stored.score);
    expect(readFileSync(lines, 'utf8').trimEnd().split('\n')).toHaveLength(1);
  });

  it('should refuse a bad lines file with one line naming it, its line and the field', async () => {
    const lines = join(tmp, 'bad.jsonl');
    writeFileSync(lines, '{"board":"0123456789abcdef","score":"many","line":"","when":"","budget":""}\n');
    const run = await runInProcess(['samegame', 'solve', '--board', BOARD, '--nodes', '2000', '--lines', lines]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^tilefall: .*bad\.jsonl line 1: score: expected a whole number of at least 0\n$/);
  });
});

/** Writes printed moves to a scratch file and returns its path. */
function writeMoves(text: string): string {
  const file = join(tmp, `moves-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, text);
  return file;
}

describe('tilefall samegame solve --checkpoint', () => {
  // Long enough for passes after the first, the one killed after its checkpoint (the library's
  // resume is checked from every checkpoint in solver.spec.ts).
  const args = ['samegame', 'solve', '--board', BOARD, '--nodes', '1000000', '--seed', '5'];

  it('should go on after kill -9 with --resume and print what the uninterrupted solve prints', async () => {
    const whole = runCli(args);
    expect(whole.status).toBe(0);
    const file = join(tmp, 'run.json');
    const child = spawn(process.execPath, [BIN, ...args, '--checkpoint', file], { stdio: 'ignore' });
    const exited = once(child, 'exit');
    // Killed as soon as the first pass has saved the search.
    for (let waited = 0; !existsSync(file) && waited < 60_000; waited += 10) await setTimeout(10);
    child.kill('SIGKILL');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { passes: { done: boolean } };
    expect(saved.passes.done).toBe(false);
    const resumed = runCli([...args, '--checkpoint', file, '--resume']);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe(whole.stdout);
  }, 120_000);

  it('should keep one file a thread, and refuse to resume another solve with one line naming the file', async () => {
    const file = join(tmp, 'threads.json');
    const two = ['samegame', 'solve', '--board', BOARD, '--nodes', '100000', '--threads', '2', '--checkpoint', file];
    expect(runCli(two).status).toBe(0);
    expect([existsSync(`${file}.0`), existsSync(`${file}.1`), existsSync(file)]).toEqual([true, true, false]);
    const again = runCli([...two, '--resume']);
    expect(again.status).toBe(0);
    // The refusals in the spec's process: nothing is solved before them.
    const otherSeed = await runInProcess([...two, '--resume', '--seed', '9']);
    expect(otherSeed.status).toBe(2);
    expect(otherSeed.stderr).toMatch(/^tilefall: .*threads\.json\.0: cannot resume this solve: its seed is 1\n$/);
    const missing = await runInProcess([
      'samegame',
      'solve',
      '--board',
      BOARD,
      '--nodes',
      '1000',
      '--checkpoint',
      join(tmp, 'none.json'),
      '--resume',
    ]);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
    const noFile = await runInProcess(['samegame', 'solve', '--board', BOARD, '--nodes', '1000', '--resume']);
    expect(noFile.status).toBe(2);
    expect(noFile.stderr).toMatch(/--resume goes on from a --checkpoint FILE/);
  });
});
