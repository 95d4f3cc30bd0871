// A run on the queue has an identity of its own, on a real Redis with real workers: the same
// command run again plays its games again (so a bot whose behavior lives in a file its command
// line does not name gives the changed program's output), a run that failed leaves nothing that
// fails the next, another run's results are reused only when asked (counted on the progress
// line), `queue status` and `queue clean` show and remove runs, and a lost worker's job shows as
// waiting for its lock. Minutes of real processes: `npm run test:long`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, runCliAsync } from '../support/cli.js';
import {
  coordinator,
  expectSuccess,
  SLOW_NODES,
  stopWorkersBeforeEach,
  until,
  useQueueSpec,
} from '../support/queue-spec.js';
import { repoPath } from '../support/repo.js';
import { startWorkerProcess } from '../support/worker-process.js';

const q = useQueueSpec('tilefall-queue-runs-');

/** A bot whose flags live in a module its command line does not name (`edit-flags.mjs` beside it). */
function editableBot(): { command: string; setFlags: (flags: readonly string[]) => void } {
  const bot = join(q.tmp, 'edit-bot.mjs');
  const flags = join(q.tmp, 'edit-flags.mjs');
  writeFileSync(
    bot,
    [
      "import { extra } from './edit-flags.mjs';",
      'process.argv.push(...extra);',
      `await import(${JSON.stringify(pathToFileURL(repoPath('spec/support/param-bot.mjs')).href)});`,
      '',
    ].join('\n'),
  );
  return {
    command: `node ${bot}`,
    setFlags: (extra) => writeFileSync(flags, `export const extra = ${JSON.stringify(extra)};\n`),
  };
}

