// `samegame tune --bot` and `columns tune --bot` with a small deterministic program
// (spec/support/param-bot.mjs): the output is byte-identical whatever the workers and after a
// `kill -9` and `--resume`, failed games are counted genome by genome, and bad input is one line.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInstances } from '../../lib/columns/engine/text.js';
import { formatBoards } from '../../lib/samegame/engine/text.js';
import { generated as generatedInstances } from '../columns/arbitraries.js';
import { generated } from '../samegame/boards.js';
import { runCli } from '../support/cli.js';
import { runInProcess } from '../support/cli-in-process.js';
import { leftBehind, sleepMarker } from '../support/processes.js';
import { REPO_DIR, repoPath } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-bot-tune-');
const BOT = repoPath('spec/support/param-bot.mjs');
const TRAIN = join(tmp, 'train.txt');
const VALIDATE = join(tmp, 'validate.txt');
/** The param bot's three parameters; the start of `a` sits on its crash rule (a > 3): about half the genomes crash. */
const PARAMS = repoPath('spec/support/param-bot-params.json');
const file = (name: string, content: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};

beforeAll(() => {
  writeFileSync(TRAIN, `${formatBoards(generated({ count: 2, seed: 61 }))}\n`);
  writeFileSync(VALIDATE, `${formatBoards(generated({ count: 2, seed: 62 }))}\n`);
});

/**
 * A small run of the bot that crashes when a > 3, on limits far above what it needs (so only its
 * crashes fail, whatever the machine's load), then `extra`.
 */
const botTune = (out: string, ...extra: string[]): string[] => [
  'samegame',
  'tune',
  '--bot',
  `node ${BOT} --crash-if a>3`,
  '--params',
  PARAMS,
  '--train',
  TRAIN,
  '--validate',
  VALIDATE,
  '--population',
  '4',
  '--generations',
  '2',
  '--seed',
  '3',
  '--final-candidates',
  '2',
  '--final-repeats',
  '1',
  '--first-turn-ms',
  '30000',
  '--turn-ms',
  '10000',
  '--out',
  out,
  ...extra,
];

/** Runs the CLI, expecting exit 0, and returns the output file's text. */
function tuned(args: string[]): string {
  const run = runCli(args, { timeoutMs: 240_000 });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(args[args.indexOf('--out') + 1], 'utf8');
}

let reference: string | undefined;
/** The run on this thread, computed once. */
const inThread = (): string => {
  reference ??= tuned(botTune(join(tmp, 'w0.json'), '--workers', '0'));
  return reference;
};

