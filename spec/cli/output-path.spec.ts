// The paths the commands write, checked before any work: every option that names a file to
// write is declared so (`outputOption`), and each one, pointed where nothing can be written, is
// refused in one line before the command does anything else.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsCommands } from '../../lib/cli/columns/index.js';
import type { CliCommand } from '../../lib/cli/command.js';
import { InputFailure } from '../../lib/cli/input-error.js';
import { checkOutputs, makeFolder, outputProblem } from '../../lib/cli/output-path.js';
import { queueCommands } from '../../lib/cli/queue-command.js';
import { samegameCommands } from '../../lib/cli/samegame/index.js';
import { workerCommand } from '../../lib/cli/worker-command.js';
import { WEIGHT_NAMES } from '../../lib/samegame/search/weights.js';
import { runCliAsync } from '../support/cli.js';
import { runInProcess } from '../support/cli-in-process.js';
import { scratchDirectory } from '../support/scratch.js';

const BOARD = 'datasets/samegame/demo-board.txt';
const MOVES = 'datasets/samegame/demo-moves.txt';
const INSTANCE = 'datasets/columns/sample.txt';
const dir = scratchDirectory('tilefall-outputs-');
const COLUMNS_OUTPUT = join(dir, 'columns-output.txt');
writeFileSync(COLUMNS_OUTPUT, '0\n');
const A_FILE = join(dir, 'a-file.txt');
writeFileSync(A_FILE, 'x');

/** Every command, named as a user types it. */
const COMMANDS: readonly (readonly [string, CliCommand])[] = [
  ...samegameCommands.map((c) => [`samegame ${c.command.split(' ')[0]}`, c] as const),
  ...columnsCommands.map((c) => [`columns ${c.command.split(' ')[0]}`, c] as const),
  ['worker', workerCommand],
  ...queueCommands.map((c) => [`queue ${c.command.split(' ')[0]}`, c] as const),
];

/** Options that name a file only to read it, though their name or words say "lines" or "write". */
const READ_ONLY = new Set(['samegame bot --lines']);

/** Option names that always name a file to write. */
const OUTPUT_NAMES = new Set(['out', 'plot', 'checkpoint', 'show', 'svg', 'replays', 'lines']);

/** Each command with a path to write, and the other options of a run of it that would do work. */
const RUNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'samegame generate': { count: '1', seed: '1' },
  'samegame show': { board: BOARD, moves: MOVES },
  'samegame solve': { board: BOARD, nodes: '100' },
  'samegame bench': { boards: '1', time: '0.01', 'speed-seconds': '0.01' },
  'samegame judge': { bot: 'true', board: BOARD },
  'samegame tune': { train: BOARD, validate: BOARD, out: join(dir, 'w.json'), generations: '1', workers: '0' },
  'samegame conform': { engine: 'true' },
  'samegame vectors': { out: join(dir, 'vectors') },
  'columns generate': { seed: '1' },
  'columns show': { input: INSTANCE, output: COLUMNS_OUTPUT },
  'columns solve': { input: INSTANCE, nodes: '100' },
  'columns bench': { time: '0.01' },
  'columns tune': { train: INSTANCE, validate: INSTANCE, out: join(dir, 'w.json'), generations: '1', workers: '0' },
  'columns conform': { engine: 'true' },
  'columns vectors': { out: join(dir, 'vectors') },
};

/** Every (command, option) that names a path to write, as declared. */
const declared = COMMANDS.flatMap(([name, command]) =>
  Object.entries(command.options).flatMap(([option, spec]) => (spec.output ? [[name, option] as const] : [])),
);

/** The arguments of `command`'s run with `--option path`. */
const argsOf = (command: string, option: string, path: string): string[] => [
  ...command.split(' '),
  ...Object.entries({ ...RUNS[command], [option]: path }).flatMap(([name, value]) => [`--${name}`, value]),
];

