// Tuning on a Redis with a password, and over TLS: the local run's output, the password shown
// nowhere (output, stderr, worker logs), the URL's own password over the environment's, one line
// for a wrong or missing password, a certificate trusted only through NODE_EXTRA_CA_CERTS. The
// password from the environment alone is in queue.spec.ts; these run in `npm run test:long`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { PASSWORD, useGuardedRedis, useQueueSpec } from '../support/queue-spec.js';
import { RedisServer } from '../support/redis.js';

const q = useQueueSpec('tilefall-queue-auth-');

describe('tune --queue on a Redis with a password, and over TLS', () => {
  const guarded = useGuardedRedis();
  const WRONG = 'Wr0ng-k3Yx-guess';

  it('should give the local run output through redis://:PASSWORD@, and show the password nowhere', async () => {
    const reference = q.localOutput('fast', (out) => q.tuneArgs(out, '20000'));
    expect(guarded.server.url).toBe(`redis://:${PASSWORD}@127.0.0.1:${guarded.server.port}`);
    const worker = await q.startWorker('guarded', guarded.server.url);
    const out = join(q.tmp, 'guarded.json');
    const run = runCli(q.tuneArgs(out, '20000', ['--queue', guarded.server.url]), { timeoutMs: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
    const log = q.workerLogs.get(worker) ?? '';
    expect(log).toContain(`waiting for jobs on redis://:***@127.0.0.1:${guarded.server.port}`);
    for (const text of [run.stdout, run.stderr, readFileSync(out, 'utf8'), log]) expect(text).not.toContain(PASSWORD);
  }, 300_000);

  it("should keep a URL's own password over TILEFALL_REDIS_PASSWORD, and show neither", async () => {
    // The URL's right password wins over a wrong one in the variable: the worker gets in.
    const worker = await q.startWorker('url-wins', guarded.server.url, {
      ...process.env,
      TILEFALL_REDIS_PASSWORD: WRONG,
    });
    worker.kill('SIGTERM');
    expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
    // And the URL's wrong password wins over the right one in the variable: refused.
    const wrong = `redis://:${WRONG}@127.0.0.1:${guarded.server.port}`;
    const env = { TILEFALL_REDIS_PASSWORD: PASSWORD };
    for (const run of [
      runCli(q.tuneArgs(join(q.tmp, 'url-wins.json'), '1000', ['--queue', wrong]), { env }),
      runCli(['worker', '--queue', wrong], { env }),
    ]) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(
          `^tilefall: cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${guarded.server.port}: WRONGPASS `,
        ),
      );
      for (const secret of [WRONG, PASSWORD]) expect(run.stderr + run.stdout).not.toContain(secret);
    }
    expect(q.workerLogs.get(worker) ?? '').not.toContain(WRONG);
  }, 120_000);

  it('should refuse a wrong or a missing password in one line that shows no password, coordinator and worker alike', () => {
    const wrong = `redis://:${WRONG}@127.0.0.1:${guarded.server.port}`;
    const none = `redis://127.0.0.1:${guarded.server.port}`;
    for (const [url, shown] of [
      [wrong, `redis://:***@127.0.0.1:${guarded.server.port}`],
      [none, none],
    ]) {
      for (const run of [
        runCli(q.tuneArgs(join(q.tmp, 'refused.json'), '1000', ['--queue', url])),
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
    expect(existsSync(join(q.tmp, 'refused.json'))).toBe(false);
  });

  it('should run over TLS (rediss://) with the server certificate trusted through NODE_EXTRA_CA_CERTS, and refuse it untrusted', async () => {
    const reference = q.localOutput('fast', (out) => q.tuneArgs(out, '20000'));
    const secure = await RedisServer.start({ password: PASSWORD, tls: true });
    try {
      expect(secure.url.startsWith('rediss://')).toBe(true);
      const env = { NODE_EXTRA_CA_CERTS: secure.caFile };
      const worker = await q.startWorker('secure', secure.url, { ...process.env, ...env });
      const out = join(q.tmp, 'secure.json');
      const run = runCli(q.tuneArgs(out, '20000', ['--queue', secure.url]), { timeoutMs: 120_000, env });
      expect(run.status, run.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(reference);
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
      for (const text of [run.stdout, run.stderr, readFileSync(out, 'utf8'), q.workerLogs.get(worker) ?? ''])
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
