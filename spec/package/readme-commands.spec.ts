// The shell examples of the README and the command-line guide are real commands. The README's are run
// here as a user would run them from a clone (in a scratch copy of the data, through a shell), with
// their budgets cut short, and must succeed; a solve's moves file must get the verdict the solve
// reported. The guide's (some forty, too many to run in every test run) are each parsed with the
// command's own options, and every file they read must exist or be written by an earlier example.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import yargs from 'yargs';
import { columnsCommands } from '../../lib/cli/columns/index.js';
import type { CliCommand } from '../../lib/cli/command.js';
import { dashboardCommand } from '../../lib/cli/dashboard-command.js';
import { queueCommands } from '../../lib/cli/queue-command.js';
import { samegameCommands } from '../../lib/cli/samegame/index.js';
import { workerCommand } from '../../lib/cli/worker-command.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const CLI = /^(?:\.\/bin\/tilefall\.mjs|npx tilefall)(?= |$)/;

/** The `tilefall` command lines of a Markdown text's `sh` blocks, in order (the parts of `a && b` that are). */
function shellCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    const lines = block[1].replace(/\\\n\s*/g, '').split('\n');
    for (const line of lines) {
      for (const part of line.split('&&')) if (CLI.test(part.trim())) commands.push(part.trim());
    }
  }
  return commands;
}

/** Words of a command line, quotes kept, a trailing `# comment` dropped. */
function words(line: string): string[] {
  const all = line.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  const comment = all.findIndex((w) => w.startsWith('#'));
  return comment < 0 ? all : all.slice(0, comment);
}

/** `words` with `option` given `value` (or removed when `value` is undefined), before any redirection. */
function withOption(ws: readonly string[], option: string, value?: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    if (ws[i] === option) i++;
    else kept.push(ws[i]);
  }
  if (value === undefined) return kept;
  const redirect = kept.findIndex((w) => w === '>' || w === '<' || w === '|');
  const at = redirect < 0 ? kept.length : redirect;
  return [...kept.slice(0, at), option, value, ...kept.slice(at)];
}

const withOptions = (ws: readonly string[], options: Record<string, string | undefined>): string[] =>
  Object.entries(options).reduce<string[]>((acc, [option, value]) => withOption(acc, option, value), [...ws]);

/** A bot command (inside `--bot "..."`) that plans for seconds, not the contest's 18. */
const quickBot = (quoted: string): string =>
  `"${withOptions(words(quoted.slice(1, -1)), { '--first-turn-ms': '3000', '--turn-ms': '5' }).join(' ')}"`;

/** The command as the spec runs it: the same command and files, with short budgets and few boards. */
function shortened(line: string): string {
  let ws = words(line.replace(CLI, './bin/tilefall.mjs'));
  const [game, command] = [ws[1], ws[2]];
  const has = (option: string) => ws.includes(option);
  ws = ws.map((w) => (/^".*samegame bot.*"$/.test(w) ? quickBot(w) : w));
  if (command === 'solve' || command === 'compare') ws = withOptions(ws, { '--time': undefined, '--nodes': '2000' });
  if (game === 'samegame' && (command === 'compare' || (command === 'judge' && has('--dataset'))))
    ws = withOption(ws, '--boards', '1');
  // The bot's own turns are cut short above; the judge's limit is widened, since this is no timing test.
  if (command === 'judge') ws = withOption(ws, '--turn-ms', '2000');
  if (command === 'bot') ws = withOptions(ws, { '--first-turn-ms': '3000', '--turn-ms': '5' });
  if (game === 'samegame' && command === 'bench') {
    // --times prints no speed gauge, so it takes no --speed-seconds.
    ws = has('--times') ? withOption(ws, '--times', '0.05,0.1') : withOption(ws, '--time', '0.05');
    if (!has('--times')) ws = withOption(ws, '--speed-seconds', '0.05');
    if (!has('--shapes')) ws = withOption(ws, '--boards', '1');
  }
  if (game === 'columns' && command === 'bench' && !has('--dataset'))
    ws = withOption(ws, '--dataset', 'datasets/columns/sample.txt');
  if (command === 'tune') {
    ws = withOptions(ws, {
      '--population': '2',
      '--generations': '1',
      // A program's run is judged on the clock and takes no node budget.
      '--nodes': has('--bot') || has('--solver') ? undefined : '300',
      '--batch': '2',
      '--workers': '0',
      '--final-candidates': '2',
      '--final-repeats': '1',
    });
  }
  return ws.join(' ');
}

