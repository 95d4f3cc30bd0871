// `--queue URL` and the Redis password: for random passwords (with @ / ? # % and any other
// character in them) given every way the guide allows (in the URL's user part, in its query, in
// TILEFALL_REDIS_PASSWORD), every byte tilefall prints is searched for the password, through each
// command that takes --queue: a URL that cannot be read, a Redis that is down, a Redis that asks for
// another password, the option given twice. The CLI runs in the spec's own process (every write to
// stdout and stderr, the client libraries' included); a few cases run as a user runs them too.
import { createServer } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_PASSWORD_VARIABLE } from '../../lib/node/redis-queue.js';
import { UNNEEDED_PASSWORD_LINE } from '../../lib/node/redis-warnings.js';
import { runCli, runCliAsync } from '../support/cli.js';
import { runInProcess } from '../support/cli-in-process.js';
import { freePort, RedisServer } from '../support/redis.js';
import { repoPath } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-queue-option-');
const BOARD = repoPath('datasets/samegame/demo-board.txt');
const TRAIN = repoPath('datasets/samegame/bots-validate.txt');

/** The commands that take --queue, each cut short before any work when the queue cannot be used. */
const COMMANDS: readonly ((url: string) => string[])[] = [
  (url) => ['worker', '--queue', url],
  (url) => ['samegame', 'solve', '--board', BOARD, '--nodes', '100', '--queue', url],
  (url) => [
    ...['samegame', 'tune', '--train', TRAIN, '--validate', TRAIN, '--population', '2', '--generations', '1'],
    ...['--out', join(tmp, 'never.json'), '--queue', url],
  ],
];

/** Every way the guide lets a password be given, with HOST where the server goes and P where the password does. */
const FORMS: readonly { readonly url: string; readonly raw?: boolean; readonly variable?: boolean }[] = [
  { url: 'redis://:P@HOST' },
  { url: 'redis://tuner:P@HOST' },
  { url: 'rediss://tuner:P@HOST' },
  { url: 'redis://HOST?password=P' },
  { url: 'redis://HOST/0?db=0&password=P' },
  { url: 'redis://:P@HOST', raw: true },
  { url: 'redis://HOST?password=P', raw: true },
  { url: 'redis://HOST', variable: true },
  { url: 'redis://tuner@HOST', variable: true },
];

/** A password: at least 8 characters of any kind, the URL's special ones among them. */
const passwordArb = fc
  .tuple(
    fc.string({ minLength: 6, maxLength: 16, unit: 'grapheme' }),
    fc.constantFrom('@', '/', '?', '#', '%', ':', '&', '=', '%40', ' '),
    fc.string({ minLength: 2, maxLength: 6, unit: 'grapheme-ascii' }),
  )
  .map(([a, special, b]) => `${a}${special}${b}`)
  // The rest of a message may show a short common text by itself: a password is distinctive.
  .filter((password) => password.trim().length >= 8 && !/^[\s\d.:]*$/.test(password));

/** `form` filled in: its URL, and the environment it runs with. */
function given(form: (typeof FORMS)[number], host: string, password: string) {
  const secret = form.raw ? password : encodeURIComponent(password);
  return {
    url: form.url.replace('HOST', host).replace('P', form.variable ? '' : secret),
    env: (form.variable ? { [REDIS_PASSWORD_VARIABLE]: password } : {}) as Record<string, string>,
  };
}

/** `main` on `args` with `env` added to the environment; everything it printed. */
async function printed(args: string[], env: Record<string, string>): Promise<{ status: number; text: string }> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const run = await runInProcess(args);
    return { status: run.status, text: run.stdout + run.stderr };
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** True when `text` shows `password` or its percent-encoding, or the part of it a URL parser would read as a host. */
const shows = (text: string, password: string): boolean =>
  text.includes(password) || text.includes(encodeURIComponent(password));

