// `conform` run on an example engine with each of its planted bugs, two at a time (2 cores), for
// the specs that check every bug is found with a small, genuine counterexample.
import { join } from 'node:path';
import { runCliAsync } from './cli.js';
import { PYTHON } from './python.js';

/** One planted bug's run: its exit code, its JSON report, and the file of the game it shrank to. */
export interface BugRun {
  readonly bug: string;
  readonly status: number | null;
  readonly report: {
    game: { input: string; summary: string };
    disagreement: { step: number; line: number; received: string[] };
  };
  readonly out: string;
}

/** `tilefall GAME conform` on `engine --bug B` for each bug, the shrunk games written to `dir`. */
export async function conformWithBugs(
  game: string,
  engine: string,
  bugs: readonly string[],
  dir: string,
): Promise<BugRun[]> {
  const one = async (bug: string): Promise<BugRun> => {
    const out = join(dir, `${bug}.txt`);
    const args = [game, 'conform', '--engine', `${PYTHON} ${engine} --bug ${bug}`, '--json', '--out', out];
    const run = await runCliAsync(args, { timeoutMs: 120_000 });
    return { bug, status: run.status, report: JSON.parse(run.stdout), out };
  };
  const runs: BugRun[] = [];
  for (let i = 0; i < bugs.length; i += 2) runs.push(...(await Promise.all(bugs.slice(i, i + 2).map(one))));
  return runs;
}
