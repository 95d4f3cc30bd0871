// Tuning on a real Redis with real `tilefall worker` processes: the output is the local run's,
// byte for byte, through a worker killed mid-job, a coordinator killed mid-run and resumed, and
// Redis stopped and started again; a job that fails stops the run with its reason.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Job, Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tuningGame } from '../../lib/samegame/search/tuning.js';
import { createTaskRunner } from '../../tuner/pool.js';
import {
  createQueueRunner,
  type EvaluationJob,
  programForJob,
  QUEUE_NAME,
  QueueJobError,
  readJob,
  redisConnection,
} from '../../tuner/queue.js';
import { BIN, runCli } from '../support/cli.js';
import { freePort, RedisServer, redisForSpec, standIn } from '../support/redis.js';
import { readRepoFile, repoPath } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';
import { specTuneArgs } from '../support/tune-args.js';
import { startWorkerProcess } from '../support/worker-process.js';

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

/** Everything each started worker has written to stderr so far. */
const workerLogs = new Map<ChildProcess, string>();

/**
 * Starts `tilefall worker` (one thread, a {@link LOCK_MS} lock) on `url` (the spec's Redis by
 * default), with `extra` options (a `--bot`), and waits until it listens.
 */
function startWorker(
  name: string,
  url = redis.url,
  env: NodeJS.ProcessEnv = process.env,
  extra: readonly string[] = [],
): Promise<ChildProcess> {
  const onLog = (worker: ChildProcess, text: string) => workerLogs.set(worker, text);
  return startWorkerProcess({ url, name, lockMs: LOCK_MS, env, extra, started: workers, onLog });
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

redisForSpec(workers, (server) => {
  redis = server;
});

beforeAll(async () => {
  // Standard boards: a job (one genome on three boards at 300,000 nodes) lasts about a second.
  const standard = readRepoFile('datasets/samegame/standard20.txt').split(/\n\s*\n/);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(TRAIN, `${standard.slice(0, 3).join('\n\n')}\n`);
  writeFileSync(VALIDATE, `${standard.slice(3, 5).join('\n\n')}\n`);
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

describe('tune --queue on a Redis with a password, and over TLS', () => {
  // Distinctive, so that finding it in an output cannot be a coincidence.
  const PASSWORD = 'Pw-q7Zr2-tilefall';
  const WRONG = 'Wr0ng-k3Yx-guess';
  let guarded: RedisServer;
  let local: string | undefined;

  /** The local run's output at 20,000 nodes, computed once. */
  const localOutput = (): string => {
    if (local === undefined) {
      const out = join(tmp, 'local-guarded.json');
      expectSuccess(tuneArgs(out, '20000', ['--workers', '0']), 120_000);
      local = readFileSync(out, 'utf8');
    }
    return local;
  };

  beforeAll(async () => {
    guarded = await RedisServer.start({ password: PASSWORD });
  }, 30_000);

  afterAll(async () => {
    await guarded?.stop();
  });

  it('should give the local run output through redis://:PASSWORD@, and show the password nowhere', async () => {
    const reference = localOutput();
    expect(guarded.url).toBe(`redis://:${PASSWORD}@127.0.0.1:${guarded.port}`);
    const worker = await startWorker('guarded', guarded.url);
    const out = join(tmp, 'guarded.json');
    const run = runCli(tuneArgs(out, '20000', ['--queue', guarded.url]), { timeoutMs: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
    const log = workerLogs.get(worker) ?? '';
    expect(log).toContain(`waiting for jobs on redis://:***@127.0.0.1:${guarded.port}`);
    for (const text of [run.stdout, run.stderr, readFileSync(out, 'utf8'), log]) expect(text).not.toContain(PASSWORD);
  }, 300_000);

  it('should take the password from TILEFALL_REDIS_PASSWORD for a URL that names none, and show it nowhere', async () => {
    const reference = localOutput();
    const env = { TILEFALL_REDIS_PASSWORD: PASSWORD };
    const bare = `redis://127.0.0.1:${guarded.port}`;
    // A URL that names a user but no password takes the variable's too.
    const named = `redis://default@127.0.0.1:${guarded.port}`;
    const worker = await startWorker('env-guarded', named, { ...process.env, ...env });
    const out = join(tmp, 'env-guarded.json');
    const run = runCli(tuneArgs(out, '20000', ['--queue', bare]), { timeoutMs: 120_000, env });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    worker.kill('SIGTERM');
    expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
    const log = workerLogs.get(worker) ?? '';
    expect(log).toContain(`waiting for jobs on ${named}\n`);
    for (const text of [run.stdout, run.stderr, readFileSync(out, 'utf8'), log]) expect(text).not.toContain(PASSWORD);
  }, 300_000);

  it("should keep a URL's own password over TILEFALL_REDIS_PASSWORD, and show neither", async () => {
    // The URL's right password wins over a wrong one in the variable: the worker gets in.
    const worker = await startWorker('url-wins', guarded.url, { ...process.env, TILEFALL_REDIS_PASSWORD: WRONG });
    worker.kill('SIGTERM');
    expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
    // And the URL's wrong password wins over the right one in the variable: refused.
    const wrong = `redis://:${WRONG}@127.0.0.1:${guarded.port}`;
    const env = { TILEFALL_REDIS_PASSWORD: PASSWORD };
    for (const run of [
      runCli(tuneArgs(join(tmp, 'url-wins.json'), '1000', ['--queue', wrong]), { env }),
      runCli(['worker', '--queue', wrong], { env }),
    ]) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(`^tilefall: cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${guarded.port}: WRONGPASS `),
      );
      for (const secret of [WRONG, PASSWORD]) expect(run.stderr + run.stdout).not.toContain(secret);
    }
    expect(workerLogs.get(worker) ?? '').not.toContain(WRONG);
  }, 120_000);

  it('should refuse a wrong or a missing password in one line that shows no password, coordinator and worker alike', () => {
    const wrong = `redis://:${WRONG}@127.0.0.1:${guarded.port}`;
    const none = `redis://127.0.0.1:${guarded.port}`;
    for (const [url, shown] of [
      [wrong, `redis://:***@127.0.0.1:${guarded.port}`],
      [none, none],
    ]) {
      for (const run of [
        runCli(tuneArgs(join(tmp, 'refused.json'), '1000', ['--queue', url])),
        runCli(['worker', '--queue', url]),
      ]) {
        expect(run.status).toBe(2);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(run.stderr).toMatch(
          new RegExp(`^tilefall: cannot reach Redis at ${shown.replaceAll('*', '\\*')}: (WRONGPASS|NOAUTH) `),
        );
        expect(run.stderr + run.stdout).not.toContain(WRONG);
        expect(run.stderr + run.stdout).not.toContain(PASSWORD);
      }
    }
    expect(existsSync(join(tmp, 'refused.json'))).toBe(false);
  });

  it('should run over TLS (rediss://) with the server certificate trusted through NODE_EXTRA_CA_CERTS, and refuse it untrusted', async () => {
    const reference = localOutput();
    const secure = await RedisServer.start({ password: PASSWORD, tls: true });
    try {
      expect(secure.url.startsWith('rediss://')).toBe(true);
      const env = { NODE_EXTRA_CA_CERTS: secure.caFile };
      const worker = await startWorker('secure', secure.url, { ...process.env, ...env });
      const out = join(tmp, 'secure.json');
      const run = runCli(tuneArgs(out, '20000', ['--queue', secure.url]), { timeoutMs: 120_000, env });
      expect(run.status, run.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(reference);
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
      for (const text of [run.stdout, run.stderr, readFileSync(out, 'utf8'), workerLogs.get(worker) ?? ''])
        expect(text).not.toContain(PASSWORD);
      // Without the certificate trusted, the connection is refused, and said why.
      const untrusted = runCli(['worker', '--queue', secure.url]);
      expect(untrusted.status).toBe(2);
      expect(untrusted.stderr.trim()).toBe(
        `tilefall: cannot reach Redis at rediss://:***@127.0.0.1:${secure.port}: self-signed certificate`,
      );
    } finally {
      await secure.stop();
    }
  }, 300_000);
});

describe('programForJob', () => {
  const job: EvaluationJob = {
    format: 'tilefall-evaluation',
    version: '1.2.3',
    game: 'samegame-bot',
    run: 'r',
    weights: { a: 1 },
    nodes: 1,
    items: [{ instance: 'x', seed: 1 }],
    config: { game: 'samegame' },
    fingerprint: 'f00d',
  };
  const program = { command: './bot', argv: ['./bot'], fingerprint: 'f00d' };
  const botGame = { module: 'm', runsProgram: true, programOption: '--bot "CMD"', program };

  it("should run a program game's job with the worker's own program when the fingerprints match", () => {
    expect(programForJob(job, botGame, 'w1')).toEqual({ ok: true, value: program });
  });

  it('should need no program for a game that runs none', () => {
    expect(programForJob({ ...job, game: 'samegame' }, { module: 'm' }, 'w1')).toEqual({ ok: true, value: undefined });
  });

  it('should refuse a job made for another fingerprint, a worker given no program, and a job without a fingerprint', () => {
    expect(programForJob({ ...job, fingerprint: 'beef' }, botGame, 'w1')).toEqual({
      ok: false,
      error:
        'worker w1 runs a program of fingerprint f00d but the job was made for beef: start every worker with the coordinator\'s --bot "CMD" and version, and the same program file',
    });
    const { program: _none, ...withoutProgram } = botGame;
    const refused = programForJob(job, withoutProgram, 'w1');
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error).toMatch(/^worker w1 was started without --bot "CMD", so it cannot run samegame-bot jobs/);
    const { fingerprint: _f, ...unsigned } = job;
    expect(programForJob(unsigned, botGame, 'w1').ok).toBe(false);
  });
});

describe('tune --bot --queue', () => {
  const BOT = `node ${repoPath('spec/support/param-bot.mjs')}`;
  // The bot crashes for a > 3, where the start sits: failed games go through the queue too.
  const COMMAND = `${BOT} --crash-if a>3`;
  const PARAMS = repoPath('spec/support/param-bot-params.json');
  const botArgs = (out: string, extra: string[] = [], command = COMMAND) => [
    ...['samegame', 'tune', '--bot', command, '--params', PARAMS, '--train', TRAIN, '--validate', VALIDATE],
    ...['--population', '4', '--generations', '2', '--seed', '3', '--final-candidates', '2', '--final-repeats', '1'],
    // Limits far above what the bot needs: only its crashes fail, whatever the machine's load.
    ...['--first-turn-ms', '30000', '--turn-ms', '10000', '--out', out, ...extra],
  ];
  const botWorker = (name: string, ...extra: string[]) =>
    startWorker(name, redis.url, process.env, ['--bot', COMMAND, ...extra]);
  /** Stops every worker started so far: one without --bot would take this describe's jobs and refuse them. */
  const stopWorkers = () =>
    Promise.all(
      workers
        .filter((w) => w.exitCode === null && w.signalCode === null)
        .map((w) => {
          const exited = new Promise((resolve) => w.once('exit', resolve));
          w.kill('SIGKILL');
          return exited;
        }),
    );
  beforeEach(stopWorkers);
  let local: string | undefined;
  /** The local bot run's output, computed once. */
  const botReference = (): string => {
    if (local === undefined) {
      const out = join(tmp, 'bot-local.json');
      expectSuccess(botArgs(out, ['--workers', '0']), 300_000);
      local = readFileSync(out, 'utf8');
    }
    return local;
  };

  it('should write exactly the local run output through two workers given --bot, which serve the built-in games too', async () => {
    const reference = botReference();
    expect(JSON.parse(reference).report.failures.crash).toBeGreaterThan(0);
    const builtIn = join(tmp, 'bot-builtin-local.json');
    expectSuccess(tuneArgs(builtIn, '20000', ['--workers', '0']), 120_000);
    await botWorker('bot-a');
    await botWorker('bot-b');
    const queued = join(tmp, 'bot-queued.json');
    expectSuccess(botArgs(queued, ['--queue', redis.url]), 300_000);
    expect(readFileSync(queued, 'utf8')).toBe(reference);
    const solver = join(tmp, 'bot-builtin-queued.json');
    expectSuccess(tuneArgs(solver, '20000', ['--queue', redis.url]), 120_000);
    expect(readFileSync(solver, 'utf8')).toBe(readFileSync(builtIn, 'utf8'));
  }, 600_000);

  it('should retry on another worker the bot job of a worker killed mid-job, with the same output', async () => {
    const reference = botReference();
    const victim = await botWorker('bot-victim');
    const out = join(tmp, 'bot-killed-worker.json');
    const run = coordinator(botArgs(out, ['--queue', redis.url]));
    await until(async () => (await activeJobs()) > 0);
    victim.kill('SIGKILL');
    await botWorker('bot-rescuer');
    expect(await run.done).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    expect((await jobStarts()).some((starts) => starts === 2)).toBe(true);
  }, 600_000);

  it('should finish a killed coordinator bot run with --resume, identically, without playing a finished job again', async () => {
    const reference = botReference();
    await botWorker('bot-steady');
    const checkpoint = join(tmp, 'bot-run.ckpt');
    const out = join(tmp, 'bot-resumed.json');
    const first = coordinator(botArgs(out, ['--queue', redis.url, '--checkpoint', checkpoint]));
    await until(() => existsSync(checkpoint));
    const afterFirst = await completed();
    await until(async () => (await completed()) > afterFirst);
    first.child.kill('SIGKILL');
    await first.done;
    expect(existsSync(out)).toBe(false);
    expectSuccess(botArgs(out, ['--queue', redis.url, '--checkpoint', checkpoint, '--resume']), 300_000);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    expect((await jobStarts()).every((starts) => starts === 1)).toBe(true);
  }, 600_000);

  it('should ride out Redis stopped and started again in the middle of a bot run, with the same output', async () => {
    const reference = botReference();
    const worker = await botWorker('bot-patient');
    const out = join(tmp, 'bot-restarted.json');
    const run = coordinator(botArgs(out, ['--queue', redis.url]));
    await until(async () => (await completed()) >= 2);
    await redis.stop();
    const down = performance.now();
    const stopped = await standIn(redis.port);
    const reconnecting = () => [worker.pid, run.child.pid].every((pid) => pid !== undefined && stopped.reached(pid));
    await until(() => performance.now() - down > LOCK_MS && reconnecting());
    await stopped.close();
    await redis.restart();
    expect(await run.done).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 600_000);

  it('should refuse an unreachable Redis with one line, coordinator and bot worker alike', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const tune = runCli(botArgs(join(tmp, 'bot-never.json'), ['--queue', url]));
    expect(tune.status).toBe(2);
    expect(tune.stderr.trim()).toMatch(new RegExp(`^tilefall: cannot reach Redis at ${url}: [^\\n]*$`));
    const worker = runCli(['worker', '--queue', url, '--bot', COMMAND]);
    expect(worker.status).toBe(2);
    expect(worker.stderr.trim()).toMatch(new RegExp(`^tilefall: cannot reach Redis at ${url}: [^\\n]*$`));
  });

  it('should stop the run with the reason when a worker runs another bot version, or was given no --bot', async () => {
    await botWorker('bot-other', '--bot-version', '1');
    const stale = runCli(botArgs(join(tmp, 'bot-stale.json'), ['--queue', redis.url, '--bot-version', '2']), {
      timeoutMs: 120_000,
    });
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(
      /^tilefall: a worker failed job .* \(samegame-bot, 3 evaluations\): worker bot-other runs a program of fingerprint [0-9a-f]{16} but the job was made for [0-9a-f]{16}: /,
    );
    expect(existsSync(join(tmp, 'bot-stale.json'))).toBe(false);
    await stopWorkers();
    await redis.command('FLUSHALL');
    await startWorker('solver-only');
    const bare = runCli(botArgs(join(tmp, 'bot-bare.json'), ['--queue', redis.url]), { timeoutMs: 120_000 });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toMatch(
      /worker solver-only was started without --bot "CMD", so it cannot run samegame-bot jobs/,
    );
  }, 300_000);

  it("should run a job with the worker's own command, whatever program a job in Redis claims", async () => {
    const log = join(tmp, 'bot-own.jsonl');
    const marker = join(tmp, 'pwned');
    const command = `${BOT} --log ${log}`;
    const worker = await startWorker('bot-own', redis.url, process.env, ['--bot', command]);
    const fingerprint = /fingerprint ([0-9a-f]{16})/.exec(workerLogs.get(worker) ?? '')?.[1];
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const intruder = [process.execPath, '-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`];
    const params = JSON.parse(readFileSync(PARAMS, 'utf8'));
    const parameters = Object.entries(params).map(([name, p]) => ({ integer: false, ...(p as object), name }));
    const connection = await redisConnection(redis.url);
    const queue = new Queue(QUEUE_NAME, { connection });
    try {
      await queue.add(
        'evaluate',
        {
          format: 'tilefall-evaluation',
          version: JSON.parse(readRepoFile('package.json')).version,
          game: 'samegame-bot',
          run: 'spec-intruder',
          weights: { a: 0, b: 1, c: 0 },
          nodes: 1,
          items: [{ instance: readRepoFile('datasets/samegame/demo-board.txt'), seed: 9 }],
          fingerprint,
          config: {
            game: 'samegame',
            parameters,
            limits: { protocol: 'multi-turn', firstTurnMs: 30000, turnMs: 10000, memoryMb: 768 },
            argv: intruder,
            command: intruder.join(' '),
          },
          argv: intruder,
          program: { argv: intruder, command: intruder.join(' '), fingerprint },
        },
        { jobId: 'spec-intruder' },
      );
      await until(async () => (await queue.getJobState('spec-intruder')) === 'completed');
      const job = await Job.fromId(queue, 'spec-intruder');
      expect(job?.returnvalue.scores[0].score).toBeGreaterThan(0);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
  }, 120_000);
});
