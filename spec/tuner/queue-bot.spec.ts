// Tuning a user's bot (`--bot`) on a real Redis with real workers given the same `--bot`: the
// local run's output byte for byte, failed games counted through the queue, one line for an
// unreachable Redis, a run stopped when a worker runs another program, and a worker that only
// ever runs its own command. The bot runs through faults: queue-faults.long.spec.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Job, Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { QUEUE_NAME, redisConnection } from '../../tuner/queue.js';
import { runCli } from '../support/cli.js';
import { handMadeBotJob } from '../support/hand-made-job.js';
import {
  BOT,
  BOT_COMMAND,
  BOT_PARAMS,
  expectSuccess,
  stopWorkersBeforeEach,
  until,
  useQueueSpec,
} from '../support/queue-spec.js';
import { freePort } from '../support/redis.js';

const q = useQueueSpec('tilefall-queue-bot-');

describe('tune --bot --queue', () => {
  stopWorkersBeforeEach(q);

  it('should write exactly the local run output through two workers given --bot, which serve the built-in games too', async () => {
    const reference = q.localOutput('bot', (out) => q.botArgs(out));
    expect(JSON.parse(reference).report.failures.crash).toBeGreaterThan(0);
    const builtIn = join(q.tmp, 'bot-builtin-local.json');
    expectSuccess(q.tuneArgs(builtIn, '20000', ['--workers', '0']), 120_000);
    await q.botWorker('bot-a');
    await q.botWorker('bot-b');
    const queued = join(q.tmp, 'bot-queued.json');
    expectSuccess(q.botArgs(queued, ['--queue', q.redis.url]), 300_000);
    expect(readFileSync(queued, 'utf8')).toBe(reference);
    const solver = join(q.tmp, 'bot-builtin-queued.json');
    expectSuccess(q.tuneArgs(solver, '20000', ['--queue', q.redis.url]), 120_000);
    expect(readFileSync(solver, 'utf8')).toBe(readFileSync(builtIn, 'utf8'));
  }, 600_000);

  it('should refuse an unreachable Redis with one line, coordinator and bot worker alike', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const tune = runCli(q.botArgs(join(q.tmp, 'bot-never.json'), ['--queue', url]));
    expect(tune.status).toBe(2);
    expect(tune.stderr.trim()).toMatch(new RegExp(`^tilefall: cannot reach Redis at ${url}: [^\\n]*$`));
    const worker = runCli(['worker', '--queue', url, '--bot', BOT_COMMAND]);
    expect(worker.status).toBe(2);
    expect(worker.stderr.trim()).toMatch(new RegExp(`^tilefall: cannot reach Redis at ${url}: [^\\n]*$`));
  });

  it('should stop the run with the reason when a worker runs another bot version, or was given no --bot', async () => {
    await q.botWorker('bot-other', '--bot-version', '1');
    const stale = runCli(q.botArgs(join(q.tmp, 'bot-stale.json'), ['--queue', q.redis.url, '--bot-version', '2']), {
      timeoutMs: 120_000,
    });
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(
      /^tilefall: a worker failed job .* \(samegame-bot, 3 evaluations\): worker bot-other runs a program of fingerprint [0-9a-f]{16} but the job was made for [0-9a-f]{16}: /,
    );
    expect(existsSync(join(q.tmp, 'bot-stale.json'))).toBe(false);
    await q.stopWorkers();
    await q.redis.command('FLUSHALL');
    await q.startWorker('solver-only');
    const bare = runCli(q.botArgs(join(q.tmp, 'bot-bare.json'), ['--queue', q.redis.url]), { timeoutMs: 120_000 });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toMatch(
      /worker solver-only was started without --bot "CMD", so it cannot run samegame-bot jobs/,
    );
  }, 300_000);

  it("should run a job with the worker's own command, whatever program a job in Redis claims", async () => {
    const log = join(q.tmp, 'bot-own.jsonl');
    const marker = join(q.tmp, 'pwned');
    const command = `${BOT} --log ${log}`;
    const worker = await q.startWorker('bot-own', q.redis.url, process.env, ['--bot', command]);
    const fingerprint = /fingerprint ([0-9a-f]{16})/.exec(q.workerLogs.get(worker) ?? '')?.[1];
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const intruder = [process.execPath, '-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`];
    const params = JSON.parse(readFileSync(BOT_PARAMS, 'utf8'));
    const parameters = Object.entries(params).map(([name, p]) => ({ integer: false, ...(p as object), name }));
    const connection = await redisConnection(q.redis.url);
    const queue = new Queue(QUEUE_NAME, { connection });
    try {
      await queue.add(
        'evaluate',
        handMadeBotJob({
          run: 'spec-intruder',
          weights: { a: 0, b: 1, c: 0 },
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
        }),
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
