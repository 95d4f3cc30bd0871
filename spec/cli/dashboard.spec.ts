// The live view from the command line, as a user meets it: `tune --dashboard 0` serves the run
// while it lasts and its state grows generation by generation; `tilefall dashboard` serves a
// checkpoint, follows it as it changes and stops on Ctrl-C; a port in use is one line, exit 2.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardState } from '../../tuner/dashboard-state.js';
import { BIN, runCli, runCliAsync } from '../support/cli.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-dashboard-');
const TRAIN = join(tmp, 'train.txt');
const VALIDATE = join(tmp, 'validate.txt');
const CHECKPOINT = join(tmp, 'run.ckpt');
const GENERATIONS = 6;

/** A small samegame run on `workers` threads, then `extra`. */
const tuneArgs = (extra: string[] = [], workers = '1') => [
  'samegame',
  'tune',
  '--train',
  TRAIN,
  '--validate',
  VALIDATE,
  '--population',
  '6',
  '--generations',
  String(GENERATIONS),
  '--nodes',
  '1500',
  '--workers',
  workers,
  '--out',
  join(tmp, 'out.json'),
  ...extra,
];

/** A running tilefall, its stderr so far and its exit. */
interface Running {
  readonly child: ChildProcess;
  stderr: string;
  readonly exit: Promise<number | null>;
}

function start(args: readonly string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: REPO_DIR,
    env: { ...process.env, TILEFALL_DEBUG: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const running: Running = {
    child,
    stderr: '',
    exit: new Promise((resolve) => child.on('close', (status) => resolve(status))),
  };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    running.stderr += chunk;
  });
  return running;
}

/** The URL the command says it serves, once it says it. */
async function urlOf(running: Running): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const url = running.stderr.match(/ at (http:\/\/\S+\/)/)?.[1];
    if (url !== undefined) return url;
    if (running.child.exitCode !== null) throw new Error(`exited first: ${running.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no URL said: ${running.stderr}`);
}

/** The state the server answers now, or undefined once it is gone. */
async function stateAt(url: string): Promise<DashboardState | undefined> {
  try {
    return (await (await fetch(`${url}state.json`)).json()) as DashboardState;
  } catch {
    return undefined;
  }
}

/** Runs `tilefall ARGS`, polling its live view every 100 ms until it exits: its page, every state seen, its exit. */
async function watched(
  args: readonly string[],
): Promise<{ states: DashboardState[]; page: string; url: string; exit: number | null }> {
  const running = start(args);
  const url = await urlOf(running);
  const page = await (await fetch(url)).text();
  const states: DashboardState[] = [];
  let done = false;
  running.exit.then(() => {
    done = true;
  });
  while (!done) {
    const state = await stateAt(url);
    if (state !== undefined) states.push(state);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { states, page, url, exit: await running.exit };
}

/** A port some other program holds until `release`. */
async function heldPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

beforeAll(() => {
  for (const [file, seed] of [
    [TRAIN, '1'],
    [VALIDATE, '2'],
  ])
    expect(runCli(['samegame', 'generate', '--count', '3', '--seed', seed, '--out', file]).status).toBe(0);
});

describe('tune --dashboard', () => {
  let states: DashboardState[] = [];
  let page = '';
  let url = '';
  let exit: number | null = null;

  beforeAll(async () => {
    ({ states, page, url, exit } = await watched(
      tuneArgs(['--dashboard', '0', '--checkpoint', CHECKPOINT, '--force']),
    ));
  }, 120_000);

  it('should serve on loopback at a free port it prints, and the run should end as without it', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(exit).toBe(0);
  });

  it('should serve the page, which speaks of generations', () => {
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('generation');
  });

  it('should answer a state whose generations and games grow as the run goes on', () => {
    const counts = states.map((s) => s.generations.length);
    const games = states.map((s) => s.games.played);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(2);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(games).toEqual([...games].sort((a, b) => a - b));
    expect(Math.max(...counts)).toBeLessThanOrEqual(GENERATIONS);
    const last = states[states.length - 1];
    expect(last.parameters.map((p) => p.bounds).every((b) => b !== null)).toBe(true);
    expect(last.generations.every((g) => g.values.length === last.parameters.length)).toBe(true);
  });

  it('should answer, before it exits, the finished run with its held-out check and every game it played', () => {
    const report = JSON.parse(readFileSync(join(tmp, 'out.json'), 'utf8')).report;
    const last = states[states.length - 1];
    expect(last).toMatchObject({ phase: 'finished', finished: true, current: null, games: report.games });
    expect(last.validation?.difference).toBe(report.validation.difference.mean);
    // Polled every 100 ms, the run is seen starting or evolving before it is seen finished.
    const phases = states.map((s) => s.phase).filter((p, i, all) => i === 0 || all[i - 1] !== p);
    expect(phases.at(-1)).toBe('finished');
    expect(phases.indexOf('generations')).toBeLessThan(phases.indexOf('finished'));
  });

  it('should give the generations the checkpoint holds, each with its best genome', () => {
    const saved = JSON.parse(readFileSync(CHECKPOINT, 'utf8')).state.history as {
      best: number;
      bestGenome: number[];
    }[];
    const seen = states.reduce((a, b) => (b.generations.length > a.generations.length ? b : a));
    expect(seen.generations.map((g) => [g.best, g.values])).toEqual(
      saved.slice(0, seen.generations.length).map((h) => [h.best, h.bestGenome]),
    );
  });

  it('should answer while the run goes on when every solve is in its own thread (--workers 0)', async () => {
    const inThread = await watched(tuneArgs(['--dashboard', '0'], '0'));
    expect(inThread.exit).toBe(0);
    expect(inThread.states.some((s) => s.phase === 'generations')).toBe(true);
  }, 120_000);

  it('should refuse a port in use with one line and exit 2, before any game', async () => {
    const held = await heldPort();
    try {
      const run = await runCliAsync(tuneArgs(['--dashboard', String(held.port)]));
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`tilefall: cannot serve the dashboard on 127.0.0.1:${held.port}: the port is in use\n`);
    } finally {
      held.server.close();
    }
  });

  it('should refuse --dashboard-host without --dashboard', () => {
    const run = runCli(tuneArgs(['--dashboard-host', '0.0.0.0']));
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      'tilefall: option --dashboard-host: is where the live view listens: give --dashboard PORT too\n',
    );
  });
});