describe('the options that name a path to write', () => {
  it('should all be declared as outputs, so that every one is checked before any work', () => {
    const undeclared = COMMANDS.flatMap(([name, command]) =>
      Object.entries(command.options).flatMap(([option, spec]) => {
        const describe = String(spec.yargs.describe ?? '');
        const writes = OUTPUT_NAMES.has(option) || /\b(writ|save|append)/i.test(describe);
        const key = `${name} --${option}`;
        return writes && spec.output === undefined && !READ_ONLY.has(key) ? [key] : [];
      }),
    );
    expect(undeclared).toEqual([]);
    for (const key of READ_ONLY) expect(declared.map(([c, o]) => `${c} --${o}`)).not.toContain(key);
  });

  it('should each have a run in this spec, so that the next one is checked too', () => {
    expect(declared.filter(([command]) => RUNS[command] === undefined)).toEqual([]);
  });

  it.each(declared)(
    'should refuse %s --%s where it cannot write, in one line, before any work',
    async (command, option) => {
      // A file's folder must be there; a folder to write into is made, but not under a file.
      const kind = COMMANDS.find(([name]) => name === command)?.[1].options[option].output?.kind;
      const [path, reason] =
        kind === 'folder'
          ? [join(A_FILE, option), `${A_FILE} is not a folder`]
          : [join(dir, 'missing', option), `its folder ${join(dir, 'missing')} does not exist`];
      const before = readdirSync(dir).sort();
      const run = await runInProcess(argsOf(command, option, path));
      expect(run.status).toBe(2);
      // Nothing else printed (no progress, no result) and nothing written: the command did no work.
      expect(run.stderr).toBe(`tilefall: ${path}: cannot be written (${reason})\n`);
      expect(run.stdout).toBe('');
      expect(readdirSync(dir).sort()).toEqual(before);
    },
  );
});