describe('tilefall samegame tune --bot', () => {
  it('should write byte-identical outputs with 0, 1 and 2 workers', () => {
    const zero = inThread();
    expect(tuned(botTune(join(tmp, 'w1.json'), '--workers', '1'))).toBe(zero);
    expect(tuned(botTune(join(tmp, 'w2.json'), '--workers', '2'))).toBe(zero);
  }, 600_000);

  it('should survive kill -9 and, resumed, write the byte-identical output', async () => {
    const whole = inThread();
    const checkpoint = join(tmp, 'killed.ckpt');
    const out = join(tmp, 'killed.json');
    const args = botTune(out, '--workers', '2', '--checkpoint', checkpoint);
    const child = spawn(process.execPath, [`${REPO_DIR}bin/tilefall.mjs`, ...args], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    while (!existsSync(checkpoint)) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(out)).toBe(false);
    expect(tuned([...args, '--resume'])).toBe(whole);
  }, 600_000);

  it('should count the failed games genome by genome, naming their parameters, and score them 0', () => {
    const output = JSON.parse(inThread());
    const { failures, limits, limitsRelaxed, noise, bot } = output.report;
    expect(bot.command).toBe(`node ${BOT} --crash-if a>3`);
    // Every genome named has a > 3 (the bot's crash rule) and failed each of its games by a crash.
    expect(failures.genomes.length).toBeGreaterThan(0);
    for (const genome of failures.genomes) {
      expect(genome.params.a).toBeGreaterThan(3);
      expect(genome).toMatchObject({ crash: genome.games });
      // The bot exits with code 3 on its second answer: the detail judge would show.
      expect(genome.first).toEqual({
        kind: 'crash',
        detail: 'turn 2: its output closed before an answer (exit code 3)',
      });
      expect(Number.isInteger(genome.params.b)).toBe(true);
    }
    expect(failures.crash).toBe(failures.genomes.reduce((s: number, g: { crash: number }) => s + g.crash, 0));
    expect(failures).toMatchObject({ timeout: 0, invalid: 0, memory: 0, failed: failures.crash });
    // The start on 2 boards, 2 generations of 4 genomes on 2, 2 finalists on 2, 2 sides of validation on 2.
    expect(failures.games).toBe(2 + 2 * 4 * 2 + 2 * 2 + 2 * 2);
    // A genome that crashed every game has fitness 0: no history entry's best is one of them.
    for (const h of output.report.history)
      for (const f of h.failures ?? []) if (f.failed.crash === f.games) expect(f.genome).not.toEqual(h.bestGenome);
    expect(limits).toEqual({ protocol: 'multi-turn', firstTurnMs: 30_000, turnMs: 10_000, memoryMb: 768 });
    expect(limitsRelaxed).toEqual(["--first-turn-ms 30000 (the site's: 20000)", "--turn-ms 10000 (the site's: 50)"]);
    expect(noise).toMatch(/wall clock plays differently each time/);
    expect(Object.keys(output.params)).toEqual(['a', 'b', 'c']);
  });

  it('should flag a tuned parameter that ends on its bound, in the report and the summary', () => {
    // The bot ignores d, an integer of [0, 1]: handed to it rounded, it always ends on a bound.
    const params = file(
      'with-d.json',
      JSON.stringify({ ...JSON.parse(readFileSync(PARAMS, 'utf8')), d: { min: 0, max: 1, start: 0, integer: true } }),
    );
    const args = botTune(join(tmp, 'on-bound.json'), '--workers', '2');
    args[args.indexOf('--params') + 1] = params;
    args[args.indexOf('--generations') + 1] = '1';
    const run = runCli(args, { timeoutMs: 240_000 });
    expect(run.status, run.stderr).toBe(0);
    const output = JSON.parse(readFileSync(join(tmp, 'on-bound.json'), 'utf8'));
    const d = output.params.d as number;
    expect(output.report.onBounds).toContainEqual({
      name: 'd',
      value: d,
      bound: d === 0 ? 'min' : 'max',
      min: 0,
      max: 1,
    });
    expect(run.stdout).toMatch(
      new RegExp(`^on its bound: widen the range: .*\\bd ${d} \\(${d === 0 ? 'min 0' : 'max 1'}\\)`, 'm'),
    );
  }, 240_000);

  it('should start from the parameters of --start, such as a previous output', () => {
    const previous = file('previous.json', JSON.stringify({ params: { a: -2, b: 2, c: 0.5 }, report: {} }));
    const args = botTune(join(tmp, 'from-start.json'), '--workers', '0', '--start', previous);
    const report = JSON.parse(tuned(args)).report;
    expect(report.finalists.find((f: { origin: string }) => f.origin === 'start').params).toEqual({
      a: -2,
      b: 2,
      c: 0.5,
    });
  }, 240_000);
});

describe('tilefall samegame tune --bot with a bot that leaves processes behind', () => {
  it("should kill every process the bot leaves, on worker threads too, and never show it tilefall's Redis password", async () => {
    const marker = sleepMarker();
    const log = join(tmp, 'hostile-environment.json');
    const hostile = `node ${repoPath('spec/support/hostile-program.mjs')} --read 15 --answer '0 1\\n' --env-log ${log}`;
    const args = botTune(join(tmp, 'hostile.json'), '--workers', '1');
    args[args.indexOf('--bot') + 1] = `${hostile} --leave own-stdio ${marker}`;
    args[args.indexOf('--generations') + 1] = '1';
    args[args.indexOf('--population') + 1] = '2';
    const run = runCli(args, { env: { TILEFALL_REDIS_PASSWORD: 'coordinator-secret' }, timeoutMs: 120_000 });
    // Its one answer is illegal, or it is gone when asked for another: it never plays, and the run
    // stops after its first games, killing what they left all the same.
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^tilefall: the program failed every one of its first 4 games/);
    expect(await leftBehind(marker)).toEqual([]);
    const seen = JSON.parse(readFileSync(log, 'utf8')) as Record<string, string>;
    expect(seen).not.toHaveProperty('TILEFALL_REDIS_PASSWORD');
    expect(seen.TILEFALL_PARAMS).toMatch(/^\{"a":/);
  }, 180_000);
});

