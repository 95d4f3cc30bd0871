import { describe, expect, it } from 'vitest';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { runSolveTask, timeUntilMs } from '../../../lib/samegame/node/solve-task.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { readRepoFile } from '../../support/repo.js';

const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!boards.ok) throw new Error(boards.error.message);

describe('runSolveTask', () => {
  it('should solve exactly as solve does under a node budget', () => {
    const board = boards.value[4];
    expect(runSolveTask({ board, seed: 9, nodes: 15_000 })).toEqual(
      solve(board, { budget: { nodes: 15_000 }, seed: 9 }),
    );
  });

  it('should still answer a legal game when its deadline has already passed', () => {
    const answer = runSolveTask({ board: boards.value[5], seed: 1, deadline: performance.timeOrigin });
    expect(answer.ok && answer.value.moves.length).toBeGreaterThan(0);
  });
});

describe('timeUntilMs', () => {
  it('should count down to an absolute deadline on the clock every thread shares', () => {
    // Bracketed by readings of that clock, however long the machine pauses between them.
    const epochNow = () => performance.timeOrigin + performance.now();
    const deadline = epochNow() + 1000;
    const before = epochNow();
    const left = timeUntilMs(deadline);
    const after = epochNow();
    expect(left).toBeLessThanOrEqual(deadline - before);
    expect(left).toBeGreaterThanOrEqual(deadline - after);
  });
});
