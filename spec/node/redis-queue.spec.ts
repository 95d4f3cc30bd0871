// Where a queue client's password comes from (the URL's own, else TILEFALL_REDIS_PASSWORD), which
// URLs a client is given at all, and what of their messages is printed. The clients themselves are
// tried on a real Redis by the queue specs (spec/tuner/queue.spec.ts, spec/cli/worker-command.spec.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  outageReport,
  REDIS_PASSWORD_VARIABLE,
  readRedisUrl,
  redisTarget,
  withoutSecrets,
} from '../../lib/node/redis-queue.js';

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

  it.each(['redis://10.0.0.5:6379', 'rediss://10.0.0.5:6380/3', 'redis://:@10.0.0.5:6379'])(
    "should give %s, which names no password, the variable's",
    (url) => {
      expect(redisTarget(url, env)).toEqual({ url, password: PASSWORD });
    },
  );

  it('should read a URL without a scheme as a redis:// one, its path a database and never a socket', () => {
    expect(redisTarget('10.0.0.5:6379/2', env)).toEqual({ url: 'redis://10.0.0.5:6379/2', password: PASSWORD });
    expect(redisTarget('//10.0.0.5', {})).toEqual({ url: 'redis://10.0.0.5' });
  });

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

describe('readRedisUrl', () => {
  it.each([
    ['redis://:s3cret@10.0.0.5:6379/2', 'redis://:s3cret@10.0.0.5:6379/2'],
    ['rediss://tuner:p%40ss%2F%3F%23%25@host:6380', 'rediss://tuner:p%40ss%2F%3F%23%25@host:6380'],
    ['REDIS://host', 'redis://host'],
    // ioredis turns TLS on for a lower-case rediss:// alone.
    ['REDISS://Host:6380', 'rediss://Host:6380'],
    ['redis://:p@ss@host', 'redis://:p@ss@host'],
    ['host:6379?password=s3cret', 'redis://host:6379?password=s3cret'],
    ['//host', 'redis://host'],
  ])('should read %s as ioredis will', (url, text) => {
    const read = readRedisUrl(url);
    expect(read.ok && read.value.text).toBe(text);
  });

  it.each([
    ['http://u:s3cret@host', /^not a Redis URL: give redis:\/\//],
    ['/tmp/redis.sock', /^not a Redis URL: /],
    ['redis://u:p@ss/w?rd@host', /^the URL has an @ after a \/, \? or #: write the user and password percent-encoded/],
    ['redis://host?password=p@ss', /^the URL has an @ after a /],
    ['redis://:100%zz@host', /^not a Redis URL \(a % in a password is written %25\)/],
    ['redis://[::1', /^not a Redis URL/],
    ['redis://:s3cret', /^not a Redis URL/],
    ['redis://?host=elsewhere', /^the URL names no host/],
  ])('should refuse %s, never quoting it', (url, reason) => {
    const read = readRedisUrl(url);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error).toMatch(reason);
      expect(read.error).not.toContain('s3cret');
      expect(read.error).not.toContain(url);
    }
  });

  it.each([
    'redis://:s3cret@host/abc',
    'redis://:s3cret@host/-1',
    'redis://:s3cret@host/1.5',
    'redis://:s3cret@host/1/2',
    'redis://:s3cret@host/2147483648',
    'redis://host?db=abc&password=s3cret',
    'redis://:s3cret@host?keyPrefix=x',
    'redis://:s3cret@host?connectTimeout=abc',
    'redis://:s3cret@host?tls=1',
  ])('should refuse %s, whose database or query ioredis would misread, never quoting it', (url) => {
    const read = readRedisUrl(url);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).not.toMatch(/s3cret|abc|keyPrefix|connectTimeout|tls/);
  });

  it.each(['redis://:s3cret@host/0', 'redis://host/15?password=s3cret', 'redis://host?db=3&username=u&password=p'])(
    'should take %s, a database and the query names the guide gives',
    (url) => {
      expect(readRedisUrl(url).ok).toBe(true);
    },
  );

  it('should refuse every query name but password, username and db', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (name) => {
        const key = new URLSearchParams(`${encodeURIComponent(name)}=1`).keys().next().value;
        fc.pre(key !== undefined && !['password', 'username', 'db'].includes(key));
        expect(readRedisUrl(`redis://host?${encodeURIComponent(name)}=1`).ok).toBe(false);
      }),
    );
  });

  it('should quote no part of the URL in any refusal', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, unit: 'binary' }), (url) => {
        const read = readRedisUrl(url);
        if (read.ok) return;
        const form = 'give redis://[[USER]:PASSWORD@]HOST[:PORT][/DB], or rediss://… for TLS';
        fc.pre(!form.includes(url));
        expect(read.error).not.toContain(url);
      }),
    );
  });
});

describe('withoutSecrets', () => {
  it("should show the URL redacted, and hide its password and the variable's wherever they appear", () => {
    const url = 'redis://u:p%40ss@host?password=q1q1';
    const text = `connect to ${url} as u with p@ss, then p%40ss, q1q1 and ${PASSWORD}`;
    expect(withoutSecrets(text, url, env)).toBe(
      'connect to redis://u:***@host?password=*** as u with ***, then ***, *** and ***',
    );
  });
});

describe('outageReport', () => {
  /** A stand-in for a connection: its listeners, called by the test as ioredis would call them. */
  function fakeConnection() {
    const listeners = new Map<string, ((value?: unknown) => void)[]>();
    return {
      on(event: string, listener: (value?: unknown) => void) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return this;
      },
      emit(event: string, value?: unknown) {
        for (const listener of listeners.get(event) ?? []) listener(value);
      },
    };
  }
  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:6379'), { code: 'ECONNREFUSED' });

  it('should say one line when the first connection is lost and one when all are back, and nothing between', () => {
    const lines: string[] = [];
    const report = outageReport('redis://:s3cret@10.0.0.5:6379', (line) => lines.push(line));
    const a = fakeConnection();
    const b = fakeConnection();
    const onA = report.watch(a as never);
    report.watch(b as never);
    a.emit('ready');
    for (let attempt = 0; attempt < 30; attempt++) {
      a.emit('reconnecting');
      b.emit('reconnecting');
      a.emit('error', refused);
      onA(new Error('Connection is closed.'));
      onA(new Error('could not renew the lock of a job'));
    }
    a.emit('ready');
    b.emit('ready');
    expect(lines).toEqual([
      'lost Redis at redis://:***@10.0.0.5:6379: reconnecting, the jobs wait',
      'Redis at redis://:***@10.0.0.5:6379 is back',
    ]);
  });

  it('should say any other error in one line without its stack or a secret, never twice in a row', () => {
    const lines: string[] = [];
    const report = outageReport('redis://:s3cret@10.0.0.5:6379', (line) => lines.push(line));
    const onError = report.watch(fakeConnection() as never);
    const odd = new Error('Missing lock for job 7 with s3cret\n    at Worker.moveToFinished');
    onError(odd);
    onError(odd);
    onError(refused);
    expect(lines).toEqual(['queue error: Missing lock for job 7 with ***']);
  });
});