describe('outputProblem', () => {
  it('should say why a path cannot be written, or nothing when it can', () => {
    const file = A_FILE;
    expect(outputProblem(join(dir, 'new.txt'), 'file')).toBeUndefined();
    expect(outputProblem(file, 'file')).toBeUndefined();
    expect(outputProblem(file, 'append')).toBeUndefined();
    expect(outputProblem(dir, 'file')).toBe('cannot be written (is a directory)');
    expect(outputProblem(join(file, 'x'), 'file')).toBe(`cannot be written (${file} is not a folder)`);
    expect(outputProblem('/proc/self/x.json', 'file')).toBe(
      'cannot be written (its folder /proc/self: no file can be made there)',
    );
    expect(outputProblem(file, 'folder')).toBe('cannot be written (is a file, expected a folder)');
    expect(outputProblem(join(dir, 'new', 'nested'), 'folder')).toBeUndefined();
    expect(outputProblem(join(file, 'sub'), 'folder')).toBe(`cannot be written (${file} is not a folder)`);
    expect(outputProblem('/proc/self/x', 'folder')).toBe('cannot be made (in /proc/self: no file can be made there)');
    // The check leaves nothing behind.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('should take a FIFO and a device as they are, without opening them (a FIFO would wait for a reader)', () => {
    const fifo = join(dir, 'check.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(outputProblem(fifo, 'file')).toBeUndefined();
    expect(outputProblem('/dev/null', 'file')).toBeUndefined();
    expect(outputProblem('/dev/stdout', 'file')).toBeUndefined();
  });
});

describe('checkOutputs', () => {
  const options = {
    checkpoint: { yargs: {}, schema: undefined as never, output: { kind: 'checkpoint' as const } },
    out: { yargs: {}, schema: undefined as never },
  };

  it('should keep a file already at a checkpoint path unless the run resumes it or is forced', () => {
    const file = join(dir, 'kept.ckpt');
    writeFileSync(file, 'an earlier run');
    const refusal = (values: Record<string, unknown>) => {
      try {
        checkOutputs(options, values);
        return undefined;
      } catch (error) {
        return (error as InputFailure).input;
      }
    };
    expect(refusal({ checkpoint: file })).toEqual({
      file,
      message: 'already exists: give --resume to go on from its run, or --force to replace it',
    });
    expect(refusal({ checkpoint: file, resume: true })).toBeUndefined();
    expect(refusal({ checkpoint: file, force: true })).toBeUndefined();
    expect(refusal({ checkpoint: join(dir, 'new.ckpt') })).toBeUndefined();
    // An option not declared as an output is not checked.
    expect(refusal({ out: join(dir, 'missing', 'x') })).toBeUndefined();
  });
});

describe('an output file another option names too', () => {
  const options = {
    board: { yargs: {}, schema: undefined as never },
    out: { yargs: {}, schema: undefined as never, output: { kind: 'file' as const } },
    svg: { yargs: {}, schema: undefined as never, output: { kind: 'file' as const } },
  };
  const refusal = (values: Record<string, unknown>) => {
    try {
      checkOutputs(options, values);
      return undefined;
    } catch (error) {
      return (error as InputFailure).input.message;
    }
  };

  it('should be refused, however the two name it, unless it is written in place', () => {
    const input = join(dir, 'input.txt');
    writeFileSync(input, 'a board');
    const names = fc.constantFrom(input, join(dir, '.', 'input.txt'), join(dir, '..', basename(dir), 'input.txt'));
    fc.assert(
      fc.property(names, names, (read, written) => {
        expect(refusal({ board: read, out: written })).toMatch(/^is also --board, which this command reads/);
        expect(refusal({ out: read, svg: written })).toBe('given to both --out and --svg: give each its own file');
      }),
    );
    // A file not there yet, named twice, would be written twice.
    expect(refusal({ out: join(dir, 'new.svg'), svg: join(dir, 'new.svg') })).toMatch(/^given to both/);
    expect(refusal({ board: input, out: join(dir, 'a.html'), svg: join(dir, 'b.svg') })).toBeUndefined();
    expect(refusal({ out: '/dev/null', svg: '/dev/null' })).toBeUndefined();
  });

  it('should leave the input as it was and do no work', async () => {
    const moves = join(dir, 'moves-kept.txt');
    writeFileSync(moves, readFileSync(MOVES, 'utf8'));
    const run = await runInProcess(['samegame', 'show', '--board', BOARD, '--moves', moves, '--out', moves]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `tilefall: ${moves}: is also --moves, which this command reads: writing --out there would replace it\n`,
    );
    expect(readFileSync(moves, 'utf8')).toBe(readFileSync(MOVES, 'utf8'));
  });
});

describe('makeFolder', () => {
  it('should make a folder and its missing parents, and refuse one that cannot be made instead of looping', () => {
    const nested = join(dir, 'made', 'of', 'parts');
    makeFolder(nested);
    expect(statSync(nested).isDirectory()).toBe(true);
    makeFolder(nested);
    expect(() => makeFolder('/proc/self/x/y')).toThrow(InputFailure);
  });
});

describe('a checkpoint of another run', () => {
  it('should be kept by tune and solve without --resume, and replaced with --force', async () => {
    const checkpoint = join(dir, 'other-run.ckpt');
    const other = '{"format":"tilefall-tune-checkpoint","version":1,"run":{"seed":7}}\n';
    writeFileSync(checkpoint, other);
    const tune = ['samegame', 'tune', '--train', BOARD, '--validate', BOARD, '--out', join(dir, 'kept.json')];
    const kept = await runInProcess([...tune, '--checkpoint', checkpoint, '--workers', '0']);
    expect(kept.status).toBe(2);
    expect(kept.stderr).toBe(
      `tilefall: ${checkpoint}: already exists: give --resume to go on from its run, or --force to replace it\n`,
    );
    expect(readFileSync(checkpoint, 'utf8')).toBe(other);
    expect(existsSync(join(dir, 'kept.json'))).toBe(false);
    // solve's threads each have a file: any of them there is kept.
    writeFileSync(`${checkpoint}.1`, other);
    const solve = ['samegame', 'solve', '--board', BOARD, '--checkpoint', checkpoint];
    const solveKept = await runInProcess([...solve, '--nodes', '100', '--threads', '2']);
    expect(solveKept.stderr).toMatch(/other-run\.ckpt\.1: already exists: give --resume/);
    expect(readFileSync(`${checkpoint}.1`, 'utf8')).toBe(other);
    // A budget that ends a pass or more, each saved.
    const forced = await runInProcess([...solve, '--nodes', '20000', '--force', '--quiet']);
    expect(forced.status).toBe(0);
    expect(JSON.parse(readFileSync(checkpoint, 'utf8'))).toMatchObject({ format: 'tilefall-samegame-solve-state/1' });
  });

  it('should refuse --force without a checkpoint, and with --resume', async () => {
    const solve = ['samegame', 'solve', '--board', BOARD, '--nodes', '100'];
    expect((await runInProcess([...solve, '--force'])).stderr).toBe(
      'tilefall: option --force: goes with --checkpoint FILE\n',
    );
    const both = await runInProcess([...solve, '--checkpoint', join(dir, 'x.ckpt'), '--force', '--resume']);
    expect(both.stderr).toBe('tilefall: option --force: starts over and --resume goes on: give one of them\n');
  });
});

describe('judge --replays', () => {
  it("should print every game's verdict first when the folder cannot take the replays at the end", async () => {
    const parent = join(dir, 'turned-into-a-file');
    mkdirSync(parent);
    // The bot itself puts a file where the folder was, after the check before any work.
    const bot = `sh -c 'rm -rf ${parent}; echo x > ${parent}; echo 0 8'`;
    const run = await runInProcess([
      'samegame',
      'judge',
      '--board',
      BOARD,
      '--bot',
      bot,
      '--replays',
      join(parent, 'sub'),
    ]);
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/^total 49 over 1 games/m);
    expect(run.stderr).toBe(`tilefall: ${join(parent, 'sub')}: cannot be made (a file is in its path)\n`);
  });

  it('should write into an existing folder, keeping what else it holds, and refuse a file before any game', async () => {
    const folder = join(dir, 'replays');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    const judged = await runInProcess(['samegame', 'judge', '--bot', 'true', '--board', BOARD, '--replays', folder]);
    expect(judged.status).toBe(1);
    expect(readdirSync(folder).sort()).toEqual(['board-01.html', 'notes.txt']);
    // A bot that leaves a mark when it runs: refused before it is started.
    const mark = join(dir, 'bot-ran');
    const file = join(folder, 'notes.txt');
    const refused = await runInProcess([
      'samegame',
      'judge',
      '--bot',
      `touch ${mark}`,
      '--board',
      BOARD,
      '--replays',
      file,
    ]);
    expect(refused.stderr).toBe(`tilefall: ${file}: cannot be written (is a file, expected a folder)\n`);
    expect(existsSync(mark)).toBe(false);
  });
});

