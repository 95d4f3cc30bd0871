// Tuning runs on a real Redis through faults, each ending with the local run's output byte for
// byte: a worker killed mid-job (its job runs again elsewhere), the coordinator killed and
// resumed (no finished job computed again), Redis stopped and started mid-run; for the built-in
// solver and for a user's bot. Minutes of real processes: `npm run test:long`.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import {
  coordinator,
  expectSuccess,
  LOCK_MS,
  SLOW_NODES,
  stopWorkersBeforeEach,
  until,
  useQueueSpec,
} from '../support/queue-spec.js';
import { standIn } from '../support/redis.js';

const q = useQueueSpec('tilefall-queue-faults-');

/**
 * Once two jobs are done, stops the spec's Redis and keeps it down until `clients` (a worker and
 * the coordinator) have all noticed and are trying to reconnect (to a stand-in that holds the port
 * and answers nothing), and for longer than the worker's lock, so that the lock on the job it
 * computes lapses meanwhile; then starts it again.
 */
async function restartRedisMidRun(clients: readonly ChildProcess[]): Promise<void> {
  await until(async () => (await q.completed()) >= 2);
  await q.redis.stop();
  const down = performance.now();
  const stopped = await standIn(q.redis.port);
  const reconnecting = () => clients.every(({ pid }) => pid !== undefined && stopped.reached(pid));
  await until(() => performance.now() - down > LOCK_MS && reconnecting());
  console.info(`Redis down ${Math.round(performance.now() - down)} ms, until every client was reconnecting`);
  await stopped.close();
  await q.redis.restart();
}

describe('tune --queue through faults', () => {
  stopWorkersBeforeEach(q);

  it('should retry on another worker the job of a worker killed mid-job, with the same output', async () => {
    const reference = q.localOutput('slow', (out) => q.tuneArgs(out, SLOW_NODES));
    const victim = await q.startWorker('victim');
    // Its jobs kept when it ends, for their starts to be read.
    const run = coordinator(
      q.tuneArgs(join(q.tmp, 'killed-worker.json'), SLOW_NODES, ['--queue', q.redis.url, '--keep-jobs']),
    );
    // Kill the only worker while it holds a job, then bring another.
    await until(async () => (await q.activeJobs()) > 0);
    victim.kill('SIGKILL');
    await q.startWorker('rescuer');
    expect(await run.done).toBe(0);
    expect(readFileSync(join(q.tmp, 'killed-worker.json'), 'utf8')).toBe(reference);
    expect((await q.jobStarts()).some((starts) => starts === 2)).toBe(true);
  }, 300_000);

  it('should finish a killed coordinator run with --resume, identically, without computing a finished job again', async () => {
    const reference = q.localOutput('slow', (out) => q.tuneArgs(out, SLOW_NODES));
    await q.startWorker('steady');
    const checkpoint = join(q.tmp, 'run.ckpt');
    const out = join(q.tmp, 'resumed.json');
    const first = coordinator(q.tuneArgs(out, SLOW_NODES, ['--queue', q.redis.url, '--checkpoint', checkpoint]));
    // Kill it after the first generation's checkpoint, once a job of the second has finished.
    await until(() => existsSync(checkpoint));
    const afterFirst = await q.completed();
    await until(async () => (await q.completed()) > afterFirst);
    first.child.kill('SIGKILL');
    await first.done;
    expect(existsSync(out)).toBe(false);
    const resumed = runCli(
      q.tuneArgs(out, SLOW_NODES, ['--queue', q.redis.url, '--checkpoint', checkpoint, '--resume', '--keep-jobs']),
      {
        timeoutMs: 300_000,
      },
    );
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    expect((await q.jobStarts()).every((starts) => starts === 1)).toBe(true);
    // One run in Redis: the resumed run went on with its checkpoint's run id, so no job was made twice.
    expect(q.status().match(/^ {2}[0-9a-f]{12} /gm)).toHaveLength(1);
  }, 300_000);

  it('should ride out Redis stopped and started again mid-run, with the same output', async () => {
    const reference = q.localOutput('slow', (out) => q.tuneArgs(out, SLOW_NODES));
    const worker = await q.startWorker('patient');
    const out = join(q.tmp, 'restarted.json');
    const run = coordinator(q.tuneArgs(out, SLOW_NODES, ['--queue', q.redis.url]));
    await restartRedisMidRun([worker, run.child]);
    expect(await run.done).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 300_000);
});

describe('tune --bot --queue through faults', () => {
  stopWorkersBeforeEach(q);

  it('should retry on another worker the bot job of a worker killed mid-job, with the same output', async () => {
    const reference = q.localOutput('bot', (out) => q.botArgs(out));
    const victim = await q.botWorker('bot-victim');
    const out = join(q.tmp, 'bot-killed-worker.json');
    const run = coordinator(q.botArgs(out, ['--queue', q.redis.url, '--keep-jobs']));
    await until(async () => (await q.activeJobs()) > 0);
    victim.kill('SIGKILL');
    await q.botWorker('bot-rescuer');
    expect(await run.done).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    expect((await q.jobStarts()).some((starts) => starts === 2)).toBe(true);
  }, 600_000);

  it('should finish a killed coordinator bot run with --resume, identically, without playing a finished job again', async () => {
    const reference = q.localOutput('bot', (out) => q.botArgs(out));
    await q.botWorker('bot-steady');
    const checkpoint = join(q.tmp, 'bot-run.ckpt');
    const out = join(q.tmp, 'bot-resumed.json');
    const first = coordinator(q.botArgs(out, ['--queue', q.redis.url, '--checkpoint', checkpoint]));
    await until(() => existsSync(checkpoint));
    const afterFirst = await q.completed();
    await until(async () => (await q.completed()) > afterFirst);
    first.child.kill('SIGKILL');
    await first.done;
    expect(existsSync(out)).toBe(false);
    expectSuccess(
      q.botArgs(out, ['--queue', q.redis.url, '--checkpoint', checkpoint, '--resume', '--keep-jobs']),
      300_000,
    );
    expect(readFileSync(out, 'utf8')).toBe(reference);
    expect((await q.jobStarts()).every((starts) => starts === 1)).toBe(true);
    expect(q.status().match(/^ {2}[0-9a-f]{12} /gm)).toHaveLength(1);
  }, 600_000);

  it('should ride out Redis stopped and started again in the middle of a bot run, with the same output', async () => {
    const reference = q.localOutput('bot', (out) => q.botArgs(out));
    const worker = await q.botWorker('bot-patient');
    const out = join(q.tmp, 'bot-restarted.json');
    const run = coordinator(q.botArgs(out, ['--queue', q.redis.url]));
    await restartRedisMidRun([worker, run.child]);
    expect(await run.done).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 600_000);
});
