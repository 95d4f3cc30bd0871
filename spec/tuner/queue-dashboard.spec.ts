// The live view of a run on the queue, on a real redis-server with a real `tilefall worker`: the
// state names the workers that finished the run's jobs, and its failures come through the queue
// with their counts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DashboardState } from '../../tuner/dashboard-state.js';
import { BIN } from '../support/cli.js';
import { stopWorkersBeforeEach, useQueueSpec } from '../support/queue-spec.js';

const q = useQueueSpec('tilefall-queue-dashboard-');
stopWorkersBeforeEach(q);

/** Runs `tilefall ARGS` with its live view, polling its state until it exits; resolves with its exit and every state seen. */
function watched(
  args: readonly string[],
): Promise<{ status: number | null; states: DashboardState[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args, '--dashboard', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const states: DashboardState[] = [];
    let stderr = '';
    let polling: NodeJS.Timeout | undefined;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = stderr.match(/live view of the run at (http:\/\/\S+\/)/)?.[1];
      if (url !== undefined && polling === undefined)
        polling = setInterval(() => {
          fetch(`${url}state.json`)
            .then((r) => r.json())
            .then((state) => states.push(state as DashboardState))
            .catch(() => undefined);
        }, 100);
    });
    child.on('close', (status) => {
      clearInterval(polling);
      resolve({ status, states, stderr });
    });
  });
}

describe('tune --queue --dashboard', () => {
  it('should name the workers that finished the run’s jobs', async () => {
    await q.startWorker('dash-worker');
    const run = await watched(q.tuneArgs(join(q.tmp, 'out.json'), '20000', ['--queue', q.redis.url]));
    expect(run.status, run.stderr).toBe(0);
    const workers = run.states.map((s) => s.workers);
    expect(workers.every((w) => Array.isArray(w))).toBe(true);
    expect(workers.at(-1)).toEqual(['dash-worker']);
  }, 180_000);

  it('should show the failed games of a bot that crashes, as counted through the queue', async () => {
    await q.botWorker('dash-bot-worker');
    const run = await watched(q.botArgs(join(q.tmp, 'bot-out.json'), ['--queue', q.redis.url]));
    expect(run.states.length).toBeGreaterThan(0);
    const last = run.states.at(-1) as DashboardState;
    expect(last.failures.length).toBeGreaterThan(0);
    expect(last.failures.every((f) => (f.failed.crash ?? 0) > 0 && f.where.startsWith('generation '))).toBe(true);
  }, 180_000);
});