describe('vectors --out under /proc', () => {
  it('should end at once with one line, not loop making the folder', async () => {
    const run = await runCliAsync(['samegame', 'vectors', '--out', '/proc/self/x'], { timeoutMs: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('tilefall: /proc/self/x: cannot be made (in /proc/self: no file can be made there)\n');
  });
});

describe('a write that fails late', () => {
  it("should be reported in one line with exit 2, after solve's answer", async () => {
    const run = await runInProcess([
      'samegame',
      'solve',
      '--board',
      BOARD,
      '--nodes',
      '20000',
      '--checkpoint',
      '/dev/full',
      '--force',
    ]);
    expect(run.status).toBe(2);
    expect(run.stdout).not.toBe('');
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'tilefall: /dev/full: cannot be written (ENOSPC): the checkpoint was not saved',
    );
  });

  it.each([
    ['samegame', '--show'],
    ['samegame', '--svg'],
    ['columns', '--show'],
    ['columns', '--svg'],
  ])("should not lose %s solve's answer when %s cannot be written", async (game, option) => {
    const solve =
      game === 'samegame'
        ? ['samegame', 'solve', '--board', BOARD, '--nodes', '20000', '--quiet']
        : ['columns', 'solve', '--input', INSTANCE, '--nodes', '100', '--quiet'];
    const alone = await runInProcess(solve);
    expect(alone.status).toBe(0);
    // A device that takes no byte: the write fails only once the answer is known.
    const run = await runInProcess([...solve, option, '/dev/full']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe(alone.stdout);
    expect(run.stderr).toBe('tilefall: /dev/full: cannot be written (ENOSPC)\n');
  });

  it.each(['samegame', 'columns'])(
    "should still write %s solve's --svg when its --show cannot be written",
    async (game) => {
      const svg = join(dir, `${game}-after-failed-show.svg`);
      const solve =
        game === 'samegame'
          ? ['samegame', 'solve', '--board', BOARD, '--nodes', '2000', '--quiet']
          : ['columns', 'solve', '--input', INSTANCE, '--nodes', '100', '--quiet'];
      const run = await runInProcess([...solve, '--show', '/dev/full', '--svg', svg]);
      expect(run.status).toBe(2);
      expect(run.stderr).toBe('tilefall: /dev/full: cannot be written (ENOSPC)\n');
      expect(readFileSync(svg, 'utf8')).toMatch(/^<svg/);
    },
  );

  const tune = (...more: string[]) =>
    runInProcess([
      ...['samegame', 'tune', '--train', BOARD, '--validate', BOARD, '--population', '2', '--nodes', '10'],
      ...['--workers', '0', '--final-candidates', '1', '--final-repeats', '1', ...more],
    ]);

  it("should not lose tune's result when --out cannot be written at the end: it goes to stdout", async () => {
    const run = await tune('--generations', '1', '--out', '/dev/full');
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'tilefall: /dev/full: cannot be written (ENOSPC): the result is printed on stdout instead',
    );
    expect(Object.keys(JSON.parse(run.stdout).weights).sort()).toEqual([...WEIGHT_NAMES].sort());
  });

  it('should go on tuning when --plot cannot be written, say so once, and end with exit 2', async () => {
    const out = join(dir, 'plot-failed.json');
    const run = await tune('--generations', '3', '--out', out, '--plot', '/dev/full');
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n').filter((line) => line.includes('/dev/full'))).toEqual([
      'tilefall: /dev/full: cannot be written (ENOSPC): the run goes on',
    ]);
    expect(JSON.parse(readFileSync(out, 'utf8')).report.history).toHaveLength(3);
  });
});