describe('tilefall columns tune --bot', () => {
  it('should tune a Columns program, counting its invalid outputs', () => {
    const train = file('c-train.txt', formatInstances(generatedInstances({ seed: 5, count: 2, columns: [30, 60] })));
    const validate = file(
      'c-validate.txt',
      formatInstances(generatedInstances({ seed: 9, count: 2, columns: [30, 60] })),
    );
    const out = join(tmp, 'columns.json');
    const args = [
      'columns',
      'tune',
      '--bot',
      `node ${BOT} --columns --illegal-if c>0.5`,
      '--params',
      PARAMS,
      '--train',
      train,
      '--validate',
      validate,
      '--population',
      '3',
      '--generations',
      '2',
      '--final-candidates',
      '2',
      '--final-repeats',
      '1',
      '--workers',
      '2',
      '--time-ms',
      '30000',
      '--out',
      out,
    ];
    const run = runCli(args, { timeoutMs: 240_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^validation on 2 instances, one judged game each:$/m);
    const report = JSON.parse(readFileSync(out, 'utf8')).report;
    expect(report.game).toBe('columns-solver');
    expect(report.bot.command).toBe(`node ${BOT} --columns --illegal-if c>0.5`);
    expect(report.limits).toEqual({ timeMs: 30_000, memoryMb: 1024 });
    for (const genome of report.failures.genomes) {
      expect(genome.params.c).toBeGreaterThan(0.5);
      expect(genome.invalid).toBe(genome.games);
    }
  }, 240_000);
});

describe('tune with a program that never plays', () => {
  /** A shell script in the scratch folder that logs each start to `log`, then does `body`. */
  const script = (name: string, log: string, body: string): string => {
    const path = file(name, `#!/bin/sh\necho started >> ${log}\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const started = (log: string): number => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0);
  /** A big run's arguments, which only the stop rule ends quickly: 20 genomes, a budget of a million games. */
  const bigRun = (game: 'samegame' | 'columns', option: string, command: string, out: string, ...extra: string[]) => [
    game,
    'tune',
    `--${option}`,
    command,
    '--params',
    PARAMS,
    '--train',
    game === 'samegame' ? TRAIN : COLUMNS_TRAIN,
    '--validate',
    game === 'samegame' ? VALIDATE : COLUMNS_TRAIN,
    '--population',
    '20',
    '--games',
    '1000000',
    '--workers',
    '2',
    '--out',
    out,
    ...extra,
  ];
  /** Two generations' worth of games of {@link bigRun} on two instances. */
  const TWO_GENERATIONS = 2 * 20 * 2;
  const COLUMNS_TRAIN = join(tmp, 'never-columns.txt');
  beforeAll(() =>
    writeFileSync(COLUMNS_TRAIN, formatInstances(generatedInstances({ seed: 5, count: 2, columns: [30, 60] }))),
  );

  it.each([
    [
      'crashes at once',
      'echo "Traceback: no\x1b[31m model" >&2; exit 3',
      [],
      'crash',
      /crash \(turn 1: its output closed before an answer \(exit code 3\); stderr: Traceback: no\\u001b\[31m model\)$/,
    ],
    ['prints garbage', 'while read l; do echo "hello world"; done', [], 'invalid', /invalid \(action 1 \S+: .+\)$/],
    ['hangs', 'sleep 60', ['--first-turn-ms', '300'], 'timeout', /timeout \(turn 1: no answer within \d+ ms\)$/],
  ] as const)(
    "should stop a bot that %s after its first games: exit 1, one line with the kind and the first game's detail",
    async (what, body, extra, kind, detail) => {
      const log = join(tmp, `never-${kind}.log`);
      const bot = script(`never-${kind}.sh`, log, body);
      const out = join(tmp, `never-${kind}.json`);
      const run = runCli(bigRun('samegame', 'bot', bot, out, ...extra), { timeoutMs: 120_000 });
      expect(run.status, `${what}: ${run.stderr}`).toBe(1);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^tilefall: the program failed every one of its first 4 games \\(${kind} 4\\)`),
      );
      expect(lines[0]).toMatch(detail);
      expect(started(log)).toBeGreaterThan(0);
      expect(started(log)).toBeLessThanOrEqual(TWO_GENERATIONS);
      expect(existsSync(out)).toBe(false);
    },
    180_000,
  );

  it('should stop a Columns program that crashes at once, with its exit code and stderr line', async () => {
    const log = join(tmp, 'never-columns.log');
    const solver = script('never-columns.sh', log, 'echo "segfault in solve()" >&2; exit 139');
    const run = runCli(bigRun('columns', 'bot', solver, join(tmp, 'never-columns.json')), { timeoutMs: 120_000 });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^tilefall: the program failed every one of its first 4 games \(crash 4\).*: crash \(exit code 139; stderr: segfault in solve\(\)\)$/,
      ),
    ]);
    expect(started(log)).toBeLessThanOrEqual(TWO_GENERATIONS);
  }, 180_000);

  it("should refuse an interpreter's missing script before any game: exit 2, one line", async () => {
    const missing = join(tmp, 'no-such-solver.mjs');
    const run = await runInProcess(bigRun('columns', 'bot', `node ${missing}`, join(tmp, 'never.json')));
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `tilefall: option --bot: cannot start "node ${missing}": no such script ${missing}`,
    ]);
  });

  it('should refuse a program that cannot be started: exit 2, one line, as judge and conform do', async () => {
    const run = await runInProcess(bigRun('samegame', 'bot', join(tmp, 'no-such-bot'), join(tmp, 'never.json')));
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `tilefall: option --bot: cannot start "${join(tmp, 'no-such-bot')}": no such program (not found, or not on the PATH)`,
    ]);
  });
});

