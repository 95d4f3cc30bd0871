// What the tuning-queue specs share: a real Redis for the spec file, `tilefall worker` processes,
// the coordinator as a child process, the local runs they must equal, and what Redis says of its
// jobs. One call a spec file: `useQueueSpec()` registers the hooks and returns the helpers.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { QUEUE_NAME, redisConnection } from '../../tuner/queue.js';
import { BIN, runCli } from './cli.js';
import { RedisServer, redisForSpec } from './redis.js';
import { readRepoFile, repoPath } from './repo.js';
import { scratchDirectory } from './scratch.js';
import { specTuneArgs } from './tune-args.js';
import { startWorkerProcess } from './worker-process.js';

/** How long a worker's job stays locked without a renewal (`--lock-ms`). */
export const LOCK_MS = 1500;

/**
 * A job (one genome on three standard boards) at this budget lasts about half a second: long
 * enough to kill a worker or the coordinator in the middle of a run.
 */
export const SLOW_NODES = '150000';

/** A SameGame bot of three parameters (`spec/support/param-bot.mjs`). */
export const BOT = `node ${repoPath('spec/support/param-bot.mjs')}`;
/** The bot crashes for a > 3, where the start sits: failed games go through the queue too. */
export const BOT_COMMAND = `${BOT} --crash-if a>3`;
export const BOT_PARAMS = repoPath('spec/support/param-bot-params.json');

/** A Redis password distinctive enough that finding it in an output cannot be a coincidence. */
export const PASSWORD = 'Pw-q7Zr2-tilefall';

/** A Redis that asks for {@link PASSWORD}, started before the describe's tests and stopped after them. */
export function useGuardedRedis(): { readonly server: RedisServer } {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await RedisServer.start({ password: PASSWORD });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (server === undefined) throw new Error('the guarded Redis has not started yet');
      return server;
    },
  };
}

/** Runs the CLI and expects exit code 0, showing its stderr when not. */
export function expectSuccess(args: string[], timeoutMs: number): void {
  const run = runCli(args, { timeoutMs });
  expect(run.status, run.stderr).toBe(0);
}