describe('tune --queue: a run of its own', () => {
  stopWorkersBeforeEach(q);

  it('should give a rerun jobs of its own, reuse a kept run only when told (counting the games), and clean a run', async () => {
    const local = q.localOutput('fast', (out) => q.tuneArgs(out, '20000'));
    await q.startWorker('keeper');
    const kept = (name: string, ...extra: string[]) => {
      const out = join(q.tmp, `${name}.json`);
      const run = runCli(q.tuneArgs(out, '20000', ['--queue', q.redis.url, ...extra]), { timeoutMs: 120_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(local);
      return run.stderr;
    };
    const runIdOf = (stderr: string) => /\| run ([0-9a-f]{12}), /.exec(stderr)?.[1] ?? 'none';
    const first = runIdOf(kept('kept-1', '--keep-jobs'));
    const second = runIdOf(kept('kept-2', '--keep-jobs'));
    expect(second).not.toBe(first);
    // The same command twice: each run computed every one of its jobs.
    const status = q.status();
    const done = (run: string) =>
      new RegExp(`^  ${run} \\(tilefall-tune\\): 0 waiting, 0 active, (\\d+) done, 0 failed$`, 'm').exec(status)?.[1];
    expect(done(first)).toBeDefined();
    expect(done(second)).toBe(done(first));
    // The worker's heartbeat, rewritten every second, may still count the last job a moment.
    const idle = /^ {2}keeper \(tilefall-tune\): 0 jobs held, last heartbeat [\d.]+s ago$/m;
    await until(() => idle.test(q.status()), 10_000);
    // Told to, a run answers from another's jobs, and says how many games it reused: all of them.
    const reusing = kept('reusing', '--reuse', first);
    const lines = reusing.split('\n').filter((line) => line.startsWith('generation '));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const [, games, reused] = /, games (\d+), .* (\d+) games reused/.exec(line) ?? [];
      expect(reused).toBe(games);
    }
    expect(q.status().match(/^ {2}[0-9a-f]{12} /gm)).toHaveLength(2);
    const cleaned = runCli(['queue', 'clean', '--queue', q.redis.url, '--run', first]);
    expect(cleaned.stdout).toBe(`removed ${done(first)} jobs of run ${first} from ${q.redis.url}\n`);
    expect(q.status()).not.toContain(first);
    expect(runCli(['queue', 'clean', '--queue', q.redis.url]).stdout).toBe(
      `removed ${done(second)} tilefall jobs from ${q.redis.url}\n`,
    );
    expect(q.status()).toMatch(/^runs: none$/m);
    expect(await q.keysWithoutTtl()).toEqual([]);
  }, 300_000);

  it("should give the edited program's output when a module the bot imports changed between two runs", async () => {
    const bot = editableBot();
    bot.setFlags([]);
    await q.startWorker('editor', q.redis.url, process.env, ['--bot', bot.command]);
    const before = join(q.tmp, 'edit-before.json');
    expectSuccess(q.botArgs(before, ['--queue', q.redis.url], bot.command), 300_000);
    // The same command line, the same named file: only the module it imports crashes it now.
    bot.setFlags(['--crash-if', 'a>3']);
    const local = q.localOutput('edited', (out) => q.botArgs(out, [], bot.command));
    const after = join(q.tmp, 'edit-after.json');
    expectSuccess(q.botArgs(after, ['--queue', q.redis.url], bot.command), 300_000);
    expect(readFileSync(after, 'utf8')).toBe(local);
    expect(readFileSync(after, 'utf8')).not.toBe(readFileSync(before, 'utf8'));
    expect(await q.keysWithoutTtl()).toEqual([]);
  }, 600_000);

  it('should succeed on a rerun served by a proper worker after a run failed on a worker without --bot', async () => {
    const reference = q.localOutput('bot', (out) => q.botArgs(out));
    await q.startWorker('bare');
    const out = join(q.tmp, 'after-failure.json');
    const failed = runCli(q.botArgs(out, ['--queue', q.redis.url]), { timeoutMs: 120_000 });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/worker bare was started without --bot "CMD"/);
    await q.stopWorkers();
    // No key deleted by hand in between: the failed run's jobs are not the rerun's.
    await q.botWorker('proper');
    const rerun = runCli(q.botArgs(out, ['--queue', q.redis.url]), { timeoutMs: 300_000 });
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(rerun.stderr).not.toContain('bare');
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 600_000);

  it("should show a lost worker's job as waiting for its lock, with the seconds left, then finish identically", async () => {
    const reference = q.localOutput('slow', (out) => q.tuneArgs(out, SLOW_NODES));
    const lockMs = 12_000;
    const victim = await startWorkerProcess({ url: q.redis.url, name: 'victim', lockMs, started: q.workers });
    const out = join(q.tmp, 'lost-lock.json');
    const run = runCliAsync(q.tuneArgs(out, SLOW_NODES, ['--queue', q.redis.url]), { timeoutMs: 300_000 });
    await until(async () => (await q.activeJobs()) > 0);
    victim.kill('SIGKILL');
    await until(() => /^ {2}victim \(tilefall-tune\): lost, last heartbeat [\d.]+s ago$/m.test(q.status()));
    await q.startWorker('heir');
    const { status, stderr } = await run;
    expect(status, stderr).toBe(0);
    const seconds = /^tilefall: waiting for a lost worker's lock, ~(\d+)s$/m.exec(stderr)?.[1];
    expect(Number(seconds)).toBeLessThanOrEqual(lockMs / 1000);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 300_000);

  /** The jobs of each run in Redis, whatever their state. */
  const jobsByRun = () =>
    [
      ...q
        .status()
        .matchAll(/^ {2}[0-9a-f]{12} \(tilefall-tune\): (\d+) waiting, (\d+) active, (\d+) done, (\d+) failed$/gm),
    ].map((line) => line.slice(1).reduce((n, count) => n + Number(count), 0));

  it('should remove the jobs of a run stopped by SIGINT without a checkpoint, and keep those of one with a checkpoint', async () => {
    await q.startWorker('steady');
    const interrupted = async (extra: string[]) => {
      const run = coordinator(
        q.tuneArgs(join(q.tmp, 'interrupted.json'), SLOW_NODES, ['--queue', q.redis.url, ...extra]),
      );
      // Two jobs done: the start's own job (it is scored first) and one of generation 0's.
      await until(async () => (await q.completed()) >= 2);
      run.child.kill('SIGINT');
      expect(await run.done).toBeNull();
      expect(run.child.signalCode).toBe('SIGINT');
    };
    await interrupted([]);
    // At most the job the worker held: it cannot be taken from it, and expires once finished.
    expect(jobsByRun().reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    await q.redis.command('FLUSHALL');
    await interrupted(['--checkpoint', join(q.tmp, 'interrupted.ckpt')]);
    expect(jobsByRun()).toHaveLength(1);
    expect(jobsByRun()[0]).toBeGreaterThanOrEqual(4);
  }, 300_000);

  it('should say once that no worker serves the queue, and finish as a local run once one does', async () => {
    const reference = q.localOutput('fast', (out) => q.tuneArgs(out, '20000'));
    await q.redis.command('FLUSHALL');
    const out = join(q.tmp, 'no-worker.json');
    const run = runCliAsync(q.tuneArgs(out, '20000', ['--queue', q.redis.url]), { timeoutMs: 120_000 });
    // No heartbeat for 10 s: the run says so; then a worker comes.
    await new Promise((resolve) => setTimeout(resolve, 13_000));
    await q.startWorker('late');
    const { status, stderr } = await run;
    expect(status, stderr).toBe(0);
    const said = stderr.match(
      /^tilefall: no worker serves the queue at \S+ yet: start one with tilefall worker --queue URL$/gm,
    );
    expect(said).toHaveLength(1);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 300_000);

  it("should leave none of its jobs once a run resumed after kill -9 finishes, the killed coordinator's too", async () => {
    await q.redis.command('FLUSHALL');
    await q.startWorker('steady');
    const checkpoint = join(q.tmp, 'resumed.ckpt');
    const args = q.tuneArgs(join(q.tmp, 'resumed.json'), SLOW_NODES, [
      '--queue',
      q.redis.url,
      '--checkpoint',
      checkpoint,
    ]);
    const killed = coordinator(args);
    await until(() => existsSync(checkpoint), 120_000);
    killed.child.kill('SIGKILL');
    await killed.done;
    expect(jobsByRun()).toHaveLength(1);
    const resumed = runCli([...args, '--resume'], { timeoutMs: 300_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resumed at generation 2\/2/);
    expect(jobsByRun()).toEqual([]);
    expect(await q.keysWithoutTtl()).toEqual([]);
  }, 300_000);
});
