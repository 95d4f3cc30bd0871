// What `queue status` prints of what it read from Redis: run ids (from job ids) and worker names
// (from heartbeat keys) are anyone's who can write to Redis, so a control character in one is shown
// as its escape and never reaches the terminal; and a job's failure reason, which a coordinator
// prints as it stops, the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statusText } from '../../lib/cli/queue-command.js';
import { jobOutcome } from '../../lib/node/redis-queue.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe('queue status as text', () => {
  it('should print a line a run and a line a worker, with no control character, whatever their names', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (run, name) => {
        const text = statusText('redis://host', {
          runs: [{ queue: 'tilefall-tune', run, jobs: { waiting: 1, active: 0, done: 0, failed: 0 } }],
          workers: [{ name, queue: 'tilefall-tune', lastHeartbeatSeconds: 1, lost: false, jobs: 0 }],
        });
        expect(text.split('\n')).toHaveLength(6);
        expect(text).not.toMatch(CONTROL);
      }),
    );
  });
});

describe('jobOutcome', () => {
  it("should give a failed job's reason with its control characters escaped", async () => {
    const queue = { getJobState: async () => 'failed' };
    const bullmq = { Job: { fromId: async () => ({ failedReason: 'evil\n\u001b[2Jred\u0007' }) } };
    // Stand-ins for BullMQ's queue and Job, with only what jobOutcome calls.
    const outcome = await jobOutcome(bullmq as never, queue as never, 'id');
    expect(outcome).toEqual({ state: 'failed', reason: 'evil\\n\\u001b[2Jred\\u0007' });
  });
});
