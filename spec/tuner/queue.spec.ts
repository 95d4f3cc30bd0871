// Tuning on a real Redis with real `tilefall worker` processes: the output is the local run's,
// byte for byte, through a worker killed mid-job, a coordinator killed mid-run and resumed, and
// Redis stopped and started again; a job that fails stops the run with its reason.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tuningGame } from '../../lib/samegame/search/tuning.js';
import { createTaskRunner } from '../../tuner/pool.js';
import { createQueueRunner, QUEUE_NAME, QueueJobError, readJob, redisConnection } from '../../tuner/queue.js';
import { runCli } from '../support/cli.js';
import { freePort, RedisServer, standIn } from '../support/redis.js';
import { readRepoFile } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';
import { specTuneArgs } from '../support/tune-args.js';

const BIN = fileURLToPath(new URL('../../bin/tilefall.mjs', import.meta.url));
const tmp = scratchDirectory('tilefall-queue-');
// A job (one genome on three standard boards) at this budget lasts about half a second: long
// enough to kill a worker or the coordinator in the middle of a run.
const SLOW_NODES = '150000';
const TRAIN = join(tmp, 'train.txt');
const VALIDATE = join(tmp, 'validate.txt');
let redis: RedisServer;
const workers: ChildProcess[] = [];

/** How long a worker's job stays locked without a renewal (`--lock-ms`). */
const LOCK_MS = 1500;