describe('bad input to tune --bot', () => {
  const quick = (params: string, ...extra: string[]) => [
    'samegame',
    'tune',
    '--bot',
    `node ${BOT}`,
    '--params',
    params,
    '--train',
    TRAIN,
    '--validate',
    VALIDATE,
    '--out',
    join(tmp, 'never.json'),
    ...extra,
  ];

  it.each([
    ['min above max', '{ "depth": { "min": 4, "max": 1, "start": 2 } }', 'parameter "depth": min 4 is more than max 1'],
    [
      'min equal to max',
      '{ "depth": { "min": 2, "max": 2, "start": 2 } }',
      'parameter "depth": min and max are both 2: nothing to tune (give a range, or leave it out and fix it in the program)',
    ],
    [
      'a start outside',
      '{ "tabu": { "min": -20, "max": 20, "start": 30 } }',
      'parameter "tabu": start 30 is outside [-20, 20]',
    ],
    [
      'an integer with a fractional bound',
      '{ "depth": { "min": 1, "max": 4.5, "start": 2, "integer": true } }',
      'parameter "depth": an integer parameter needs an integer max, found 4.5',
    ],
    [
      'an unknown key',
      '{ "tabu": { "min": 0, "max": 1, "start": 0, "step": 1 } }',
      'parameter "tabu": unknown key "step" (known: min, max, start, integer)',
    ],
    ['an empty object', '{}', 'names no parameter: give at least one, with its min, max and start'],
  ])(
    'should refuse a params.json with %s: exit 2, one line naming the file and the parameter',
    async (_what, text, message) => {
      const params = file('bad-params.json', text);
      const run = await runInProcess(quick(params));
      expect(run.status).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toEqual([`tilefall: ${params}: ${message}`]);
      expect(existsSync(join(tmp, 'never.json'))).toBe(false);
    },
  );

  it('should refuse a params.json that is not JSON, in one line', async () => {
    const params = file('not-json.json', '{ "a": ');
    const run = await runInProcess(quick(params));
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/not-json\.json: is not valid JSON/);
  });

  it('should refuse --bot without --params, --params without --bot, and a command it cannot split', async () => {
    const noParams = await runInProcess([
      'samegame',
      'tune',
      '--bot',
      'node x',
      '--train',
      TRAIN,
      '--validate',
      VALIDATE,
      '--out',
      'x.json',
    ]);
    expect(noParams.status).toBe(2);
    expect(noParams.stderr.trim()).toBe(
      'tilefall: option --bot: needs --params FILE (each parameter with its min, max and start)',
    );
    const noBot = await runInProcess([
      'columns',
      'tune',
      '--params',
      PARAMS,
      '--train',
      TRAIN,
      '--validate',
      VALIDATE,
      '--out',
      'x.json',
    ]);
    expect(noBot.status).toBe(2);
    expect(noBot.stderr.trim()).toBe(`tilefall: option --params: tunes a program's parameters: give --bot "CMD" too`);
    const unclosed = await runInProcess(quick(PARAMS).map((w) => (w === `node ${BOT}` ? 'node "bot.mjs' : w)));
    expect(unclosed.status).toBe(2);
    expect(unclosed.stderr.trim()).toBe('tilefall: option --bot: unclosed " quote');
  });

  it('should refuse a program version without the program, in tune and in worker', async () => {
    const tune = await runInProcess([
      'samegame',
      'tune',
      '--bot-version',
      '2',
      '--train',
      TRAIN,
      '--validate',
      VALIDATE,
      '--out',
      'x.json',
    ]);
    expect(tune.status).toBe(2);
    expect(tune.stderr.trim()).toBe('tilefall: option --bot-version: goes with --bot "CMD"');
    const worker = await runInProcess(['worker', '--queue', 'redis://127.0.0.1:1', '--solver-version', '2']);
    expect(worker.status).toBe(2);
    expect(worker.stderr.trim()).toBe('tilefall: option --solver-version: goes with --solver "CMD"');
  });

  it('should refuse a --start outside the bounds, naming the parameter', async () => {
    const start = file('start.json', JSON.stringify({ a: 9, b: 1, c: 0 }));
    const run = await runInProcess(quick(PARAMS, '--start', start));
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(`tilefall: ${start}: parameter "a": start 9 is outside [-5, 5]`);
  });
});