describe('--queue and the Redis password', () => {
  let guarded: RedisServer | undefined;
  let down = '';
  beforeAll(async () => {
    guarded = await RedisServer.start({ password: 'the-server-s-own' });
    down = `127.0.0.1:${await freePort()}`;
  }, 30_000);
  afterAll(async () => {
    await guarded?.stop();
  });

  it('should print no password, however given, whether Redis is down or asks for another one', async () => {
    const server = `127.0.0.1:${guarded?.port}`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORMS),
        fc.constantFrom(...COMMANDS),
        fc.constantFrom(down, server),
        passwordArb,
        async (form, command, host, password) => {
          const { url, env } = given(form, host, password);
          const run = await printed(command(url), env);
          expect(run.status).toBe(2);
          expect(run.text.trim().split('\n')).toHaveLength(1);
          expect(shows(run.text, password)).toBe(false);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('should refuse --queue given twice without showing either URL', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COMMANDS), passwordArb, passwordArb, async (command, first, second) => {
        const args = [...command(given(FORMS[0], down, first).url), '--queue', given(FORMS[1], down, second).url];
        const run = await printed(args, {});
        expect(run).toEqual({ status: 2, text: 'tilefall: option --queue given more than once: give it once\n' });
      }),
      { numRuns: 20 },
    );
  });

  it('should show no password of a URL given without --queue, which yargs quotes as an unknown argument', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORMS.filter((f) => !f.variable)), passwordArb, async (form, password) => {
        const { url } = given(form, down, password);
        const run = await printed(['worker', '--queue', `redis://${down}`, url], {});
        expect(run.status).toBe(2);
        expect(run.text).toMatch(/^tilefall: Unknown argument: /);
        expect(shows(run.text, password)).toBe(false);
      }),
      { numRuns: 20 },
    );
  });

  it('should refuse a password typed raw with / ? or #, which would be read as the host, without showing any of it', async () => {
    for (const url of [`redis://:pa/ss?w#rd@${down}`, `redis://u:p@ss/w?rd@${down}`, `redis://${down}?password=p@ss`]) {
      const run = await printed(['worker', '--queue', url], {});
      expect(run).toEqual({
        status: 2,
        text: 'tilefall: option --queue: the URL has an @ after a /, ? or #: write the user and password percent-encoded (@ as %40, / as %2F, ? as %3F, # as %23, % as %25)\n',
      });
    }
  });

  it('should answer a database or query the Redis client would misread in one line, exit 2, before any work', async () => {
    const secret = 'the-server-s-own';
    const server = `127.0.0.1:${guarded?.port}`;
    // Once a crash (SELECT NaN, a timeout that is not a number), a stack trace per client
    // (no database 99), a hang (BullMQ refuses ioredis's keyPrefix): each run as a user runs it.
    const tails = ['/abc', '?db=abc', '/-1', '/1.5', '/99', '?keyPrefix=x', '?connectTimeout=abc'];
    const runs = await Promise.all(
      tails.flatMap((tail) =>
        COMMANDS.map((command) => runCliAsync(command(`redis://:${secret}@${server}${tail}`), { timeoutMs: 20_000 })),
      ),
    );
    for (const run of runs) {
      expect(run.stderr).toMatch(/^tilefall: (option --queue: the URL|cannot reach Redis at .*: ERR DB index)/);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: '' });
      expect(run.stderr).not.toContain(secret);
    }
  }, 120_000);

  it('should answer in one line, within seconds, a port where no Redis answers: silent, or talking back', async () => {
    // Once `queue status` and `worker` waited forever on a silent port, and an echo ended in stack traces.
    const servers = [
      createServer((socket) => socket.on('error', () => {})),
      createServer((socket) => socket.on('error', () => {}).pipe(socket)),
    ];
    const ports = await Promise.all(
      servers.map(async (server) => {
        const port = await freePort();
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        return port;
      }),
    );
    try {
      const runs = await Promise.all(
        ports.flatMap((port) =>
          [COMMANDS[0], COMMANDS[1]].map((command) =>
            runCliAsync(command(`redis://:not-shown@127.0.0.1:${port}`), { timeoutMs: 20_000 }),
          ),
        ),
      );
      for (const run of runs) {
        expect(run.stderr).toMatch(
          /^tilefall: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: .*is it a Redis/,
        );
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(run.status).toBe(2);
      }
    } finally {
      for (const server of servers) server.close();
    }
  }, 60_000);

  it('should say once, in its own line, that a Redis asking for no password was given one', async () => {
    const open = await RedisServer.start();
    try {
      const url = `redis://127.0.0.1:${open.port}`;
      const runs = await Promise.all([
        runCliAsync(['queue', 'status', '--queue', url.replace('//', '//:not-needed@')]),
        runCliAsync(['queue', 'clean', '--queue', url], { env: { [REDIS_PASSWORD_VARIABLE]: 'not-needed' } }),
      ]);
      for (const run of runs) {
        expect(run.status).toBe(0);
        // ioredis's own warning was one line per connection, in no form of tilefall's.
        expect(run.stderr).toBe(UNNEEDED_PASSWORD_LINE);
      }
    } finally {
      await open.stop();
    }
  }, 60_000);

  it('should print no password as a user runs it either, the wrong one in the URL or in the variable', () => {
    const password = 'Qz7@k/9?x#%w';
    const server = `127.0.0.1:${guarded?.port}`;
    const runs = [
      runCli(COMMANDS[0](`redis://:${encodeURIComponent(password)}@${server}`)),
      runCli(COMMANDS[1](`rediss://tuner:${encodeURIComponent(password)}@${down}`)),
      runCli(COMMANDS[2](`redis://${server}`), { env: { [REDIS_PASSWORD_VARIABLE]: password } }),
    ];
    for (const run of runs) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^tilefall: cannot reach Redis at /);
      expect(shows(run.stdout + run.stderr, password)).toBe(false);
    }
    expect(runs[0].stderr).toMatch(/: WRONGPASS /);
  }, 120_000);
});
