// Every command that runs a user's program refuses one that cannot start before any game, in one
// line with exit code 2: a missing script handed to an interpreter and a script whose #! line
// names no interpreter, as a missing program (both judges, both conforms, perft --engine and
// conform --scorer; tune --bot is spec/cli/bot-tune.spec.ts).
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/cli.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-unstartable-');
const orphan = join(tmp, 'orphan-bot');
writeFileSync(orphan, '#!/no/such/interpreter\necho 0 0\n');
chmodSync(orphan, 0o755);
const gone = join(tmp, 'gone.py');

const COMMANDS: [string, string[]][] = [
  ['samegame judge', ['samegame', 'judge', '--board', join(REPO_DIR, 'datasets/samegame/demo-board.txt'), '--bot']],
  ['columns judge', ['columns', 'judge', '--input', join(REPO_DIR, 'datasets/columns/sample.txt'), '--bot']],
  ['samegame conform', ['samegame', 'conform', '--games', '2', '--engine']],
  ['columns conform', ['columns', 'conform', '--games', '2', '--engine']],
  [
    'samegame perft --engine',
    ['samegame', 'perft', '--board', join(REPO_DIR, 'datasets/samegame/demo-board.txt'), '--depth', '1', '--engine'],
  ],
  ['columns conform --scorer', ['columns', 'conform', '--games', '2', '--scorer']],
];

describe.each(COMMANDS)('tilefall %s given a program that cannot start', (_name, args) => {
  const option = args[args.length - 1];
  it.each([
    ['a missing script', `${PYTHON} ${gone}`, `cannot start "${PYTHON} ${gone}": no such script ${gone}`],
    [
      'a script whose interpreter is not there',
      orphan,
      `cannot start "${orphan}": its interpreter /no/such/interpreter (on its #! line) is not found or not executable`,
    ],
  ])('should refuse %s in one line with exit code 2', async (_what, command, reason) => {
    const run = await runCliAsync([...args, command]);
    expect(run.stderr).toBe(`tilefall: option ${option}: ${reason}\n`);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
  });
});