/** Starts `tilefall worker` (one thread, a {@link LOCK_MS} lock) and waits until it listens. */
async function startWorker(name: string): Promise<ChildProcess> {
  const worker = spawn(
    process.execPath,
    [BIN, 'worker', '--queue', redis.url, '--concurrency', '1', '--lock-ms', String(LOCK_MS), '--name', name],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  workers.push(worker);
  await new Promise<void>((resolve, reject) => {
    let text = '';
    worker.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('waiting for jobs')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${text}`)));
  });
  return worker;
}

const tuneArgs = (out: string, nodes: string, extra: string[] = []) =>
  specTuneArgs(
    { train: TRAIN, validate: VALIDATE, out, population: 4, generations: 2, nodes },
    '--seed',
    '3',
    ...extra,
  );

/** Runs the CLI and expects exit code 0, showing its stderr when not. */
function expectSuccess(args: string[], timeoutMs: number): void {
  const run = runCli(args, { timeoutMs });
  expect(run.status, run.stderr).toBe(0);
}

/** The local run's output at the fault tests' budget, computed once. */
let slowReference: string | undefined;
function localReference(): string {
  if (slowReference === undefined) {
    const out = join(tmp, 'local-slow.json');
    expectSuccess(tuneArgs(out, SLOW_NODES, ['--workers', '0']), 300_000);
    slowReference = readFileSync(out, 'utf8');
  }
  return slowReference;
}

/** The coordinator as a child process; resolves with its exit code. */
function coordinator(args: string[]): { child: ChildProcess; done: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' });
  return { child, done: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** The jobs in the queue and how often each was started. */
async function jobStarts(): Promise<number[]> {
  const connection = await redisConnection(redis.url);
  const queue = new Queue(QUEUE_NAME, { connection });
  try {
    const jobs = await queue.getJobs(['completed', 'active', 'wait', 'failed']);
    return jobs.map((job) => job.attemptsStarted);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Jobs a worker holds now. */
async function activeJobs(): Promise<number> {
  const connection = await redisConnection(redis.url);
  const queue = new Queue(QUEUE_NAME, { connection });
  try {
    return await queue.getActiveCount();
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Waits until `check` holds, polling. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const completed = async (): Promise<number> => {
  const connection = await redisConnection(redis.url);
  const queue = new Queue(QUEUE_NAME, { connection });
  try {
    return await queue.getCompletedCount();
  } finally {
    await queue.close();
    connection.disconnect();
  }
};

beforeAll(async () => {
  redis = await RedisServer.start();
  // Standard boards: a job (one genome on three boards at 300,000 nodes) lasts about a second.
  const standard = readRepoFile('datasets/samegame/standard20.txt').split(/\n\s*\n/);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(TRAIN, `${standard.slice(0, 3).join('\n\n')}\n`);
  writeFileSync(VALIDATE, `${standard.slice(3, 5).join('\n\n')}\n`);
}, 30_000);

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await redis?.stop();
});

beforeEach(async () => {
  await redis.command('FLUSHALL');
});

describe('readJob', () => {
  const worker = { name: 'w1', version: '1.2.3' };
  const job = {
    format: 'tilefall-evaluation',
    version: '1.2.3',
    game: 'samegame',
    run: 'r',
    weights: { a: 1 },
    nodes: 1000,
    items: [
      { instance: 'x', seed: 1 },
      { instance: 'y', seed: 2 },
    ],
  };

  it('should read a well-formed job of its own version as it is', () => {
    expect(readJob(job, worker)).toEqual({ ok: true, value: job });
  });

  it('should refuse a job of another version for its version, whatever else is wrong with it', () => {
    const read = readJob({ version: '0.9.0', items: 'not a list' }, worker);
    expect(read).toEqual({
      ok: false,
      error: 'worker w1 runs tilefall 1.2.3 but the job was made by 0.9.0: run the same version on every machine',
    });
  });

  it.each([
    ['nodes', { ...job, nodes: -5 }],
    ['items.1.seed', { ...job, items: [job.items[0], { instance: 'y', seed: 1.5 }] }],
    ['format', { ...job, format: 'something else' }],
    ['(the job itself)', 'a string'],
  ])('should name the bad field %s of a job of its own version', (field, data) => {
    const read = readJob(data, worker);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.startsWith(`not a tilefall evaluation job: field ${field}: `)).toBe(true);
  });
});

describe('tune --queue', () => {
  it('should write exactly the local run output with two workers, and reuse finished jobs when run again', async () => {
    const local = join(tmp, 'local.json');
    expectSuccess(tuneArgs(local, '20000', ['--workers', '0']), 120_000);
    const a = await startWorker('a');
    const b = await startWorker('b');
    const queued = join(tmp, 'queued.json');
    expectSuccess(tuneArgs(queued, '20000', ['--queue', redis.url]), 120_000);
    expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
    // The same run again: every job is already finished in Redis, none is computed again.
    const again = join(tmp, 'again.json');
    expectSuccess(tuneArgs(again, '20000', ['--queue', redis.url]), 120_000);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(local, 'utf8'));
    expect((await jobStarts()).every((starts) => starts === 1)).toBe(true);
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    const codes = await Promise.all([a, b].map((w) => new Promise((resolve) => w.once('exit', resolve))));
    expect(codes).toEqual([0, 0]);
  }, 300_000);

  it('should retry on another worker the job of a worker killed mid-job, with the same output', async () => {
    const reference = localReference();
    const victim = await startWorker('victim');
    const run = coordinator(tuneArgs(join(tmp, 'killed-worker.json'), SLOW_NODES, ['--queue', redis.url]));
    // Kill the only worker while it holds a job, then bring another.
    await until(async () => (await activeJobs()) > 0);
    victim.kill('SIGKILL');
    await startWorker('rescuer');
    expect(await run.done).toBe(0);
    expect(readFileSync(join(tmp, 'killed-worker.json'), 'utf8')).toBe(reference);
    expect((await jobStarts()).some((starts) => starts === 2)).toBe(true);
  }, 300_000);

  it('should finish a killed coordinator run with --resume, identically, without computing a finished job again', async () => {
    const reference = localReference();
    await startWorker('steady');
    const checkpoint = join(tmp, 'run.ckpt');
    const out = join(tmp, 'resumed.json');
    const first = coordinator(tuneArgs(out, SLOW_NODES, ['--queue', redis.url, '--checkpoint', checkpoint]));
    // Kill it after the first generation's checkpoint, once a job of the second has finished.
    await until(() => existsSync(checkpoint));
    const afterFirst = await completed();
    await until(async () => (await completed()) > afterFirst);
    first.child.kill('SIGKILL');
    await first.done;
    expect(existsSync(out)).toBe(false);
    const resumed = runCli(tuneArgs(out, SLOW_NODES, ['--queue', redis.url, '--checkpoint', checkpoint, '--resume']), {
      timeoutMs: 300_000,
    });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    expect((await jobStarts()).every((starts) => starts === 1)).toBe(true);
  }, 300_000);

  it('should ride out Redis stopped and started again mid-run, with the same output', async () => {
    const reference = localReference();
    const worker = await startWorker('patient');
    const out = join(tmp, 'restarted.json');
    const run = coordinator(tuneArgs(out, SLOW_NODES, ['--queue', redis.url]));
    await until(async () => (await completed()) >= 2);
    await redis.stop();
    // Redis stays down until the worker and the coordinator have both noticed and are trying to
    // reconnect (to a stand-in that holds the port and answers nothing), and for longer than the
    // worker's lock, so that the lock on the job it computes lapses meanwhile; then it comes back.
    const down = performance.now();
    const stopped = await standIn(redis.port);
    const reconnecting = () => [worker.pid, run.child.pid].every((pid) => pid !== undefined && stopped.reached(pid));
    await until(() => performance.now() - down > LOCK_MS && reconnecting());
    console.info(`Redis down ${Math.round(performance.now() - down)} ms, until both clients were reconnecting`);
    await stopped.close();
    await redis.restart();
    expect(await run.done).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 300_000);

  it('should refuse an unreachable Redis with one line naming it, coordinator and worker alike', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const tune = runCli(tuneArgs(join(tmp, 'never.json'), '1000', ['--queue', url]));
    expect(tune.status).toBe(2);
    expect(tune.stderr.trim().split('\n')).toHaveLength(1);
    expect(tune.stderr).toContain(`cannot reach Redis at ${url}`);
    const worker = runCli(['worker', '--queue', url]);
    expect(worker.status).toBe(2);
    expect(worker.stderr.trim()).toMatch(new RegExp(`^tilefall: cannot reach Redis at ${url}: `));
  });

  it('should read every result of jobs finishing while it polls without pause', async () => {
    // Polling with no pause makes a job finish between two reads of the coordinator as often as
    // it can happen: reading the job before its state once returned a job without its result.
    await startWorker('quick');
    const version = JSON.parse(readRepoFile('package.json')).version;
    const runner = await createQueueRunner(redis.url, 'samegame', version, 0);
    const board = readRepoFile('datasets/samegame/demo-board.txt');
    const tasks = Array.from({ length: 40 }, (_, seed) => ({
      module: tuningGame.module,
      weights: { ...tuningGame.defaults, rolloutFactor: 1 + (seed % 7) },
      nodes: 200,
      seed,
      run: 'spec-busy-poll',
      instance: board,
    }));
    const scores = await runner.run(tasks);
    await runner.close();
    const local = createTaskRunner(0);
    expect(scores).toEqual(await local.run(tasks));
  }, 120_000);

  it('should stop a run whose job fails on a worker, naming the reason, and refuse a job of another version', async () => {
    await startWorker('strict');
    const task = { module: tuningGame.module, weights: tuningGame.defaults, nodes: 100, seed: 1, run: 'spec-failing' };
    const broken = await createQueueRunner(redis.url, 'samegame', JSON.parse(readRepoFile('package.json')).version);
    await expect(broken.run([{ ...task, instance: 'not a board' }])).rejects.toThrow(QueueJobError);
    await expect(broken.run([{ ...task, instance: 'not a board', seed: 2 }])).rejects.toThrow(/tuning instance: /);
    await broken.close();
    const stranger = await createQueueRunner(redis.url, 'samegame', '0.0.1-elsewhere');
    const board = readRepoFile('datasets/samegame/demo-board.txt');
    await expect(stranger.run([{ ...task, instance: board }])).rejects.toThrow(
      /made by 0\.0\.1-elsewhere: run the same version on every machine/,
    );
    await stranger.close();
  }, 120_000);
});