/** Commands a spec cannot run here, each covered elsewhere. */
const NOT_RUN: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: / worker |--queue /, why: 'needs a Redis server: spec/tuner/queue.spec.ts runs workers on a real one' },
  {
    pattern: / conform .*--bug /,
    why: 'finds the planted bug and exits 1, as it should: spec/cli/samegame/conform.spec.ts and spec/cli/columns/conform.spec.ts run every planted bug',
  },
  {
    pattern: /\bdist\//,
    why: 'needs a build: spec/cli/columns/submission.spec.ts and spec/cli/samegame/codingame-bot.spec.ts build and run it',
  },
];

/** A scratch folder laid out like a clone: a copy of the data and the bots, the repository's bin. */
function scratchClone(): string {
  const dir = scratchDirectory('tilefall-doc-commands-');
  cpSync(join(REPO_DIR, 'datasets'), join(dir, 'datasets'), { recursive: true });
  mkdirSync(join(dir, 'docs'));
  cpSync(join(REPO_DIR, 'docs/bots'), join(dir, 'docs/bots'), { recursive: true });
  cpSync(join(REPO_DIR, 'docs/conformance'), join(dir, 'docs/conformance'), { recursive: true });
  symlinkSync(join(REPO_DIR, 'bin'), join(dir, 'bin'));
  return dir;
}

function runShell(line: string, cwd: string) {
  return spawnSync('/bin/sh', ['-c', line], {
    cwd,
    encoding: 'utf8',
    timeout: 170_000,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, TILEFALL_DEBUG: '' },
  });
}

describe('shortened', () => {
  it('should cut a solve to a node budget, keeping its files and redirection', () => {
    expect(shortened('./bin/tilefall.mjs samegame solve --board b.txt --time 5 > m.txt')).toBe(
      './bin/tilefall.mjs samegame solve --board b.txt --nodes 2000 > m.txt',
    );
  });

  it('should cut a judged bot to seconds and give the judge time, and run npx as the clone', () => {
    expect(shortened('npx tilefall samegame judge --bot "./bin/tilefall.mjs samegame bot" --board b.txt')).toBe(
      './bin/tilefall.mjs samegame judge --bot "./bin/tilefall.mjs samegame bot --first-turn-ms 3000 --turn-ms 5" --board b.txt --turn-ms 2000',
    );
  });

  it('should take the commands of sh blocks only, and the tilefall part of a && b', () => {
    const markdown = '```sh\nnpm ci && ./bin/tilefall.mjs --help\nnpm test\n```\n```text\n./bin/tilefall.mjs x\n```\n';
    expect(shellCommands(markdown)).toEqual(['./bin/tilefall.mjs --help']);
  });
});

describe('the shell examples of README.md', () => {
  const commands = shellCommands(readFileSync(join(REPO_DIR, 'README.md'), 'utf8'));
  const dir = scratchClone();
  const runnable = commands.filter((c) => !NOT_RUN.some(({ pattern }) => pattern.test(c)));

  it('should hold commands, most of them runnable here', () => {
    expect(runnable.length).toBeGreaterThan(commands.length / 2);
  });

  it.each(runnable)(
    'should succeed: %s',
    (command) => {
      const run = runShell(shortened(command), dir);
      expect({ status: run.status, stderr: run.stderr.slice(-2000) }).toMatchObject({ status: 0 });
    },
    180_000,
  );

  const solvesToFile = runnable
    .map((command) => words(shortened(command)))
    .filter((ws) => ws[1] === 'samegame' && ws[2] === 'solve' && ws.includes('>'));

  it.each(solvesToFile.map((ws) => [ws.join(' '), ws] as const))(
    'should have verify agree with the solve: %s',
    (_line, ws) => {
      const file = ws[ws.indexOf('>') + 1];
      const board = ws[ws.indexOf('--board') + 1];
      expect(runShell(ws.join(' '), dir).status).toBe(0);
      // With a node budget the same seed plays the same line, so the JSON run reports the file's score.
      const solved = runShell(withOption(ws.slice(0, ws.indexOf('>')), '--format', 'json').join(' '), dir);
      const verified = runShell(`./bin/tilefall.mjs samegame verify --board ${board} --moves ${file} --json`, dir);
      expect(verified.status).toBe(0);
      expect(JSON.parse(verified.stdout).score).toBe(JSON.parse(solved.stdout).score);
    },
    60_000,
  );
});

