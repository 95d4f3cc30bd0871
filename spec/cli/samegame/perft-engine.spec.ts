// `samegame perft --engine` against the example perft engine and its planted bugs: each bug shows
// only at depth 3 of a standard board (or of a board made for it), is found in at most 3
// questions, and the position and moves the report names are genuine: replayed from the report's
// question, the buggy engine lists what the report says and the correct one does not.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli-in-process.js';
import { PYTHON } from '../../support/python.js';
import { REPO_DIR } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const ENGINE = join(REPO_DIR, 'docs/conformance/samegame_perft.py');
const tmp = scratchDirectory('tilefall-perft-engine-');

/** Standard board 1 of the dataset, alone in a file. */
const STANDARD = join(tmp, 'standard1.txt');
writeFileSync(
  STANDARD,
  `${
    readFileSync(join(REPO_DIR, 'datasets/samegame/standard20.txt'), 'utf8')
      .trim()
      .split(/\n\s*\n/)[0]
  }\n`,
);

/**
 * 4 x 2: columns 4 | 0 1 | 0 1 | 4 (bottom to top). Either of its two moves, then the other,
 * empties the middle columns together at the second move, and the 4s meet for a third.
 */
const GAP = join(tmp, 'gap.txt');
writeFileSync(GAP, '-1 1 1 -1\n4 0 0 4\n');
const GAP_SHAPE = ['--width', '4', '--height', '2'];

const perftArgs = (board: string, depth: number, engine: string, shape: string[] = []) => [
  'samegame',
  'perft',
  '--board',
  board,
  ...shape,
  '--depth',
  String(depth),
  '--engine',
  engine,
];

interface Report {
  agree: boolean;
  questions: number;
  levels: { depth: number; engineTotal: number; total: number }[];
  parting: {
    depth: number;
    moves: { x: number; y: number }[];
    rows: string[];
    missed: { move: { x: number; y: number } }[];
    invented: { x: number; y: number }[];
    split: { move: { x: number; y: number }; lines: { x: number; y: number }[] }[];
  };
  input: string;
}

