// Every classic bug planted in the example SameGame engine is found by the default run, and
// shrinks to a genuine counterexample of at most 25 cells and 4 moves (docs/conformance.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../../support/cli.js';
import { conformWithBugs } from '../../support/planted-bugs.js';
import { PYTHON } from '../../support/python.js';
import { REPO_DIR } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const ENGINE = join(REPO_DIR, 'docs/conformance/samegame_engine.py');
const BUGS = ['no-compaction', 'compact-once', 'eight-way', 'no-clear-bonus', 'score-n-squared', 'gravity-one-step'];
const tmp = scratchDirectory('tilefall-conform-samegame-');

/** What an engine prints for the game in `file`, as `CMD < FILE` runs it. */
const replay = (file: string, ...args: string[]) =>
  execFileSync(PYTHON, [ENGINE, ...args], { input: readFileSync(file), encoding: 'utf8' });

describe('samegame conform against the example engine', () => {
  it('should print what the guide shows for the compact-once bug, line for line', async () => {
    const guide = readFileSync(join(REPO_DIR, 'docs/conformance.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Reading a counterexample'));
    const command = /```sh\n(.*)\n```/.exec(section)![1];
    const shown = /```text\n([\s\S]*?)```/.exec(section)![1];
    expect(command).toBe(
      'npx tilefall samegame conform --engine "python3 docs/conformance/samegame_engine.py --bug compact-once"',
    );
    const run = await runCliAsync(['samegame', 'conform', '--engine', `${PYTHON} ${ENGINE} --bug compact-once`]);
    expect(run.stdout).toBe(shown);
    expect(run.status).toBe(1);
  });

  it('should pass the correct engine on the default run, in one line, reaching every corner', async () => {
    const run = await runCliAsync(['samegame', 'conform', '--engine', `${PYTHON} ${ENGINE}`]);
    expect(run.stderr).toBe('');
    // The line the guide shows, to the count.
    const guide = readFileSync(join(REPO_DIR, 'docs/conformance.md'), 'utf8');
    const [verdict, coverage] = /^ {3}(all 200 games agree with the rules: .*)\n {3}(corners reached: .*)$/m
      .exec(guide)!
      .slice(1);
    expect(run.stdout).toBe(`${verdict}\n${coverage}\n`);
    expect(run.status).toBe(0);
  });

  it('should find every planted bug with a small counterexample that the engines really disagree on', async () => {
    const results = await conformWithBugs('samegame', ENGINE, BUGS, tmp);
    for (const { bug, status, report, out } of results) {
      expect(status, bug).toBe(1);
      const input = readFileSync(out, 'utf8');
      expect(input, bug).toBe(report.game.input);
      const [width, height] = input.split('\n')[0].split(' ').map(Number);
      const moves = Number(input.split('\n')[1 + height]);
      expect(width * height, `${bug}: ${report.game.summary}`).toBeLessThanOrEqual(25);
      expect(moves, `${bug}: ${report.game.summary}`).toBeLessThanOrEqual(4);
      // Genuine: replayed from the file, the buggy engine prints what the report says it received,
      // and the correct engine prints something else there.
      const { step, line, received } = report.disagreement;
      const buggy = replay(out, '--bug', bug).trimEnd().split('\n');
      const correct = replay(out).trimEnd().split('\n');
      const at = (step - 1) * (height + 1) + line - 1;
      expect(buggy[at], bug).toBe(received[line - 1]);
      expect(correct[at], bug).not.toBe(buggy[at]);
    }
  }, 240_000);
});