/** Each command by what a user types after `tilefall`. */
const COMMANDS = new Map<string, CliCommand>([
  ...samegameCommands.map((c) => [`samegame ${c.command}`, c] as const),
  ...columnsCommands.map((c) => [`columns ${c.command}`, c] as const),
  [workerCommand.command, workerCommand],
  [dashboardCommand.command, dashboardCommand],
  ...queueCommands.map((c) => [`queue ${c.command}`, c] as const),
]);

/** Options whose value is a file the command reads, and those it writes. */
const READS = ['--board', '--moves', '--input', '--output', '--dataset', '--train', '--validate', '--select'];
const READS_TOO = ['--start', '--weights', '--a', '--b', '-a', '-b', '<'];
const WRITES = ['--out', '--show', '--svg', '--plot', '--checkpoint', '--replays', '>'];

/** A command line's words, without quotes, split into the command's name and what follows it. */
function parsed(line: string): { name: string; args: string[] } {
  const ws = words(line.replace(CLI, '')).map((w) => w.replace(/^"(.*)"$/, '$1'));
  const two = ws.slice(0, 2).join(' ');
  return COMMANDS.has(two) ? { name: two, args: ws.slice(2) } : { name: ws[0] ?? '', args: ws.slice(1) };
}

/** What yargs says about `args` for `command` (undefined when it takes them), as the CLI parses them. */
function refusal(command: CliCommand, args: readonly string[]): string | undefined {
  let message: string | undefined;
  command
    .builder(yargs([...args]))
    .strict()
    .exitProcess(false)
    .fail((msg, error) => {
      message = msg ?? error?.message;
    })
    .parse();
  return message;
}

describe('refusal', () => {
  const solve = COMMANDS.get('samegame solve') as CliCommand;

  it('should take a command line the CLI takes and refuse an unknown option or a missing one', () => {
    expect(refusal(solve, ['--board', 'b.txt', '--time', '5'])).toBeUndefined();
    expect(refusal(solve, ['--board', 'b.txt', '--tiem', '5'])).toMatch(/tiem/);
    expect(refusal(solve, ['--time', '5'])).toMatch(/board/);
  });
});

describe('the shell examples of docs/cli.md', () => {
  const commands = shellCommands(readFileSync(join(REPO_DIR, 'docs/cli.md'), 'utf8'));
  const written = new Set<string>();
  const cases = commands.map((line) => {
    const { name, args } = parsed(line);
    const command = COMMANDS.get(name);
    const redirect = args.findIndex((w) => w === '>' || w === '<');
    const options = redirect < 0 ? args : args.slice(0, redirect);
    const valuesOf = (list: readonly string[]) =>
      args.flatMap((w, i) => (list.includes(w) && i + 1 < args.length ? [args[i + 1]] : []));
    const missing = valuesOf([...READS, ...READS_TOO]).filter((f) => !written.has(f) && !existsSync(join(REPO_DIR, f)));
    for (const file of valuesOf(WRITES)) written.add(file);
    return { line, name, command, options, missing };
  });

  it('should give an example for every command', () => {
    expect([...COMMANDS.keys()].filter((name) => !cases.some((c) => c.name === name))).toEqual([]);
  });

  it.each(cases.map((c) => [c.line, c] as const))('should name a real command, options and files: %s', (_line, c) => {
    expect(c.command).toBeDefined();
    if (c.command) expect(refusal(c.command, c.options)).toBeUndefined();
    expect(c.missing).toEqual([]);
  });
});