describe('tilefall dashboard --checkpoint', () => {
  it('should serve a checkpoint, follow it as it changes, and stop on SIGINT with exit 0', async () => {
    const file = join(tmp, 'followed.ckpt');
    const checkpoint = JSON.parse(readFileSync(CHECKPOINT, 'utf8'));
    const history = checkpoint.state.history as unknown[];
    const write = (generations: number) => {
      const next = `${file}.tmp`;
      writeFileSync(
        next,
        JSON.stringify({ ...checkpoint, state: { ...checkpoint.state, history: history.slice(0, generations) } }),
      );
      renameSync(next, file);
    };
    write(2);
    const running = start(['dashboard', '--checkpoint', file]);
    const url = await urlOf(running);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await stateAt(url))?.generations.length).toBe(2);
    expect((await stateAt(url))?.phase).toBe('generations');
    write(history.length);
    const followed = await stateAt(url);
    expect(followed?.generations.length).toBe(history.length);
    expect(followed?.phase).toBe('generations done');
    expect((await fetch(`${url}nothing`)).status).toBe(404);
    running.child.kill('SIGINT');
    expect(await running.exit).toBe(0);
    expect(await stateAt(url)).toBeUndefined();
  }, 60_000);

  it('should wait for a checkpoint not written yet, saying so once, then serve it; Ctrl-C while it waits exits 0', async () => {
    const file = join(tmp, 'later.ckpt');
    const running = start(['dashboard', '--checkpoint', file]);
    for (let waited = 0; !running.stderr.includes('waiting for') && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running.stderr).toBe(
      `tilefall: waiting for ${file}: a run writes its checkpoint after its first generation\n`,
    );
    writeFileSync(`${file}.tmp`, readFileSync(CHECKPOINT));
    renameSync(`${file}.tmp`, file);
    const url = await urlOf(running);
    expect((await stateAt(url))?.generations.length).toBeGreaterThan(0);
    running.child.kill('SIGINT');
    expect(await running.exit).toBe(0);
    const never = start(['dashboard', '--checkpoint', join(tmp, 'never.ckpt')]);
    for (let waited = 0; !never.stderr.includes('waiting for') && waited < 30_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    never.child.kill('SIGINT');
    expect(await never.exit).toBe(0);
  }, 60_000);

  it('should keep the last state and say why when the checkpoint stops reading', async () => {
    const file = join(tmp, 'broken.ckpt');
    writeFileSync(file, readFileSync(CHECKPOINT));
    const running = start(['dashboard', '--checkpoint', file]);
    const url = await urlOf(running);
    const before = await stateAt(url);
    writeFileSync(file, '{"format": "tilefall-tune-checkpoint"');
    const after = await stateAt(url);
    expect(after?.generations).toEqual(before?.generations);
    expect(after?.error).toMatch(/^cannot read the checkpoint now: /);
    running.child.kill('SIGTERM');
    expect(await running.exit).toBe(0);
  }, 60_000);

  it('should refuse a file that is not a checkpoint with one line and exit 2', () => {
    const file = join(tmp, 'not.ckpt');
    writeFileSync(file, '{"weights": {}}\n');
    const run = runCli(['dashboard', '--checkpoint', file]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `tilefall: ${file}: is not a tilefall checkpoint: field "format": Invalid input: expected "tilefall-tune-checkpoint"\n`,
    );
  });

  it('should refuse a port in use and a host it cannot listen on, each with one line and exit 2', async () => {
    const held = await heldPort();
    try {
      const taken = await runCliAsync(['dashboard', '--checkpoint', CHECKPOINT, '--port', String(held.port)]);
      expect(taken.status).toBe(2);
      expect(taken.stderr).toBe(`tilefall: cannot serve the dashboard on 127.0.0.1:${held.port}: the port is in use\n`);
    } finally {
      held.server.close();
    }
    const elsewhere = runCli(['dashboard', '--checkpoint', CHECKPOINT, '--host', '203.0.113.7']);
    expect(elsewhere.status).toBe(2);
    expect(elsewhere.stderr).toMatch(
      /^tilefall: cannot serve the dashboard on 203\.0\.113\.7:0: the address is not one of this machine's \(EADDRNOTAVAIL\)\n$/,
    );
  });

  it('should refuse a host it cannot listen on at once, not after waiting for a checkpoint not written yet', () => {
    const run = runCli(['dashboard', '--checkpoint', join(tmp, 'not-yet.ckpt'), '--host', '203.0.113.7'], {
      timeoutMs: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^tilefall: cannot serve the dashboard on 203\.0\.113\.7:0: .*\n$/);
  });
});
