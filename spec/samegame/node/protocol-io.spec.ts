import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineTooLongError, lineReader } from '../../../lib/samegame/node/protocol-io.js';

describe('lineReader', () => {
  it('should give the lines one per call, without their line endings, then undefined at the end', async () => {
    const stream = new PassThrough();
    const next = lineReader(stream);
    stream.end('1 2\r\n\n3 4');
    expect([await next(), await next(), await next(), await next()]).toEqual(['1 2', '', '3 4', undefined]);
  });

  it('should refuse a line longer than its limit, naming the line, even one the stream never ends', async () => {
    const stream = new PassThrough();
    const next = lineReader(stream, 10);
    stream.write('short\n');
    stream.write('x'.repeat(11));
    expect(await next()).toBe('short');
    const refused = await next().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LineTooLongError);
    expect(refused).toMatchObject({ line: 2, limit: 10 });
  });

  it('should read no further ahead than its limit until the lines are taken', async () => {
    const stream = new PassThrough();
    const next = lineReader(stream, 10);
    stream.write('a\nb\nc\nd\ne\nf\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.isPaused()).toBe(true);
    expect(await next()).toBe('a');
    expect(await next()).toBe('b');
    expect(stream.isPaused()).toBe(false);
  });
});
