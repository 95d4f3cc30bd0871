// How a real `tilefall worker` stops on a real Redis: on SIGTERM or SIGINT it exits 0 at once
// without a job, finishes the job under way and reports it, or is forced once --grace-ms has
// passed; and it does all this with its Redis gone as well as with it up. A Redis outage is one
// line and its end another; a job it cannot run fails with one line and the worker goes on. The
// waits below are timeouts that fail a test, never measurements.
import type { ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { programFromCommand } from '../../lib/cli/bot-tune.js';
import { redisConnection } from '../../lib/node/redis-queue.js';
import { parseBoard } from '../../lib/samegame/engine/text.js';
import { SOLVE_QUEUE_NAME, type SolveJob, solveJobId, solveJobs } from '../../lib/samegame/node/solve-queue.js';
import { DEFAULT_WEIGHTS } from '../../lib/samegame/search/weights.js';
import { QUEUE_NAME } from '../../tuner/queue.js';
import { runCli } from '../support/cli.js';
import { handMadeBotJob } from '../support/hand-made-job.js';
import { RedisServer, redisForSpec, standIn } from '../support/redis.js';
import { readRepoFile, repoPath } from '../support/repo.js';
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
async function startWorker(name: string, extra: readonly string[] = [], url = redis.url): Promise<WorkerUnderTest> {
  let text = '';
  const child = await startWorkerProcess({
    url,
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

/** Runs `use` on the solve queue (of the spec's Redis, unless told another queue or Redis) through a connection of its own. */
async function onSolveQueue<T>(
  use: (queue: Queue) => Promise<T>,
  url = redis.url,
  name = SOLVE_QUEUE_NAME,
): Promise<T> {
  const connection = await redisConnection(url);
  const queue = new Queue(name, { connection });
  try {
    return await use(queue);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** One part of a solve of the demo board that searches for `timeMs`, as a coordinator sends it. */
function demoPart(timeMs: number): SolveJob {
  const board = parseBoard(readRepoFile('datasets/samegame/demo-board.txt'));
  if (!board.ok) throw new Error(board.error.message);
  const version = JSON.parse(readRepoFile('package.json')).version;
  return solveJobs(board.value, { parts: 1, seed: 3, budget: { timeMs }, version })[0];
}

/** Puts job `data` on the solve queue (or queue `name`) under `id`; resolves to its id. */
function addJob(data: unknown, id: string, name = SOLVE_QUEUE_NAME): Promise<string> {
  return onSolveQueue(
    async (queue) => {
      await queue.add('job', data, { jobId: id, attempts: 1, removeOnComplete: false, removeOnFail: false });
      return id;
    },
    redis.url,
    name,
  );
}

/** Puts on the queue one part of a solve of the demo board that searches for `timeMs`; resolves to its id. */
function addPart(timeMs: number): Promise<string> {
  const job = demoPart(timeMs);
  return addJob(job, solveJobId(job));
}

/** Resolves to the outcome of job `id` (of the solve queue, or queue `name`) once it has one: its state and its failure's reason or value. */
async function outcome(
  id: string,
  name = SOLVE_QUEUE_NAME,
): Promise<{ state: string; reason?: string; value?: unknown }> {
  return onSolveQueue(
    async (queue) => {
      for (;;) {
        const state = await queue.getJobState(id);
        const job = await queue.getJob(id);
        if (state === 'failed') return { state, reason: job?.failedReason };
        if (state === 'completed') return { state, value: job?.returnvalue };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    redis.url,
    name,
  );
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

describe('tilefall worker given jobs it cannot run', () => {
  it.each([
    [
      'no budget',
      (job: SolveJob) => ({ ...job, budget: undefined }),
      'field budget: must be an object naming timeMs or nodes (or both), found nothing',
    ],
    [
      'a budget of 9e15 nodes',
      (job: SolveJob) => ({ ...job, budget: { nodes: 9e15 } }),
      'field budget.nodes: must be a whole number from 1 to 1000000000000, found 9000000000000000',
    ],
    ['a weight missing', (job: SolveJob) => ({ ...job, weights: { singletons: 1 } }), 'field weights.'],
  ])(
    'should fail a job with %s in one line naming the field, and go on to the next',
    async (_, spoil, reason) => {
      const worker = await startWorker(`strict-${reason.length}`);
      const bad = await addJob(spoil(demoPart(100)), `bad-${reason.length}`);
      const refused = await outcome(bad);
      expect(refused.state).toBe('failed');
      expect(refused.reason).toContain(`not a tilefall solve job: ${reason}`);
      expect(refused.reason).not.toContain('\n');
      const good = await addPart(100);
      expect((await outcome(good)).state).toBe('completed');
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
    },
    60_000,
  );
});

describe('tilefall worker given tuning jobs it cannot play', () => {
  const board = readRepoFile('datasets/samegame/demo-board.txt');
  const job = (fields: Record<string, unknown>) => ({
    format: 'tilefall-evaluation',
    version: JSON.parse(readRepoFile('package.json')).version,
    game: 'samegame',
    run: 'spec-unplayable',
    weights: { ...DEFAULT_WEIGHTS },
    nodes: 10,
    items: [{ instance: board, seed: 1 }],
    ...fields,
  });
  it.each([
    [
      'an instance the game cannot read',
      job({
        items: [
          { instance: board, seed: 1 },
          { instance: 'not a board', seed: 2 },
        ],
      }),
      'field items.1.instance: line 1: ',
    ],
    [
      'two boards in one instance',
      job({ items: [{ instance: `${board}\n${board}`, seed: 1 }] }),
      'field items.0.instance: ',
    ],
    [
      'a weight past what the search takes',
      job({ weights: { ...DEFAULT_WEIGHTS, rolloutFactor: 5000 } }),
      'field weights.rolloutFactor: weight "rolloutFactor" must be from 0 to 1000, found 5000',
    ],
  ])(
    'should refuse a job with %s in one line naming the field, before playing it',
    async (_, data, reason) => {
      const worker = await startWorker(`unplayable-${reason.length}`);
      const refused = await outcome(await addJob(data, `unplayable-${reason.length}`, QUEUE_NAME), QUEUE_NAME);
      expect(refused.state).toBe('failed');
      expect(refused.reason).toContain(`not a tilefall evaluation job: ${reason}`);
      expect(refused.reason).not.toContain('\n');
      const good = await addJob(job({}), `playable-${reason.length}`, QUEUE_NAME);
      expect((await outcome(good, QUEUE_NAME)).state).toBe('completed');
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
    },
    60_000,
  );
});

describe('tilefall worker through a Redis outage', () => {
  it('should say one line when its Redis goes away and one when it is back, never a stack trace or the password', async () => {
    const PASSWORD = 'Ou-7tage-secret';
    const guarded = await RedisServer.start({ password: PASSWORD });
    const where = `redis://:***@127.0.0.1:${guarded.port}`;
    try {
      const worker = await startWorker('weathered', [], guarded.url);
      await guarded.stop();
      await expect.poll(() => worker.log(), { timeout: 30_000 }).toContain('lost Redis');
      // Refused again and again while it is down: ioredis tries many times in these seconds.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await guarded.restart();
      await expect.poll(() => worker.log(), { timeout: 30_000 }).toContain('is back');
      // It works again: a part put on the queue now is done.
      const id = await onSolveQueue((queue) => {
        const job = demoPart(100);
        return queue.add('solve', job, { jobId: solveJobId(job) }).then(() => solveJobId(job));
      }, guarded.url);
      await onSolveQueue(async (queue) => {
        while ((await queue.getJobState(id)) !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
      }, guarded.url);
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
      expect(worker.log().split('\n')).toEqual([
        `tilefall worker weathered: waiting for jobs on ${where}`,
        `tilefall worker weathered: lost Redis at ${where}: reconnecting, the jobs wait`,
        `tilefall worker weathered: Redis at ${where} is back`,
        'tilefall worker weathered: SIGTERM, no job under way, stopping',
        'tilefall worker weathered: stopped after 1 jobs',
        '',
      ]);
    } finally {
      await guarded.stop();
    }
  }, 120_000);
});

describe('tilefall worker refusing a job', () => {
  it('should say on its stderr which job it refused and why, in one line, and go on', async () => {
    const worker = await startWorker('bare');
    const connection = await redisConnection(redis.url);
    const queue = new Queue(QUEUE_NAME, { connection });
    const id = 'spec-refused-bot-job';
    try {
      await queue.add(
        'evaluate',
        handMadeBotJob({
          run: 'spec-refused',
          weights: { a: 1 },
          fingerprint: '0123456789abcdef',
          config: { game: 'samegame' },
        }),
        { jobId: id, attempts: 1, removeOnComplete: false, removeOnFail: false },
      );
      while ((await queue.getJobState(id)) !== 'failed') await new Promise((resolve) => setTimeout(resolve, 50));
      const reason = (await queue.getJob(id))?.failedReason;
      expect(reason).toMatch(/^worker bare was started without --bot "CMD", so it cannot run samegame-bot jobs/);
      await expect
        .poll(() => worker.log(), { timeout: 10_000 })
        .toContain(`tilefall worker bare: refused job ${id}: ${reason}\n`);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
  }, 60_000);
});

describe('tilefall worker given bot jobs whose parameters --params would refuse', () => {
  const command = `node ${repoPath('spec/support/param-bot.mjs')}`;
  const limits = { protocol: 'multi-turn', firstTurnMs: 5000, turnMs: 1000, memoryMb: 512 };
  const a = { name: 'a', min: -5, max: 5, start: 0, integer: false };
  const botJob = (weights: Record<string, number>, parameters: unknown[]) =>
    handMadeBotJob({
      run: 'spec-params',
      weights,
      fingerprint: programFromCommand('bot', command, 'spec-1').fingerprint,
      config: { game: 'samegame', parameters, limits },
    });
  it.each([
    ['a value outside its range', botJob({ a: 99 }, [a]), 'field weights.a: must be from -5 to 5'],
    ['a min above its max', botJob({ a: 0 }, [{ ...a, min: 5, max: -5 }]), 'field config: '],
    ['a parameter named twice', botJob({ a: 0 }, [a, a]), 'field config: '],
  ])(
    'should refuse a job with %s in one line naming the field, and go on',
    async (_, data, reason) => {
      const worker = await startWorker(`params-${reason.length}`, ['--bot', command, '--bot-version', 'spec-1']);
      const refused = await outcome(await addJob(data, `params-${_.length}`, QUEUE_NAME), QUEUE_NAME);
      expect(refused.state).toBe('failed');
      expect(refused.reason).toContain(`not a tilefall evaluation job: ${reason}`);
      const good = await addJob(botJob({ a: 1 }, [a]), `params-good-${_.length}`, QUEUE_NAME);
      expect((await outcome(good, QUEUE_NAME)).state).toBe('completed');
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
    },
    60_000,
  );
});

describe('tilefall worker given a program that cannot start', () => {
  it.each([
    ['bot', 'python3 missing.py', 'cannot start "python3 missing.py": no such script missing.py'],
    ['solver', './no-such-solver', 'cannot start "./no-such-solver": no such program (not found, or not on the PATH)'],
  ])('should refuse --%s at start, as tune --bot does: exit 2, one line', (option, command, why) => {
    // Its Redis is up: without the check it would start, and every game of every job would crash.
    const worker = runCli(['worker', '--queue', redis.url, '--name', 'unstartable', `--${option}`, command], {
      timeoutMs: 20_000,
    });
    expect(worker.status).toBe(2);
    expect(worker.stderr.trimEnd().split('\n')).toEqual([`tilefall: option --${option}: ${why}`]);
  });
});
