import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJobData } from '../../lib/node/queue-job-data.js';

const schema = z.object({ version: z.string(), seed: z.number().int(), items: z.array(z.string()) });
const worker = { name: 'w1', version: '1.2.3' };

describe('readJobData', () => {
  it('should read a job of its own version', () => {
    const job = { version: '1.2.3', seed: 4, items: ['a'] };
    expect(readJobData(job, schema, 'test job', worker)).toEqual({ ok: true, value: job });
  });

  it('should refuse a job of another version for its version, whatever its other fields', () => {
    fc.assert(
      fc.property(
        fc.string().filter((v) => v !== worker.version),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (version, fields) => {
          const read = readJobData({ ...fields, version }, schema, 'test job', worker);
          expect(read).toEqual({
            ok: false,
            error: `worker w1 runs tilefall 1.2.3 but the job was made by ${version}: run the same version on every machine`,
          });
        },
      ),
    );
  });

  it('should name the first bad field of a job of its own version, and the job itself when it is no object', () => {
    const seed = readJobData({ version: '1.2.3', seed: 1.5, items: [] }, schema, 'test job', worker);
    expect(seed.ok || seed.error.startsWith('not a tilefall test job: field seed: ')).toBe(true);
    expect(seed.ok).toBe(false);
    const item = readJobData({ version: '1.2.3', seed: 1, items: ['a', 2] }, schema, 'test job', worker);
    expect(item.ok || item.error.startsWith('not a tilefall test job: field items.1: ')).toBe(true);
    expect(item.ok).toBe(false);
    const none = readJobData(7, schema, 'test job', worker);
    expect(none.ok || none.error.startsWith('not a tilefall test job: field (the job itself): ')).toBe(true);
    expect(none.ok).toBe(false);
  });
});
