import { describe, expect, it } from 'vitest';
import { redactUrlWords, secretHider } from '../../lib/cli/secret-args.js';

describe('secretHider', () => {
  it("should hide the passwords of the command line's queue URLs and of TILEFALL_REDIS_PASSWORD", () => {
    const hide = secretHider(
      ['worker', '--queue', 'redis://:p%40ss1@h', 'rediss://u:pw-two@h', '--queue=h?password=third-one'],
      { TILEFALL_REDIS_PASSWORD: 'from-the-env' },
    );
    expect(hide('p@ss1 p%40ss1 pw-two third-one from-the-env')).toBe('*** *** *** *** ***');
  });

  it('should leave a message alone when nothing is secret', () => {
    expect(secretHider(['samegame', 'verify', '--board', 'b@home.txt'], {})('b@home.txt line 3: bad')).toBe(
      'b@home.txt line 3: bad',
    );
  });
});

describe('redactUrlWords', () => {
  it('should show each URL among the words of a message redacted', () => {
    expect(redactUrlWords('Unknown arguments: extra, rediss://u:s3cret@h, h?password=s3cret')).toBe(
      'Unknown arguments: extra, rediss://u:***@h, h?password=***',
    );
  });
});
