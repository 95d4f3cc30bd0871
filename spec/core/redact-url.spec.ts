import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hideSecrets, redactUrl, urlSecrets } from '../../lib/core/redact-url.js';

const word = (chars: string) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 12 });
const hostArb = fc.oneof(word('abcdefghijklmnopqrstuvwxyz0123456789.-'), fc.ipV4());
const schemeArb = fc.constantFrom('redis', 'rediss');
const userArb = fc.oneof(fc.constant(''), word('abcdefghijklmnopqrstuvwxyz0123456789_-.%'));
/** The rest after the host: a port and a database, never an `@`, a query or a fragment. */
const tailArb = fc.tuple(
  fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  fc.option(fc.nat(15), { nil: undefined }),
);
const tailText = ([port, db]: [number | undefined, number | undefined]) =>
  `${port === undefined ? '' : `:${port}`}${db === undefined ? '' : `/${db}`}`;

/** A password of any characters: what a user may type, raw or percent-encoded. */
const passwordArb = fc.string({ minLength: 6, maxLength: 24, unit: 'binary' });

/** Every way the guide lets a URL name a password, with `P` where the password goes. */
const FORMS = [
  'SCHEME://:P@HOST',
  'SCHEME://USER:P@HOST',
  'SCHEME://USER:P@HOST/2',
  'SCHEME://HOST?password=P',
  'SCHEME://HOST/0?db=0&password=P',
  'SCHEME://USER@HOST?password=P&family=4',
  'HOST?password=P',
  ':P@HOST',
  '//USER:P@HOST',
] as const;

describe('redactUrl', () => {
  it('should replace a percent-encoded password by *** and keep every other part', () => {
    fc.assert(
      fc.property(schemeArb, userArb, passwordArb, hostArb, tailArb, (scheme, user, password, host, tail) => {
        const rest = `${host}${tailText(tail)}`;
        const url = `${scheme}://${user}:${encodeURIComponent(password)}@${rest}`;
        expect(redactUrl(url)).toBe(`${scheme}://${user}:***@${rest}`);
      }),
    );
  });

  it('should show no password however the URL names it, raw or percent-encoded, nor any part of one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMS),
        schemeArb,
        word('abcdefghijklmnopqrstuvwxyz'),
        hostArb,
        passwordArb,
        fc.boolean(),
        (form, scheme, user, host, password, encoded) => {
          const make = (secret: string) =>
            form.replace('SCHEME', scheme).replace('USER', user).replace('HOST', host).replace('P', secret);
          // A password that the rest of the URL shows by itself is no test of hiding it.
          fc.pre(!redactUrl(make('Zq9Zq9')).includes(password));
          const url = make(encoded ? encodeURIComponent(password) : password);
          expect(redactUrl(url)).not.toContain(password);
          expect(redactUrl(url)).not.toContain(encodeURIComponent(password));
        },
      ),
    );
  });

  it('should leave a URL without a password or query as it is, and be idempotent', () => {
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
    expect(redactUrl('redis://:p@ss@host:6379')).toBe('redis://:***@host:6379');
    expect(redactUrl('redis://:p%40ss%2Fw%3F%23%25@host')).toBe('redis://:***@host');
  });

  it('should hide every query value and the fragment, whatever their names', () => {
    expect(redactUrl('redis://host:6379/0?password=s3cret')).toBe('redis://host:6379/0?password=***');
    expect(redactUrl('redis://host?db=1&pass%77ord=s3cret&tls')).toBe('redis://host?db=***&pass%77ord=***&***');
    expect(redactUrl('redis://host#s3cret')).toBe('redis://host#***');
    expect(redactUrl('redis://host?password=')).toBe('redis://host?password=');
  });

  it('should hide everything after the scheme when the password cannot be told from the host', () => {
    // A raw / ? or # before the last @: a URL parser reads the password's tail as the host.
    expect(redactUrl('redis://u:p@ss/w?rd@127.0.0.1:1')).toBe('redis://***');
    expect(redactUrl('redis://:ab#cd@host')).toBe('redis://***');
    expect(redactUrl('redis://host?password=p@ss')).toBe('redis://***');
    // A port that is no number is a password typed without its @HOST.
    expect(redactUrl('redis://:s3cret')).toBe('redis://:***');
    expect(redactUrl('redis://[::1]:6379')).toBe('redis://[::1]:6379');
  });
});

describe('urlSecrets', () => {
  it('should name the password as typed and decoded, and every query value', () => {
    expect(urlSecrets('redis://u:p%40ss@host?db=1&password=a+b%21')).toEqual([
      'p%40ss',
      'p@ss',
      '1',
      'a+b%21',
      'a+b!',
      'a b!',
    ]);
    expect(urlSecrets('redis://u@host:6379/0')).toEqual([]);
  });

  it('should name what a client library may quote of any password the URL names', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMS), hostArb, passwordArb, fc.boolean(), (form, host, password, encoded) => {
        const secret = encoded ? encodeURIComponent(password) : password;
        const url = form.replace('SCHEME', 'redis').replace('USER', 'u').replace('HOST', host).replace('P', secret);
        fc.pre(!redactUrl(url.replace(secret, 'Zq9Zq9')).includes(password));
        const message = `cannot log in as ${password} (${secret}) at ${url}`;
        expect(hideSecrets(message, urlSecrets(url))).not.toContain(password);
      }),
    );
  });
});

describe('hideSecrets', () => {
  it('should replace every occurrence, the longest secret first, and nothing for no secret', () => {
    expect(hideSecrets('a pw and pw2 and pw', ['pw', 'pw2'])).toBe('a *** and *** and ***');
    expect(hideSecrets('nothing here', ['', 'absent'])).toBe('nothing here');
  });
});
