// A clone runs the CLI from its own build of the sources (scripts/clone-build.mjs): compiled
// JavaScript, only the modules of the command that runs, and never a build older than an edit.
// The edits are made in a copy of the clone's sources, built there from nothing.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const runIn = (clone: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Run => {
  const result = spawnSync(process.execPath, [join(clone, 'bin/tilefall.mjs'), ...args], {
    cwd: clone,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, TILEFALL_DEBUG: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

const runInAsync = (clone: string, args: readonly string[]): Promise<Run> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(clone, 'bin/tilefall.mjs'), ...args], { cwd: clone, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

/** A clone with the sources, settings and executable of this one (its node_modules shared), unbuilt. */
function copyOfClone(): string {
  const clone = scratchDirectory('tilefall-clone-');
  for (const dir of ['lib', 'tuner', 'bin']) cpSync(join(REPO_DIR, dir), join(clone, dir), { recursive: true });
  cpSync(join(REPO_DIR, 'scripts/clone-build.mjs'), join(clone, 'scripts/clone-build.mjs'));
  for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json']) {
    copyFileSync(join(REPO_DIR, file), join(clone, file));
  }
  symlinkSync(realpathSync(join(REPO_DIR, 'node_modules')), join(clone, 'node_modules'));
  return clone;
}

/** The URLs of the modules `tilefall args` loads, in the clone `clone`. */
function modulesLoaded(clone: string, args: readonly string[]): string[] {
  const log = join(scratchDirectory('tilefall-imports-'), 'imports.txt');
  writeFileSync(log, '');
  const recorder = join(REPO_DIR, 'spec/support/record-imports.mjs');
  const result = spawnSync(process.execPath, ['--import', recorder, join(clone, 'bin/tilefall.mjs'), ...args], {
    cwd: clone,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, RECORD_IMPORTS_TO: log },
  });
  expect(result.status).toBe(0);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

const VERIFY_ARGS = [
  ...['samegame', 'verify', '--board', join(REPO_DIR, 'datasets/samegame/demo-board.txt')],
  ...['--moves', join(REPO_DIR, 'datasets/samegame/demo-moves.txt')],
];
/** A module of lib/ or tuner/ (its source or a build of it), not of node_modules. */
const isOurs = (url: string): boolean =>
  url.startsWith(pathToFileURL(REPO_DIR).href) && !url.includes('/node_modules/') && /\/(lib|tuner)\//.test(url);
const VERIFY_LINE = "judge a move list as the puzzle's referee does";
const COMMANDS = 'lib/cli/commands.ts';

describe('the CLI in a clone', () => {
  it('should run compiled JavaScript and load no command module for --version', () => {
    const loaded = modulesLoaded(REPO_DIR, ['--version']);
    const ours = loaded.filter(isOurs);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.filter((url) => !url.includes('/.build/') || !url.endsWith('.js'))).toEqual([]);
    expect(loaded.filter((url) => /\/node_modules\/(tsx|zod)\//.test(url))).toEqual([]);
    expect(ours.filter((url) => /\/lib\/(cli\/samegame|cli\/columns|samegame|columns)\/|\/tuner\//.test(url))).toEqual(
      [],
    );
  });

  it('should load the one command that runs, not its neighbours or the other game', () => {
    const loaded = modulesLoaded(REPO_DIR, VERIFY_ARGS);
    // options.js: the option declarations a game's commands share.
    const commands = loaded.filter((url) => isOurs(url) && /\/lib\/cli\/(samegame|columns)\/(?!options\.js)/.test(url));
    expect(commands.map((url) => url.slice(url.indexOf('/lib/cli/')))).toEqual(['/lib/cli/samegame/verify.js']);
    expect(loaded.filter((url) => url.includes('/tuner/') || url.includes('/node_modules/tsx/'))).toEqual([]);
  });

  it('should rebuild after every edit of a source, whether its size changes or not', () => {
    const clone = copyOfClone();
    const help = () => runIn(clone, ['samegame', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help()).toContain(VERIFY_LINE);
    const source = join(clone, COMMANDS);
    const original = readFileSync(source, 'utf8');
    writeFileSync(source, original.replace(VERIFY_LINE, 'judge a move list, edited'));
    expect(help()).toContain('judge a move list, edited');
    // Same size, only the time and the text tell it apart.
    writeFileSync(source, original.replace(VERIFY_LINE, VERIFY_LINE.toUpperCase()));
    expect(help()).toContain(VERIFY_LINE.toUpperCase());
    // A new file imported by an edited one.
    writeFileSync(join(clone, 'lib/cli/edit-probe.ts'), "export const PROBE = 'from a new file';\n");
    writeFileSync(source, `import { PROBE } from './edit-probe.js';\n${original.replace(`"${VERIFY_LINE}"`, 'PROBE')}`);
    expect(help()).toContain('from a new file');
    // Back to the first sources: their build again, not the last one.
    writeFileSync(source, original);
    expect(help()).toContain(VERIFY_LINE);
    expect(runIn(clone, VERIFY_ARGS).status).toBe(0);
  }, 180_000);

  it('should name the file and line of a source that does not compile, and run again once it is mended', () => {
    const clone = copyOfClone();
    const source = join(clone, COMMANDS);
    const original = readFileSync(source, 'utf8');
    const lines = original.split('\n');
    const at = lines.findIndex((line) => line.includes(VERIFY_LINE));
    lines[at] = `${lines[at]} ) oops (`;
    writeFileSync(source, lines.join('\n'));
    const broken = runIn(clone, ['--version']);
    expect(broken.status).toBe(70);
    expect(broken.stderr).toContain(`${COMMANDS}:${at + 1}:`);
    expect(broken.stdout).toBe('');
    writeFileSync(source, original);
    const { version } = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { version: string };
    expect(runIn(clone, ['--version'])).toMatchObject({ status: 0, stdout: `${version}\n` });
  }, 180_000);

  it('should run the sources through tsx, saying so, where the build cannot be written', () => {
    const clone = copyOfClone();
    // A file where the builds' folder would be: nothing can be written under it, even as root.
    writeFileSync(join(clone, '.build'), '');
    const run = runIn(clone, ['samegame', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('verify');
    expect(run.stderr).toMatch(/^tilefall: running the sources through tsx, the clone's build failed: .+\n$/);
  }, 180_000);

  it('should point a TILEFALL_DEBUG stack trace at the TypeScript source', () => {
    const clone = copyOfClone();
    const source = join(clone, COMMANDS);
    const original = readFileSync(source, 'utf8');
    const planted = original.replace(
      "load: async () => (await import('./samegame/verify.js')).verifyCommand,",
      "load: async () => {\n      throw new Error('planted');\n    },",
    );
    expect(planted).not.toBe(original);
    writeFileSync(source, planted);
    const line = planted.split('\n').findIndex((l) => l.includes("throw new Error('planted')")) + 1;
    const run = runIn(clone, VERIFY_ARGS, { TILEFALL_DEBUG: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('planted');
    expect(run.stderr).toContain(`${COMMANDS}:${line}:`);
  }, 180_000);

  it('should build once, whole, when many first runs start together', async () => {
    const clone = copyOfClone();
    const runs = await Promise.all(Array.from({ length: 4 }, () => runInAsync(clone, VERIFY_ARGS)));
    expect(runs.map((run) => run.status)).toEqual(runs.map(() => 0));
    expect(new Set(runs.map((run) => run.stdout)).size).toBe(1);
    expect(runs[0]!.stdout).toContain('score     251');
    // One build, no temporary folder left by the starts that lost the race.
    expect(readdirSync(join(clone, '.build'))).toHaveLength(1);
    rmSync(join(clone, '.build'), { recursive: true });
  }, 180_000);

  it('should keep the build a running process started from, however old, and remove it once that process ends', async () => {
    const clone = copyOfClone();
    // A long run from the first build: the live view, waiting for a checkpoint no run writes.
    const waiting = spawn(
      process.execPath,
      [join(clone, 'bin/tilefall.mjs'), 'dashboard', '--checkpoint', join(clone, 'none.ckpt')],
      {
        cwd: clone,
      },
    );
    let stderr = '';
    waiting.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    for (let waited = 0; !stderr.includes('waiting for') && waited < 60_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [first] = readdirSync(join(clone, '.build'));
    const firstBuild = join(clone, '.build', first as string);
    // Unused, by its time, for two days: any clean-up would remove it.
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const edit = (text: string) =>
      writeFileSync(join(clone, 'lib/cli/edit-probe.ts'), `export const PROBE = '${text}';\n`);
    try {
      utimesSync(firstBuild, old, old);
      edit('one');
      expect(runIn(clone, ['--version']).status).toBe(0);
      expect(readdirSync(join(clone, '.build'))).toContain(first);
    } finally {
      waiting.kill('SIGTERM');
      await new Promise((resolve) => waiting.on('close', resolve));
    }
    utimesSync(firstBuild, old, old);
    edit('two');
    expect(runIn(clone, ['--version']).status).toBe(0);
    expect(readdirSync(join(clone, '.build'))).not.toContain(first);
  }, 180_000);
});
