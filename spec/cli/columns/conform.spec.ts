// Every classic bug planted in the example Columns engine is found by the default run, and
// shrinks to a genuine counterexample of at most 12 columns (docs/conformance.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../../support/cli.js';
import { conformWithBugs } from '../../support/planted-bugs.js';
import { PYTHON } from '../../support/python.js';
import { REPO_DIR } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const ENGINE = join(REPO_DIR, 'docs/conformance/columns_engine.py');
const BUGS = [
  'one-diagonal',
  'run-once',
  'flat-combo',
  'combo-carries',
  'magic-no-game-over',
  'game-over-early',
  'shift-backwards',
];
const tmp = scratchDirectory('tilefall-conform-columns-');

/** What an engine prints for the game in `file`, as `CMD < FILE` runs it, a line each. */
const replay = (file: string, ...args: string[]) =>
  execFileSync(PYTHON, [ENGINE, ...args], { input: readFileSync(file), encoding: 'utf8' })
    .trimEnd()
    .split('\n');

/** The line index where step `step` starts in an answer: a step is `over`, or its points and `height` rows. */
function stepStart(lines: readonly string[], step: number, height: number): number {
  let at = 0;
  for (let s = 1; s < step; s++) at += lines[at] === 'over' ? 1 : 1 + height;
  return at;
}

describe('columns conform against the example engine', () => {
  it('should pass the correct engine on the default run, in one line, reaching every corner', async () => {
    const run = await runCliAsync(['columns', 'conform', '--engine', `${PYTHON} ${ENGINE}`]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^all 200 games agree with the rules: [\d,]+ placements checked \(seed 1\)\ncorners reached: 18 of 18\n$/,
    );
    expect(run.status).toBe(0);
  });

  it('should find every planted bug with a counterexample of at most 12 columns that the engines really disagree on', async () => {
    const results = await conformWithBugs('columns', ENGINE, BUGS, tmp);
    for (const { bug, status, report, out } of results) {
      expect(status, bug).toBe(1);
      const input = readFileSync(out, 'utf8');
      expect(input, bug).toBe(report.game.input);
      const [size, count] = input.split('\n');
      const height = Number(size.split(' ')[1]);
      expect(Number(count), `${bug}: ${report.game.summary}`).toBeLessThanOrEqual(12);
      const { step, line, received } = report.disagreement;
      const buggy = replay(out, '--bug', bug);
      const correct = replay(out);
      const at = stepStart(buggy, step, height) + line - 1;
      expect(buggy[at], bug).toBe(received[line - 1]);
      expect(correct.slice(0, at + 1), bug).not.toEqual(buggy.slice(0, at + 1));
    }
  }, 300_000);
});
