// How a real `tilefall worker` stops on a real Redis: on SIGTERM or SIGINT it exits 0 at once
// without a job, finishes the job under way and reports it, or is forced once --grace-ms has
// passed; and it does all this with its Redis gone as well as with it up. The waits below are
// timeouts that fail a test, never measurements.
import type { ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { redisConnection } from '../../lib/node/redis-queue.js';
import { parseBoard } from '../../lib/samegame/engine/text.js';
import { SOLVE_QUEUE_NAME, solveJobId, solveJobs } from '../../lib/samegame/node/solve-queue.js';
import { type RedisServer, redisForSpec, standIn } from '../support/redis.js';
import { readRepoFile } from '../support/repo.js';
import { startWorkerProcess } from '../support/worker-process.js';

let redis: RedisServer;
const workers: ChildProcess[] = [];

redisForSpec(workers, (server) => {
  redis = server;
});

/** A worker under test: its process, what it has written to stderr so far, and its exit code. */
interface WorkerUnderTest {
  readonly child: ChildProcess;
  log(): string;
  readonly exit: Promise<number | null>;
}

/** Starts `tilefall worker` (one part at a time, a short lock) with `extra` options, once it listens. */
async function startWorker(name: string, extra: readonly string[] = []): Promise<WorkerUnderTest> {
  let text = '';
  const child = await startWorkerProcess({
    url: redis.url,
    name,
    lockMs: 1500,
    extra,
    started: workers,
    onLog: (_, log) => {
      text = log;
    },
  });
  const exit = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return { child, log: () => text, exit };
}

/** Runs `use` on the solve queue through a connection of its own. */
async function onSolveQueue<T>(use: (queue: Queue) => Promise<T>): Promise<T> {
  const connection = await redisConnection(redis.url);
  const queue = new Queue(SOLVE_QUEUE_NAME, { connection });
  try {
    return await use(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Puts on the queue one part of a solve of the demo board that searches for `timeMs`; resolves to its id. */
function addPart(timeMs: number): Promise<string> {
  const board = parseBoard(readRepoFile('datasets/samegame/demo-board.txt'));
  if (!board.ok) throw new Error(board.error.message);
  const version = JSON.parse(readRepoFile('package.json')).version;
  const [job] = solveJobs(board.value, { parts: 1, seed: 3, budget: { timeMs }, version });
  const id = solveJobId(job);
  return onSolveQueue(async (queue) => {
    await queue.add('solve', job, { jobId: id, attempts: 1, removeOnComplete: false, removeOnFail: false });
    return id;
  });
}

/** Resolves once part `id` is being worked on. */
async function started(id: string): Promise<void> {
  await onSolveQueue(async (queue) => {
    while ((await queue.getJobState(id)) !== 'active') await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/**
 * Stops the spec's Redis and holds its port until the worker has noticed and is trying to
 * reconnect; then, when `refuse`, frees the port so that its connections are refused. Resolves to
 * what brings Redis back.
 */
async function takeRedisAway(worker: WorkerUnderTest, refuse: boolean): Promise<() => Promise<void>> {
  await redis.stop();
  const holder = await standIn(redis.port);
  const pid = worker.child.pid ?? -1;
  while (!holder.reached(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
  if (refuse) await holder.close();
  return async () => {
    if (!refuse) await holder.close();
    await redis.restart();
  };
}

describe('tilefall worker on SIGTERM or SIGINT', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'should exit 0 at once on %s when it has no job',
    async (signal) => {
      const worker = await startWorker(`idle-${signal}`);
      worker.child.kill(signal);
      expect(await worker.exit).toBe(0);
      expect(worker.log()).toContain(`tilefall worker idle-${signal}: ${signal}, no job under way, stopping\n`);
      expect(worker.log().endsWith(`tilefall worker idle-${signal}: stopped after 0 jobs\n`)).toBe(true);
    },
    60_000,
  );

  it.each([
    ['refuses its connections', true],
    ['takes its connections and answers nothing', false],
  ])(
    'should exit 0 on SIGTERM when its Redis has gone away and %s',
    async (_, refuse) => {
      const worker = await startWorker('stranded');
      const bringBack = await takeRedisAway(worker, refuse);
      try {
        worker.child.kill('SIGTERM');
        expect(await worker.exit).toBe(0);
        expect(worker.log()).toContain('tilefall worker stranded: SIGTERM, no job under way, stopping\n');
        expect(worker.log().endsWith('tilefall worker stranded: stopped after 0 jobs\n')).toBe(true);
      } finally {
        await bringBack();
      }
    },
    60_000,
  );

  it('should finish the job under way, report it to Redis, then exit 0', async () => {
    const worker = await startWorker('diligent', ['--grace-ms', '600000']);
    const id = await addPart(3000);
    await started(id);
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    expect(worker.log()).toContain(
      'tilefall worker diligent: SIGTERM, finishing the current job (for at most 600000 ms, --grace-ms)\n',
    );
    expect(worker.log().endsWith('tilefall worker diligent: stopped after 1 jobs\n')).toBe(true);
    const part = await onSolveQueue(async (queue) => ({
      state: await queue.getJobState(id),
      result: (await queue.getJob(id))?.returnvalue,
    }));
    expect(part.state).toBe('completed');
    expect(part.result).toMatchObject({ worker: 'diligent', score: expect.any(Number) });
  }, 120_000);

  it('should stop a job that outlasts --grace-ms, leave it unreported, and exit 0 saying so', async () => {
    const worker = await startWorker('hasty', ['--grace-ms', '500']);
    const id = await addPart(600_000);
    await started(id);
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    expect(
      worker
        .log()
        .endsWith(
          'tilefall worker hasty: stopped after 0 jobs, forced after --grace-ms 500: 1 unfinished job goes back to the queue when its lock runs out\n',
        ),
    ).toBe(true);
    // Left as it was taken: active under a lock no one renews, for the stalled check to give back.
    expect(await onSolveQueue((queue) => queue.getJobState(id))).toBe('active');
  }, 120_000);

  it('should be forced after --grace-ms when its Redis goes away in the middle of a job', async () => {
    const worker = await startWorker('cut-off', ['--grace-ms', '3000']);
    const id = await addPart(1000);
    await started(id);
    const bringBack = await takeRedisAway(worker, false);
    try {
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
      expect(worker.log()).toContain('tilefall worker cut-off: SIGTERM, finishing the current job');
      expect(worker.log()).toMatch(/stopped after 0 jobs, forced after --grace-ms 3000: 1 unfinished job goes back/);
    } finally {
      await bringBack();
    }
  }, 120_000);

  it('should exit 0 at once on a second signal, in the middle of a job', async () => {
    const worker = await startWorker('impatient', ['--grace-ms', '600000']);
    const id = await addPart(600_000);
    await started(id);
    worker.child.kill('SIGTERM');
    await expect.poll(() => worker.log(), { timeout: 30_000 }).toContain('finishing the current job');
    worker.child.kill('SIGINT');
    expect(await worker.exit).toBe(0);
    expect(
      worker
        .log()
        .endsWith(
          'tilefall worker impatient: SIGINT again, stopping now; a job under way goes back to the queue when its lock runs out\n',
        ),
    ).toBe(true);
  }, 120_000);
});
