import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../lib/core/redact-url.js';

const word = (chars: string) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 12 });
const hostArb = fc.oneof(word('abcdefghijklmnopqrstuvwxyz0123456789.-'), fc.ipV4());
const schemeArb = fc.constantFrom('redis', 'rediss');
const userArb = fc.oneof(fc.constant(''), word('abcdefghijklmnopqrstuvwxyz0123456789_-.%'));
/** The rest after the host: a port, a database and options, never an `@`. */
const tailArb = fc.tuple(
  fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  fc.option(fc.nat(15), { nil: undefined }),
  fc.option(word('abcdefghijklmnopqrstuvwxyz=&/.'), { nil: undefined }),
);
const tailText = ([port, db, query]: [number | undefined, number | undefined, string | undefined]) =>
  `${port === undefined ? '' : `:${port}`}${db === undefined ? '' : `/${db}`}${query === undefined ? '' : `?${query}`}`;

describe('redactUrl', () => {
  it('should replace any password, typed raw or percent-encoded, by *** and keep every other part', () => {
    fc.assert(
      fc.property(
        schemeArb,
        userArb,
        fc.string({ minLength: 1 }),
        fc.boolean(),
        hostArb,
        tailArb,
        (scheme, user, password, encoded, host, tail) => {
          const secret = encoded ? encodeURIComponent(password) : password;
          const rest = `${host}${tailText(tail)}`;
          expect(redactUrl(`${scheme}://${user}:${secret}@${rest}`)).toBe(`${scheme}://${user}:***@${rest}`);
        },
      ),
    );
  });

  it('should leave a URL without a password as it is, and be idempotent', () => {
    fc.assert(
      fc.property(schemeArb, fc.option(userArb, { nil: undefined }), hostArb, tailArb, (scheme, user, host, tail) => {
        const url = `${scheme}://${user === undefined ? '' : `${user}@`}${host}${tailText(tail)}`;
        expect(redactUrl(url)).toBe(url);
        expect(redactUrl(redactUrl(url))).toBe(redactUrl(url));
      }),
    );
  });

  it('should hide the password of the forms the guide shows', () => {
    expect(redactUrl('rediss://tuner:s3cret@10.0.0.5:6380/2')).toBe('rediss://tuner:***@10.0.0.5:6380/2');
    expect(redactUrl('redis://:s3cret@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
    expect(redactUrl('redis://:p@ss/w#rd@host')).toBe('redis://:***@host');
  });
});