/** The coordinator as a child process; resolves with its exit code. */
export function coordinator(args: string[]): { child: ChildProcess; done: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' });
  return { child, done: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** Waits until `check` holds, polling. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves with a child's exit code once it has exited. */
export const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** The spec file's Redis, workers, files and runs (see {@link useQueueSpec}). */
export interface QueueSpec {
  readonly tmp: string;
  readonly train: string;
  readonly validate: string;
  /** The spec file's Redis (set before its first test). */
  readonly redis: RedisServer;
  /** Every worker started, stopped after the file. */
  readonly workers: ChildProcess[];
  /** Everything each started worker has written to stderr so far. */
  readonly workerLogs: Map<ChildProcess, string>;
  /** Starts `tilefall worker` (one thread, a {@link LOCK_MS} lock) on `url` (the spec's Redis by default) and waits until it listens. */
  startWorker(name: string, url?: string, env?: NodeJS.ProcessEnv, extra?: readonly string[]): Promise<ChildProcess>;
  /** A small tuning run's arguments: population 4, 2 generations, seed 3, at `nodes`. */
  tuneArgs(out: string, nodes: string, extra?: string[]): string[];
  /** The bot tuning run's arguments (`--bot`), with {@link BOT_COMMAND} unless told another. */
  botArgs(out: string, extra?: string[], command?: string): string[];
  /** A worker given `--bot` {@link BOT_COMMAND}. */
  botWorker(name: string, ...extra: string[]): Promise<ChildProcess>;
  /** Stops every worker started so far. */
  stopWorkers(): Promise<unknown>;
  /** The local run's output of `args` (with `--workers 0` added), computed once per output name. */
  localOutput(name: string, args: (out: string) => string[]): string;
  /** How often each job in the queue was started. */
  jobStarts(): Promise<number[]>;
  /** Jobs a worker holds now. */
  activeJobs(): Promise<number>;
  /** Jobs completed. */
  completed(): Promise<number>;
  /**
   * The keys in Redis that would stay forever: every key without a TTL but BullMQ's own of each
   * queue (its event stream, settings and id counter), which hold no run's job.
   */
  keysWithoutTtl(): Promise<string[]>;
  /** `tilefall queue status` on the spec's Redis: its stdout (exit 0 expected). */
  status(): string;
}

/** The keys BullMQ keeps for a queue as a whole (not for a job), as `bull:QUEUE:NAME`. */
const QUEUE_LEVEL_KEYS = /^bull:tilefall-(tune|solve):(events|meta|id|marker)$/;

/** Registers the spec file's Redis and data files and returns its helpers. */
export function useQueueSpec(prefix: string): QueueSpec {
  const tmp = scratchDirectory(prefix);
  const train = join(tmp, 'train.txt');
  const validate = join(tmp, 'validate.txt');
  const workers: ChildProcess[] = [];
  const workerLogs = new Map<ChildProcess, string>();
  const locals = new Map<string, string>();
  let redis: RedisServer | undefined;
  redisForSpec(workers, (server) => {
    redis = server;
  });
  beforeAll(() => {
    // Standard boards: a job (one genome on three boards) lasts about a second at the slow budget.
    const standard = readRepoFile('datasets/samegame/standard20.txt').split(/\n\s*\n/);
    writeFileSync(train, `${standard.slice(0, 3).join('\n\n')}\n`);
    writeFileSync(validate, `${standard.slice(3, 5).join('\n\n')}\n`);
  });
  const server = (): RedisServer => {
    if (redis === undefined) throw new Error('the spec file has no Redis yet');
    return redis;
  };
  /** Runs `f` on a queue of the spec's Redis and closes it. */
  const onQueue = async <T>(f: (queue: Queue) => Promise<T>): Promise<T> => {
    const connection = await redisConnection(server().url);
    const queue = new Queue(QUEUE_NAME, { connection });
    try {
      return await f(queue);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  };
  const spec: QueueSpec = {
    tmp,
    train,
    validate,
    get redis() {
      return server();
    },
    workers,
    workerLogs,
    startWorker: (name, url = server().url, env = process.env, extra = []) =>
      startWorkerProcess({
        url,
        name,
        lockMs: LOCK_MS,
        env,
        extra,
        started: workers,
        onLog: (worker, text) => workerLogs.set(worker, text),
      }),
    tuneArgs: (out, nodes, extra = []) =>
      specTuneArgs({ train, validate, out, population: 4, generations: 2, nodes }, '--seed', '3', ...extra),
    botArgs: (out, extra = [], command = BOT_COMMAND) => [
      ...['samegame', 'tune', '--bot', command, '--params', BOT_PARAMS, '--train', train, '--validate', validate],
      ...['--population', '4', '--generations', '2', '--seed', '3', '--final-candidates', '2', '--final-repeats', '1'],
      // Limits far above what the bot needs: only its crashes fail, whatever the machine's load.
      ...['--first-turn-ms', '30000', '--turn-ms', '10000', '--out', out, ...extra],
    ],
    botWorker: (name, ...extra) => spec.startWorker(name, server().url, process.env, ['--bot', BOT_COMMAND, ...extra]),
    stopWorkers: () =>
      Promise.all(
        workers
          .filter((w) => w.exitCode === null && w.signalCode === null)
          .map((w) => {
            const done = exited(w);
            w.kill('SIGKILL');
            return done;
          }),
      ),
    localOutput: (name, args) => {
      let output = locals.get(name);
      if (output === undefined) {
        const out = join(tmp, `local-${name}.json`);
        expectSuccess([...args(out), '--workers', '0'], 300_000);
        output = readFileSync(out, 'utf8');
        locals.set(name, output);
      }
      return output;
    },
    jobStarts: () =>
      onQueue(async (queue) =>
        (await queue.getJobs(['completed', 'active', 'wait', 'failed'])).map((job) => job.attemptsStarted),
      ),
    activeJobs: () => onQueue((queue) => queue.getActiveCount()),
    completed: () => onQueue((queue) => queue.getCompletedCount()),
    keysWithoutTtl: async () => {
      const keys = (await server().command('KEYS', '*')) as string[];
      const lasting: string[] = [];
      for (const key of keys)
        if (!QUEUE_LEVEL_KEYS.test(key) && (await server().command('TTL', key)) === -1) lasting.push(key);
      return lasting.sort();
    },
    status: () => {
      const run = runCli(['queue', 'status', '--queue', server().url]);
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    },
  };
  return spec;
}

/** Stops every worker of `spec` before each test: one without `--bot` would take a bot run's jobs and refuse them. */
export function stopWorkersBeforeEach(spec: QueueSpec): void {
  beforeEach(() => spec.stopWorkers());
}
