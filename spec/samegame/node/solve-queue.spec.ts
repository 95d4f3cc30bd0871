// A solve spread over real `tilefall worker` processes on a real Redis: it prints what the same
// searches print on threads, through a worker killed mid-part and with the password of a guarded
// Redis given only in the environment; a bad job is refused by its field.
import { type ChildProcess, spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUDGET_LIMITS, checkBudget } from '../../../lib/core/budget.js';
import { redisConnection } from '../../../lib/node/redis-queue.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { readSolveJob, SOLVE_QUEUE_NAME, solveJobId, solveJobs } from '../../../lib/samegame/node/solve-queue.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { BIN, runCli, runCliAsync } from '../../support/cli.js';
import { spoiled } from '../../support/hostile-values.js';
import { freePort, RedisServer, redisForSpec } from '../../support/redis.js';
import { readRepoFile, repoPath } from '../../support/repo.js';
import { startWorkerProcess } from '../../support/worker-process.js';

const BOARD = repoPath('datasets/samegame/demo-board.txt');
let redis: RedisServer;
const workers: ChildProcess[] = [];

/** Starts `tilefall worker` (one part at a time, a short lock) and waits until it listens. */
const startWorker = (name: string): Promise<ChildProcess> =>
  startWorkerProcess({ url: redis.url, name, lockMs: 1500, started: workers });

/**
 * `samegame solve` of the demo board at `nodes`, seed 3, as JSON, with `extra` options and `env`
 * added to the environment; its stdout (its stderr goes onto `logs`).
 */
function solveJson(nodes: number, extra: string[], env: Record<string, string> = {}, logs: string[] = []): string {
  const run = runCli(
    ['samegame', 'solve', '--board', BOARD, '--nodes', String(nodes), '--seed', '3', '--format', 'json', ...extra],
    { timeoutMs: 240_000, env },
  );
  expect(run.status, run.stderr).toBe(0);
  logs.push(run.stderr);
  return run.stdout;
}

