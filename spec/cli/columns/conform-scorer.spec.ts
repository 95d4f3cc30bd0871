// `columns conform --scorer` against the example scorer: the correct one passes the default run
// with every corner reached; each planted bug is found and shrunk to a one-column case that the
// buggy and the correct scorer, replayed on it, really score differently.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../support/cli-in-process.js';
import { PYTHON } from '../../support/python.js';
import { REPO_DIR } from '../../support/repo.js';

const SCORER = join(REPO_DIR, 'docs/conformance/columns_scorer.py');
const BUGS = ['no-defaults', 'accepts-range', 'ignores-trailing', 'plus-sign'];

/** The scores a scorer prints for the cases of `input`, as `CMD < FILE` runs it. */
const replay = (input: string, ...args: string[]): string =>
  execFileSync(PYTHON, [SCORER, ...args], { input, encoding: 'utf8' }).trim();

describe('columns conform --scorer', () => {
  it('should pass the correct scorer on the default run, every corner reached, in the line the guide shows', async () => {
    const run = await runInProcess(['columns', 'conform', '--scorer', `${PYTHON} ${SCORER}`]);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    const guide = readFileSync(join(REPO_DIR, 'docs/conformance.md'), 'utf8');
    expect(run.stdout).toBe(`${/^(all 200 cases agree with the statement's scoring.*)$/m.exec(guide)![1]}\n`);
    expect(run.stdout).toContain('corners reached: 11 of 11\n');
  });

  it('should find and shrink every planted scorer bug to a genuine one-column case', async () => {
    // One after the other, in this process: two spec processes at once would start two CLIs.
    const runs = [];
    for (const bug of BUGS) {
      runs.push(await runInProcess(['columns', 'conform', '--scorer', `${PYTHON} ${SCORER} --bug ${bug}`, '--json']));
    }
    runs.forEach((run, i) => {
      const bug = BUGS[i];
      expect(run.status, bug).toBe(1);
      const report = JSON.parse(run.stdout);
      const { input, expected, answer, instance } = report.case;
      expect(instance.split('\n')[1], `${bug}: ${report.case.summary}`).toBe('1');
      expect(report.shrinking.shrinks, bug).toBeGreaterThan(0);
      // Genuine: replayed, the buggy scorer prints what the report says, the correct one the statement's score.
      expect(replay(input, '--bug', bug), bug).toBe(String(answer.score));
      expect(replay(input), bug).toBe(String(expected));
      expect(answer.score, bug).not.toBe(expected);
    });
  }, 240_000);

  it('should print what the guide shows for the ignores-trailing bug, line for line', async () => {
    const guide = readFileSync(join(REPO_DIR, 'docs/conformance.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Checking a Columns scorer'));
    const shown = /```text\n(the scorer parts[\s\S]*?)```/.exec(section)![1];
    const run = await runInProcess(['columns', 'conform', '--scorer', `${PYTHON} ${SCORER} --bug ignores-trailing`]);
    expect(run.stdout).toBe(shown);
    expect(run.status).toBe(1);
  }, 120_000);

  it('should report a scorer that prints something other than a score', async () => {
    const run = await runInProcess([
      'columns',
      'conform',
      '--scorer',
      `${PYTHON} -c "print('score: 3')"`,
      '--games',
      '5',
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^the scorer parts from the statement: it printed "score: 3", not a score where the statement scores \d+ /,
    );
  });

  it('should say so when the scorer reads one case and exits, instead of every case until its input ends', async () => {
    // Scores the first case right, then stops: a contest checker's habit.
    const script = join(REPO_DIR, 'spec/support/engines/one_case_scorer.py');
    const run = await runInProcess(['columns', 'conform', '--scorer', `${PYTHON} ${script}`, '--games', '20']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      'the scorer answered 1 case of 20, then exited with code 0: it must read cases until its input ends (seed 1)\n',
    );
  });

  it('should refuse a scorer that cannot start, --engine beside --scorer, and --out, with one line and exit code 2', async () => {
    const missing = await runInProcess(['columns', 'conform', '--scorer', 'no-such-scorer']);
    expect(missing).toMatchObject({
      status: 2,
      stdout: '',
      stderr:
        'tilefall: option --scorer: cannot start "no-such-scorer": no such program (not found, or not on the PATH)\n',
    });
    for (const extra of [
      ['--engine', 'x'],
      ['--out', 'failing.txt'],
    ]) {
      const run = await runInProcess(['columns', 'conform', '--scorer', `${PYTHON} ${SCORER}`, ...extra]);
      expect(run.status, extra[0]).toBe(2);
      expect(run.stderr.trim().split('\n'), extra[0]).toHaveLength(1);
    }
    const neither = await runInProcess(['columns', 'conform']);
    expect(neither.status).toBe(2);
    expect(neither.stderr).toContain('--engine');
  });
});
