// Programs run as the contest judge runs them: a fresh process per instance, the input on stdin,
// the output scored, killed at the time limit.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgePlacements } from '../../../lib/columns/engine/referee.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { runCli } from '../../support/cli.js';
import { leftBehind, sleepMarker } from '../../support/processes.js';
import { readRepoFile, repoPath } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const tmp = scratchDirectory('tilefall-cjudge-');
const SAMPLE = 'datasets/columns/sample.txt';

function program(name: string, body: string): string {
  const file = join(tmp, `${name}.mjs`);
  writeFileSync(file, `import { readFileSync } from 'node:fs';\nconst input = readFileSync(0, 'utf8');\n${body}\n`);
  return `node ${file}`;
}

interface InstanceJson {
  score: number;
  end: string;
  seconds: number;
  exitCode: number | null;
  peakMemoryMb: number | null;
  error?: { line: number; code: string };
}

function judge(
  solver: string,
  timeMs = 3000,
  extra: readonly string[] = [],
): { status: number | null; report: InstanceJson } {
  const run = runCli([
    'columns',
    'judge',
    '--bot',
    solver,
    '--input',
    SAMPLE,
    '--time-ms',
    String(timeMs),
    '--json',
    ...extra,
  ]);
  return { status: run.status, report: (JSON.parse(run.stdout) as { instances: InstanceJson[] }).instances[0] };
}

describe('tilefall columns judge', () => {
  it("should score a program's output as verify does, timing it from its start", () => {
    const sample = parseInstance(readRepoFile(SAMPLE));
    if (!sample.ok) throw new Error(sample.error.message);
    // "0": every column at the default placement.
    const { status, report } = judge(program('zero', "void input; console.log('0');"));
    expect(status).toBe(0);
    expect(report).toMatchObject({ end: 'scored', score: judgePlacements(sample.value, []).score, exitCode: 0 });
    expect(report.seconds).toBeGreaterThan(0);
  });

  it('should score an invalid output 0 with the reason and its line', () => {
    const { status, report } = judge(program('bad', "void input; console.log('1\\n9 0');"));
    expect(status).toBe(1);
    expect(report).toMatchObject({ end: 'invalid', score: 0, error: { line: 2, code: 'out-of-range' } });
  });

  it('should kill a program at the time limit and one that fails, each with its verdict', () => {
    const slow = judge(program('slow', 'void input; setTimeout(() => {}, 60000);'), 500);
    expect(slow.status).toBe(1);
    expect(slow.report).toMatchObject({ end: 'timeout', score: 0 });
    const crash = judge(program('crash', 'void input; process.exit(5);'));
    expect(crash.report).toMatchObject({ end: 'crash', score: 0, exitCode: 5 });
  });

  it("should kill a program whose memory goes over --memory-mb, score it 0, and report a normal one's peak", () => {
    // It never prints, and the time limit is long: only the memory limit can end it this way.
    const hog = program(
      'hog',
      'void input; globalThis.kept = Buffer.alloc(300 * 2 ** 20, 1); setInterval(() => {}, 1000);',
    );
    const over = judge(hog, 60_000, ['--memory-mb', '150']);
    expect(over.status).toBe(1);
    expect(over.report).toMatchObject({ end: 'memory', score: 0 });
    expect(over.report.peakMemoryMb).toBeGreaterThan(150);
    // A program that stays a while after its answer is sampled: a node process, far from 1024 MiB.
    const calm = judge(program('calm', "void input; console.log('0'); setTimeout(() => {}, 500);"));
    expect(calm.report).toMatchObject({ end: 'scored' });
    expect(calm.report.peakMemoryMb).toBeGreaterThan(1);
    expect(calm.report.peakMemoryMb).toBeLessThan(1024);
  });

  it('should score what a program printed before it exited, not wait for a process holding its output, and kill it', async () => {
    const sample = parseInstance(readRepoFile(SAMPLE));
    if (!sample.ok) throw new Error(sample.error.message);
    const marker = sleepMarker();
    const hostile = `node ${repoPath('spec/support/hostile-program.mjs')} --answer '0\\n' --leave holding ${marker}`;
    const { status, report } = judge(hostile, 20_000);
    expect(status).toBe(0);
    expect(report).toMatchObject({ end: 'scored', score: judgePlacements(sample.value, []).score, exitCode: 0 });
    expect(await leftBehind(marker)).toEqual([]);
  });

  it("should show a crashed program's last stderr line with its control characters escaped", () => {
    const run = runCli([
      'columns',
      'judge',
      '--bot',
      program('loud', "void input; console.error('\\u001b]0;owned\\u0007x'); process.exit(1);"),
      '--input',
      SAMPLE,
    ]);
    expect(run.stdout).toContain('exit code 1: \\u001b]0;owned\\u0007x');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('should end on a program that cannot start with one line and exit code 2', () => {
    const run = runCli(['columns', 'judge', '--bot', './no-such-solver', '--dataset', 'datasets/columns/bench.txt']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'tilefall: option --bot: cannot start "./no-such-solver": no such program (not found, or not on the PATH)\n',
    );
  });

  it('should still run --solver, its former name, saying on stderr that it is an alias of --bot', () => {
    const run = runCli([
      'columns',
      'judge',
      '--solver',
      program('old', "void input; console.log('0');"),
      '--input',
      SAMPLE,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('tilefall: --solver is an alias of --bot, the name both games use; it still works\n');
    expect(run.stdout).toMatch(/^total \d+ over 1 instances/m);
  });

  it('should refuse --bot and --solver given together, and neither', () => {
    const both = runCli(['columns', 'judge', '--bot', 'true', '--solver', 'true', '--input', SAMPLE]);
    expect(both.status).toBe(2);
    expect(both.stderr).toBe('tilefall: option --solver: is the former name of --bot: give one of them\n');
    const neither = runCli(['columns', 'judge', '--input', SAMPLE]);
    expect(neither.status).toBe(2);
    expect(neither.stderr).toBe('tilefall: option --bot is required\n');
  });
});