/** Resolves once the solve queue's job counts satisfy `ready`. */
async function queueCounts(ready: (counts: { completed: number; active: number }) => boolean): Promise<void> {
  const connection = await redisConnection(redis.url);
  const queue = new Queue(SOLVE_QUEUE_NAME, { connection });
  try {
    for (;;) {
      const completed = await queue.getCompletedCount();
      const active = await queue.getActiveCount();
      if (ready({ completed, active })) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Resolves once a part is being worked on. */
async function partStarted(): Promise<void> {
  const connection = await redisConnection(redis.url);
  const queue = new Queue(SOLVE_QUEUE_NAME, { connection });
  try {
    while ((await queue.getActiveCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

redisForSpec(workers, (server) => {
  redis = server;
});

describe('readSolveJob', () => {
  const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
  if (!boards.ok) throw new Error(boards.error.message);
  const [job] = solveJobs(boards.value[0], { parts: 1, seed: 5, budget: { nodes: 1000 }, version: '1.2.3' });
  const worker = { name: 'w1', version: '1.2.3' };

  it('should read back the board and settings of a job it made', () => {
    const read = readSolveJob(JSON.parse(JSON.stringify(job)), worker);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.board).toEqual(boards.value[0]);
    expect(read.value.job.seed).toBe(5);
    expect(read.value.job.budget).toEqual({ nodes: 1000 });
  });

  it('should refuse a job of another version, a bad field and a board that does not parse, naming each', () => {
    expect(readSolveJob(job, { name: 'w2', version: '9.9.9' })).toEqual({
      ok: false,
      error: 'worker w2 runs tilefall 9.9.9 but the job was made by 1.2.3: run the same version on every machine',
    });
    const seed = readSolveJob({ ...job, seed: 'x' }, worker);
    expect(seed.ok || seed.error.startsWith('not a tilefall solve job: field seed: ')).toBe(true);
    expect(seed.ok).toBe(false);
    const board = readSolveJob({ ...job, board: job.board.replace('3', '9') }, worker);
    expect(board.ok || board.error.startsWith('not a tilefall solve job: field board: line ')).toBe(true);
    expect(board.ok).toBe(false);
  });

  it('should read back every weight a job carries, and refuse weights that miss one, naming the weight', () => {
    const weights = { ...DEFAULT_WEIGHTS, regions: -7.5 };
    const [weighted] = solveJobs(boards.value[0], {
      parts: 1,
      seed: 5,
      budget: { nodes: 1000 },
      weights,
      version: '1.2.3',
    });
    const read = readSolveJob(JSON.parse(JSON.stringify(weighted)), worker);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.job.weights).toEqual(weights);
    const { regions: _, ...missing } = weights;
    expect(readSolveJob({ ...weighted, weights: missing }, worker)).toEqual({
      ok: false,
      error: 'not a tilefall solve job: field weights.regions: missing weight "regions"',
    });
  });

  it('should refuse a board text too long to be any board before reading it', () => {
    const [part] = solveJobs(boards.value[0], { parts: 1, seed: 5, budget: { nodes: 1000 }, version: '1.2.3' });
    // 40 MB of one row once cost a worker 250 MB to refuse; 500 MB (a Redis value's limit) would sink it.
    expect(readSolveJob({ ...part, board: '9 '.repeat(2e7) }, worker)).toEqual({
      ok: false,
      error: "not a tilefall solve job: field board: expected a board's text of at most 1000000 characters",
    });
  });

  it('should refuse a weight past what the search takes, naming it, as solve --weights does', () => {
    const [weighted] = solveJobs(boards.value[0], {
      parts: 1,
      seed: 5,
      budget: { nodes: 1000 },
      weights: { ...DEFAULT_WEIGHTS, rolloutFactor: 5000 },
      version: '1.2.3',
    });
    expect(readSolveJob(weighted, worker)).toEqual({
      ok: false,
      error:
        'not a tilefall solve job: field weights.rolloutFactor: weight "rolloutFactor" must be from 0 to 1000, found 5000',
    });
  });

  it.each([
    [
      'no budget',
      { budget: undefined },
      'field budget: must be an object naming timeMs or nodes (or both), found nothing',
    ],
    [
      'an empty budget',
      { budget: {} },
      'field budget: must be an object naming timeMs or nodes (or both), found an object',
    ],
    [
      '9e15 nodes',
      { budget: { nodes: 9e15 } },
      `field budget.nodes: must be a whole number from 1 to ${BUDGET_LIMITS.nodes}, found 9000000000000000`,
    ],
    [
      'a negative time',
      { budget: { timeMs: -1 } },
      `field budget.timeMs: must be a number of milliseconds over 0 and at most ${BUDGET_LIMITS.timeMs}, found -1`,
    ],
    ['a width of 10^20', { width: 1e20 }, 'field width: expected a whole number from 1 to 64'],
    [
      'an illegal known line',
      { knownLine: [{ x: 40, y: 0 }] },
      'field knownLine: not a legal line on the board: move 1: ',
    ],
  ])('should refuse a job with %s, naming the field and its bound', (_, change, reason) => {
    const read = readSolveJob({ ...job, ...change }, worker);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.startsWith(`not a tilefall solve job: ${reason}`)).toBe(true);
  });

  it('should run a job with one field made hostile only when it is still sound, and otherwise refuse it in one line', () => {
    const keys = Object.keys(job) as (keyof typeof job)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...keys).chain((key) => spoiled(job, key)),
        (data) => {
          const read = readSolveJob(data, worker);
          if (!read.ok) {
            expect(read.error).toMatch(/^(not a tilefall solve job: field |worker w1 runs tilefall )/);
            expect(read.error).not.toContain('\n');
            return;
          }
          // What the worker runs: a budget the library takes, a board of the job's shape.
          expect(checkBudget(read.value.job.budget).ok).toBe(true);
          expect(read.value.board.width).toBe(read.value.job.width);
          expect(Number.isSafeInteger(read.value.job.seed)).toBe(true);
        },
      ),
    );
  });

  it('should give parts of different seeds different ids, and the same job the same id', () => {
    const [a, b] = solveJobs(boards.value[0], { parts: 2, seed: 5, budget: { nodes: 1000 }, version: '1.2.3' });
    expect(solveJobId(a)).toBe(solveJobId(job));
    expect(solveJobId(b)).not.toBe(solveJobId(a));
  });
});

describe('samegame solve --queue', () => {
  it('should print, with two workers, exactly what the same searches print on two threads', async () => {
    await startWorker('w1');
    await startWorker('w2');
    expect(solveJson(300_000, ['--queue', redis.url, '--parts', '2'])).toBe(solveJson(300_000, ['--threads', '2']));
  }, 300_000);

  it("should show a worker's name with its control characters escaped, since anyone on the queue names one", async () => {
    // The only worker: those of earlier tests would take the part first.
    for (const worker of workers) worker.kill('SIGKILL');
    await startWorker('ev\u001b[2Jil\nname');
    const logs: string[] = [];
    solveJson(2000, ['--queue', redis.url, '--parts', '1'], {}, logs);
    expect(logs[0]).toContain('(worker ev\\u001b[2Jil\\nname)');
    expect(logs[0]).not.toContain('\u001b');
  }, 120_000);

  it('should lose nothing but time when a worker is killed in the middle of a part', async () => {
    const first = await startWorker('doomed');
    const args = ['samegame', 'solve', '--board', BOARD, '--nodes', '3000000', '--seed', '3', '--format', 'json'];
    const coordinator = spawn(process.execPath, [BIN, ...args, '--queue', redis.url, '--parts', '1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    coordinator.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exit = new Promise<number | null>((resolve) => coordinator.once('exit', resolve));
    await partStarted();
    first.kill('SIGKILL');
    await startWorker('heir');
    expect(await exit).toBe(0);
    expect(stdout).toBe(solveJson(3_000_000, []));
  }, 300_000);

  it('should answer a time budget at its deadline from the parts back, naming a part lost with its worker', async () => {
    // The only worker: those of earlier tests go first.
    for (const worker of workers) worker.kill('SIGKILL');
    const lone = await startWorker('lone');
    const solving = runCliAsync(
      [
        'samegame',
        'solve',
        '--board',
        BOARD,
        '--time',
        '1',
        '--seed',
        '3',
        '--format',
        'json',
        '--queue',
        redis.url,
        '--parts',
        '2',
      ],
      { timeoutMs: 120_000 },
    );
    // One part back, the other under way on the only worker: the worker dies with it.
    await queueCounts(({ completed, active }) => completed >= 1 && active >= 1);
    lone.kill('SIGKILL');
    const run = await solving;
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'part 2 of 2 not back by the deadline (a worker lost, or none free): the answer is the best of the others\n',
    );
    const solution = JSON.parse(run.stdout) as { score: number; moves: { x: number; y: number }[] };
    expect(solution.moves.length).toBeGreaterThan(0);
  });

  it('should solve through a Redis with a password given only in TILEFALL_REDIS_PASSWORD, and show it nowhere', async () => {
    const PASSWORD = 'Sv-8kQ3z-tilefall';
    const guarded = await RedisServer.start({ password: PASSWORD });
    try {
      const env = { TILEFALL_REDIS_PASSWORD: PASSWORD };
      const url = `redis://127.0.0.1:${guarded.port}`;
      let log = '';
      const worker = await startWorkerProcess({
        url,
        name: 'env-guarded',
        lockMs: 1500,
        env: { ...process.env, ...env },
        started: workers,
        onLog: (_, text) => {
          log = text;
        },
      });
      const logs: string[] = [];
      const spread = solveJson(50_000, ['--queue', url, '--parts', '1'], env, logs);
      expect(spread).toBe(solveJson(50_000, ['--threads', '1']));
      expect(logs[0]).toContain('(worker env-guarded)');
      worker.kill('SIGTERM');
      expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
      for (const text of [spread, logs[0], log]) expect(text).not.toContain(PASSWORD);
    } finally {
      await guarded.stop();
    }
  }, 300_000);

  it('should ride out a Redis outage with one line when it goes and one when it is back, never a stack trace', async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    const PASSWORD = 'Co-0rd-outage';
    const guarded = await RedisServer.start({ password: PASSWORD });
    const where = `redis://:***@127.0.0.1:${guarded.port}`;
    try {
      const args = ['samegame', 'solve', '--board', BOARD, '--nodes', '50000', '--seed', '3', '--format', 'json'];
      const coordinator = spawn(process.execPath, [BIN, ...args, '--queue', guarded.url, '--parts', '1'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      coordinator.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      coordinator.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exit = new Promise<number | null>((resolve) => coordinator.once('exit', resolve));
      // No worker yet: the part waits in the queue, which goes away under the coordinator's polls.
      await expect
        .poll(async () => Number(await guarded.command('LLEN', 'bull:tilefall-solve:wait')), { timeout: 60_000 })
        .toBe(1);
      await guarded.stop();
      await expect.poll(() => stderr, { timeout: 30_000 }).toContain('lost Redis');
      // Refused again and again meanwhile: ioredis tries many times in these seconds.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await guarded.restart();
      await expect.poll(() => stderr, { timeout: 30_000 }).toContain('is back');
      await startWorkerProcess({ url: guarded.url, name: 'after', lockMs: 1500, started: workers });
      expect(await exit).toBe(0);
      expect(stdout).toBe(solveJson(50_000, []));
      expect(stderr.split('\n')).toEqual([
        `tilefall: lost Redis at ${where}: reconnecting, the jobs wait`,
        `tilefall: Redis at ${where} is back`,
        expect.stringMatching(/^part 1 of 1: [\d,]+ \(worker after\)$/),
        '',
      ]);
    } finally {
      await guarded.stop();
    }
  }, 300_000);

  it('should say in one line that Redis cannot be reached, and exit 2', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const run = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '1000', '--queue', url], {
      timeoutMs: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(new RegExp(`^tilefall: cannot reach Redis at ${url}: [^\\n]*$`));
  });

  it('should refuse --parts without --queue, and --threads with it', () => {
    const parts = runCli(['samegame', 'solve', '--board', BOARD, '--nodes', '1000', '--parts', '2']);
    expect(parts.status).toBe(2);
    expect(parts.stderr).toContain('--parts');
    const threads = runCli(['samegame', 'solve', '--board', BOARD, '--queue', 'redis://x', '--threads', '2']);
    expect(threads.status).toBe(2);
    expect(threads.stderr).toContain('--queue');
  });
});
