// Where a queue client's password comes from: the URL's own, else TILEFALL_REDIS_PASSWORD. The
// clients themselves are tried on a real Redis by the queue specs (spec/tuner/queue.spec.ts).
import { describe, expect, it } from 'vitest';
import { REDIS_PASSWORD_VARIABLE, redisTarget } from '../../lib/node/redis-queue.js';

const PASSWORD = 'p@ss:w/rd#1';
const env = { [REDIS_PASSWORD_VARIABLE]: PASSWORD };

describe('redisTarget', () => {
  it('should read the variable TILEFALL_REDIS_PASSWORD', () => {
    expect(REDIS_PASSWORD_VARIABLE).toBe('TILEFALL_REDIS_PASSWORD');
  });

  it.each(['redis://10.0.0.5:6379', 'redis://:secret@10.0.0.5:6379', 'redis://tuner@10.0.0.5:6379/2'])(
    'should leave %s as it is when the variable is unset or empty',
    (url) => {
      expect(redisTarget(url, {})).toEqual({ url });
      expect(redisTarget(url, { [REDIS_PASSWORD_VARIABLE]: '' })).toEqual({ url });
    },
  );

  it.each(['redis://10.0.0.5:6379', 'rediss://10.0.0.5:6380/3', '10.0.0.5:6379', 'redis://:@10.0.0.5:6379'])(
    "should give %s, which names no password, the variable's",
    (url) => {
      expect(redisTarget(url, env)).toEqual({ url, password: PASSWORD });
    },
  );

  it.each([
    'redis://:secret@10.0.0.5:6379',
    'redis://tuner:secret@10.0.0.5:6379/1',
    'rediss://tuner:s%40cret@10.0.0.5:6380',
  ])('should keep the password %s names, whatever the variable holds', (url) => {
    expect(redisTarget(url, env)).toEqual({ url });
  });

  it("should move a user named without a password out of the URL, to go with the variable's password", () => {
    expect(redisTarget('redis://tuner@10.0.0.5:6379/2', env)).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      username: 'tuner',
      password: PASSWORD,
    });
    expect(redisTarget('rediss://t%40m@10.0.0.5:6380', env)).toEqual({
      url: 'rediss://10.0.0.5:6380',
      username: 't@m',
      password: PASSWORD,
    });
  });

  it('should leave a URL it cannot read to the Redis client, without throwing', () => {
    expect(redisTarget('redis://[10.0.0.5:6379', env)).toEqual({ url: 'redis://[10.0.0.5:6379' });
  });
});
