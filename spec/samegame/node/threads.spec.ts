import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { createSolverPool, solveInThreads } from '../../../lib/samegame/node/threads.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { readRepoFile } from '../../support/repo.js';
import { scratchDirectory } from '../../support/scratch.js';

const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!boards.ok) throw new Error(boards.error.message);
const [first, second] = boards.value;

describe('solveInThreads', () => {
  it("should carry a failed checkpoint write of any thread, a worker's included, beside the answer", async () => {
    const budget = { nodes: 20_000 };
    const missing = join(scratchDirectory('tilefall-threads-'), 'missing');
    const failedOnWorker = await solveInThreads(first, {
      budget,
      threads: 2,
      checkpoints: [{ file: join(missing, '..', 'ck.0') }, { file: join(missing, 'ck.1') }],
    });
    expect(failedOnWorker.ok && failedOnWorker.value.checkpointFailure).toEqual({
      file: join(missing, 'ck.1'),
      message: 'cannot be written (ENOENT)',
    });
    const alone = await solveInThreads(first, { budget, threads: 1, checkpoints: [{ file: join(missing, 'ck') }] });
    expect(alone.ok && alone.value.checkpointFailure).toMatchObject({ file: join(missing, 'ck') });
    const saved = await solveInThreads(first, {
      budget,
      threads: 1,
      checkpoints: [{ file: join(missing, '..', 'ck') }],
    });
    expect(saved.ok && 'checkpointFailure' in saved.value).toBe(false);
  }, 60_000);

  it('should return the best of independent searches seeded S, S+1, ..., with their total work', async () => {
    const budget = { nodes: 30_000 };
    const threaded = await solveInThreads(second, { budget, seed: 5, threads: 3 });
    if (!threaded.ok) throw new Error(threaded.error.message);
    // The slow way: the same searches one after another in this thread.
    const alone = [5, 6, 7].map((seed) => solve(second, { budget, seed }));
    const scores = alone.map((s) => (s.ok ? s.value.score : Number.NEGATIVE_INFINITY));
    const winner = scores.indexOf(Math.max(...scores));
    expect(threaded.value.thread).toBe(winner);
    expect(threaded.value.score).toBe(scores[winner]);
    expect(threaded.value.moves).toEqual(alone[winner].ok ? alone[winner].value.moves : []);
    expect(threaded.value.nodes).toBe(alone.reduce((n, s) => n + (s.ok ? s.value.nodes : 0), 0));
  }, 60_000);

  it('should hand maxWidth to every thread', async () => {
    const threaded = await solveInThreads(second, { budget: { nodes: 1_200_000 }, seed: 5, threads: 2, maxWidth: 16 });
    if (!threaded.ok) throw new Error(threaded.error.message);
    expect(threaded.value.width).toBeGreaterThan(8);
    expect(threaded.value.width).toBeLessThanOrEqual(16);
  }, 60_000);

  it('should give the same answer for the same seed and node budget, on a shared pool too', async () => {
    const pool = await createSolverPool(2);
    try {
      const a = await solveInThreads(first, { budget: { nodes: 20_000 }, seed: 3, threads: 2, pool });
      const b = await solveInThreads(first, { budget: { nodes: 20_000 }, seed: 3, threads: 2 });
      expect(a).toEqual(b);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