/** The `x y` of each line of an engine's answer to `input`. */
const answerCells = (input: string, ...args: string[]): string[] =>
  execFileSync(PYTHON, [ENGINE, ...args], { input, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('total'))
    .map((line) => line.split(' ').slice(0, 2).join(' '));

const cellText = (c: { x: number; y: number }) => `${c.x} ${c.y}`;

describe('samegame perft --engine', () => {
  it('should agree with the correct example engine at depth 3 of a standard board, in one question', async () => {
    const run = await runInProcess(perftArgs(STANDARD, 3, `${PYTHON} ${ENGINE}`));
    expect(run).toMatchObject({ status: 0, stderr: '' });
    // The total of the perft table in docs/conformance.md, board 1, depth 3.
    expect(run.stdout).toBe(
      "the engine agrees with tilefall's perft at depth 3: every first move's count, total 78226\n",
    );
  });

  it('should find each planted bug that shows only at depth 3, and name a genuine position and moves', async () => {
    const cases = [
      { bug: 'split-large', board: STANDARD, shape: [] as string[] },
      { bug: 'misses-after-two', board: STANDARD, shape: [] },
      { bug: 'invents-after-two', board: STANDARD, shape: [] },
      { bug: 'compact-once', board: GAP, shape: GAP_SHAPE },
    ];
    for (const { bug, board, shape } of cases) {
      const engine = `${PYTHON} ${ENGINE} --bug ${bug}`;
      // One after the other: both capture this process's output.
      const shallow = await runInProcess(perftArgs(board, 2, engine, shape));
      const deep = await runInProcess([...perftArgs(board, 3, engine, shape), '--json']);
      expect(shallow.status, `${bug} agrees at depth 2`).toBe(0);
      expect(deep.status, bug).toBe(1);
      const report: Report = JSON.parse(deep.stdout);
      // The node budget: one question a depth, the engine's totals no more than the root's count twice.
      expect(report.questions, bug).toBeLessThanOrEqual(3);
      const root = report.levels[0];
      expect(root.engineTotal, bug).not.toBe(root.total);
      expect(report.levels.reduce((s, l) => s + l.engineTotal, 0)).toBeLessThanOrEqual(2 * root.engineTotal + 100);
      const { parting, input } = report;
      expect(input.split('\n')[0], bug).toBe(`perft ${parting.depth}`);
      const buggy = answerCells(input, '--bug', bug);
      const correct = answerCells(input);
      for (const m of parting.missed) {
        expect(buggy, bug).not.toContain(cellText(m.move));
        expect(correct, bug).toContain(cellText(m.move));
      }
      for (const m of parting.invented) {
        expect(buggy, bug).toContain(cellText(m));
        expect(correct, bug).not.toContain(cellText(m));
      }
      for (const m of parting.split)
        expect(buggy.filter((c) => m.lines.some((l) => cellText(l) === c))).toHaveLength(2);
      const found = { missed: parting.missed.length, invented: parting.invented.length, split: parting.split.length };
      const kind = { 'split-large': 'split', 'misses-after-two': 'missed', 'invents-after-two': 'invented' }[bug];
      expect(found[(kind ?? 'missed') as keyof typeof found], bug).toBeGreaterThan(0);
      expect(parting.moves.length + parting.depth, bug).toBe(3);
    }
  }, 120_000);

  it('should print what the guide shows for the compact-once bug, line for line', async () => {
    const guide = readFileSync(join(REPO_DIR, 'docs/conformance.md'), 'utf8');
    const section = guide.slice(guide.indexOf('### Asking your perft engine'));
    const shown = /```text\n([\s\S]*?)```/.exec(section)![1];
    const run = await runInProcess(perftArgs(GAP, 3, `${PYTHON} ${ENGINE} --bug compact-once`, GAP_SHAPE));
    expect(run.stdout).toBe(shown);
    expect(run.status).toBe(1);
  });

  it('should refuse an engine that cannot start, and --divide beside --engine, with one line and exit code 2', async () => {
    const missing = await runInProcess(perftArgs(GAP, 2, 'no-such-perft-engine', GAP_SHAPE));
    expect(missing).toMatchObject({ status: 2, stdout: '' });
    expect(missing.stderr).toBe(
      'tilefall: option --engine: cannot start "no-such-perft-engine": no such program (not found, or not on the PATH)\n',
    );
    const divide = await runInProcess([...perftArgs(GAP, 2, `${PYTHON} ${ENGINE}`, GAP_SHAPE), '--divide']);
    expect(divide.status).toBe(2);
    expect(divide.stderr.trim().split('\n')).toHaveLength(1);
    expect(divide.stderr).toContain('--divide');
  });

  it('should report an answer that is not one, with the question it was sent', async () => {
    const run = await runInProcess([...perftArgs(GAP, 2, `${PYTHON} -c "print('hello')"`, GAP_SHAPE), '--json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      agree: false,
      noAnswer: { kind: 'unreadable' },
      input: 'perft 2\n4 2\n-1 1 1 -1\n4 0 0 4\n0\n',
    });
    expect(report.noAnswer.message).toContain('"hello"');
  });

  it('should show what the engine printed and its stderr with their control characters escaped', async () => {
    // An answer that would set the terminal's title, clear its screen and start a C1 sequence.
    const script = join(tmp, 'hostile_perft.py');
    writeFileSync(
      script,
      [
        'import sys, time',
        "sys.stderr.write('err \\x1b]0;T\\x07\\n')",
        'sys.stderr.flush()',
        'time.sleep(0.3)',
        "print('\\x1b]0;T\\x07 12 \\x1b[2J \\x9b', flush=True)",
        'time.sleep(0.3)',
        '',
      ].join('\n'),
    );
    const hostile = `${PYTHON} ${script}`;
    const run = await runInProcess(perftArgs(GAP, 2, hostile, GAP_SHAPE));
    expect(run.status).toBe(1);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(run.stdout).toContain('"\\u001b]0;T\\u0007 12 \\u001b[2J \\u009b"');
    expect(run.stdout).toContain('  err \\u001b]0;T\\u0007');
  });
});
