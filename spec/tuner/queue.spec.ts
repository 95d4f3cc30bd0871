// Tuning on a real Redis with real `tilefall worker` processes: the output is the local run's
// byte for byte, a run leaves no job without a TTL, a job that fails stops the run with its
// reason, and a password can come from the environment alone. The runs through faults (a worker
// or the coordinator killed, Redis restarted), the other password and TLS cases and a run's
// identity (reruns, reuse, status and clean) take minutes: queue-faults.long.spec.ts,
// queue-auth.long.spec.ts and queue-runs.long.spec.ts, in `npm run test:long`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tuningGame } from '../../lib/samegame/search/tuning.js';
import { createQueueRunner, QueueJobError } from '../../tuner/queue.js';
import { runCli } from '../support/cli.js';
import { expectSuccess, PASSWORD, useGuardedRedis, useQueueSpec } from '../support/queue-spec.js';
import { freePort } from '../support/redis.js';
import { readRepoFile } from '../support/repo.js';
import { specRunner } from '../support/toy-tune.js';

const q = useQueueSpec('tilefall-queue-');

describe('tune --queue', () => {
  it('should write exactly the local run output with two workers, and leave no job without a TTL when it ends', async () => {
    const local = q.localOutput('fast', (out) => q.tuneArgs(out, '20000'));
    const a = await q.startWorker('a');
    const b = await q.startWorker('b');
    const queued = join(q.tmp, 'queued.json');
    expectSuccess(q.tuneArgs(queued, '20000', ['--queue', q.redis.url]), 120_000);
    expect(readFileSync(queued, 'utf8')).toBe(local);
    expect(await q.keysWithoutTtl()).toEqual([]);
    expect(q.status()).toMatch(/^runs: none$/m);
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    const codes = await Promise.all([a, b].map((w) => new Promise((resolve) => w.once('exit', resolve))));
    expect(codes).toEqual([0, 0]);
  }, 300_000);

  it('should run CMA-ES, racing its generations, on the queue exactly as on this thread', async () => {
    // Eight boards: enough for racing's stages (a raced generation's tasks come in three batches).
    const train = join(q.tmp, 'race-train.txt');
    expectSuccess(['samegame', 'generate', '--count', '8', '--seed', '404', '--out', train], 60_000);
    const args = (out: string, ...extra: string[]) => [
      ...['samegame', 'tune', '--train', train, '--validate', train, '--population', '6', '--generations', '2'],
      ...['--nodes', '300', '--final-candidates', '2', '--final-repeats', '1', '--race', '--optimizer', 'cmaes'],
      ...['--out', out, ...extra],
    ];
    const local = join(q.tmp, 'race-local.json');
    expectSuccess(args(local, '--workers', '0'), 120_000);
    await q.startWorker('racer');
    const queued = join(q.tmp, 'race-queued.json');
    expectSuccess(args(queued, '--queue', q.redis.url), 120_000);
    expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
  }, 300_000);

  it('should refuse an unreachable Redis with one line naming it, coordinator and worker alike', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const tune = runCli(q.tuneArgs(join(q.tmp, 'never.json'), '1000', ['--queue', url]));
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
    await q.startWorker('quick');
    const version = JSON.parse(readRepoFile('package.json')).version;
    const runner = await createQueueRunner(q.redis.url, 'samegame', version, { pollMs: 0 });
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
    const local = specRunner(0);
    expect(scores).toEqual(await local.run(tasks));
  }, 120_000);

  it('should say in one line that a run to reuse has no finished job in Redis', async () => {
    const lines: string[] = [];
    const version = JSON.parse(readRepoFile('package.json')).version;
    const runner = await createQueueRunner(q.redis.url, 'samegame', version, {
      reuse: 'nosuchrun',
      log: (line) => lines.push(line),
    });
    await runner.close();
    expect(lines).toEqual([
      'run nosuchrun has no finished job in Redis: nothing to reuse (a run keeps its jobs only with --keep-jobs)',
    ]);
  });

  it('should stop a run whose job fails on a worker, naming the reason, and refuse a job of another version', async () => {
    await q.startWorker('strict');
    const task = { module: tuningGame.module, weights: tuningGame.defaults, nodes: 100, seed: 1, run: 'spec-failing' };
    const broken = await createQueueRunner(q.redis.url, 'samegame', JSON.parse(readRepoFile('package.json')).version);
    await expect(broken.run([{ ...task, instance: 'not a board' }])).rejects.toThrow(QueueJobError);
    await expect(broken.run([{ ...task, instance: 'not a board', seed: 2 }])).rejects.toThrow(
      /not a tilefall evaluation job: field items\.0\.instance: /,
    );
    await broken.close();
    const stranger = await createQueueRunner(q.redis.url, 'samegame', '0.0.1-elsewhere');
    const board = readRepoFile('datasets/samegame/demo-board.txt');
    await expect(stranger.run([{ ...task, instance: board }])).rejects.toThrow(
      /made by 0\.0\.1-elsewhere: run the same version on every machine/,
    );
    await stranger.close();
  }, 120_000);
});

describe('tune --queue on a Redis with a password', () => {
  const guarded = useGuardedRedis();

  it('should show the queue and clean it with the password in the URL, printing it nowhere', async () => {
    const url = guarded.server.url;
    expect(url).toContain(PASSWORD);
    // Heartbeat keys it cannot read (anyone who can write to Redis can put them there) list no worker.
    await guarded.server.command('SET', 'tilefall:worker:tilefall-tune:junk', 'not json', 'EX', '60');
    await guarded.server.command('SET', 'tilefall:worker:tilefall-tune:odd', '{"name":1}', 'EX', '60');
    await guarded.server.command(
      'SET',
      'tilefall:worker:tilefall-solve:forever',
      '{"name":"x","queue":"q","jobs":[],"at":1}',
    );
    const shown = url.replace(`:${PASSWORD}@`, ':***@');
    const status = runCli(['queue', 'status', '--queue', url]);
    expect(status).toEqual({ status: 0, stdout: `queue at ${shown}\nruns: none\nworkers: none\n`, stderr: '' });
    const clean = runCli(['queue', 'clean', '--queue', url]);
    expect(clean).toEqual({ status: 0, stdout: `removed 0 tilefall jobs from ${shown}\n`, stderr: '' });
    const refused = runCli(['queue', 'status', '--queue', url.replace(PASSWORD, `${PASSWORD}x`)]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^tilefall: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: WRONGPASS/);
    for (const text of [status.stdout, clean.stdout, refused.stderr]) expect(text).not.toContain(PASSWORD);
  });

  it('should take the password from TILEFALL_REDIS_PASSWORD for a URL that names none, and show it nowhere', async () => {
    const reference = q.localOutput('fast', (out) => q.tuneArgs(out, '20000'));
    const env = { TILEFALL_REDIS_PASSWORD: PASSWORD };
    const bare = `redis://127.0.0.1:${guarded.server.port}`;
    // A URL that names a user but no password takes the variable's too.
    const named = `redis://default@127.0.0.1:${guarded.server.port}`;
    const worker = await q.startWorker('env-guarded', named, { ...process.env, ...env });
    const out = join(q.tmp, 'env-guarded.json');
    const run = runCli(q.tuneArgs(out, '20000', ['--queue', bare]), { timeoutMs: 120_000, env });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    worker.kill('SIGTERM');
    expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
    const log = q.workerLogs.get(worker) ?? '';
    expect(log).toContain(`waiting for jobs on ${named}\n`);
    for (const text of [run.stdout, run.stderr, readFileSync(out, 'utf8'), log]) expect(text).not.toContain(PASSWORD);
  }, 300_000);
});
