// The README is a page a newcomer reads in a minute, linking to the guides; the guides document what
// the code has: every weight of both games (with its bounds and default), every command and option.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import yargs from 'yargs';
import { columnsCommands } from '../../lib/cli/columns/index.js';
import type { CliCommand } from '../../lib/cli/command.js';
import { dashboardCommand } from '../../lib/cli/dashboard-command.js';
import { samegameCommands } from '../../lib/cli/samegame/index.js';
import { workerCommand } from '../../lib/cli/worker-command.js';
import * as columns from '../../lib/columns/search/weights.js';
import * as samegame from '../../lib/samegame/search/weights.js';
import { REPO_DIR } from '../support/repo.js';

const read = (file: string) => readFileSync(`${REPO_DIR}${file}`, 'utf8');

/** A default as the tables print it: at most two decimals. */
const shown = (value: number) => String(Number(value.toFixed(2)));

/** The text of the section under the `###` or `##` heading that starts with `heading`, up to the next heading. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && line.replace(/^#+ /, '').startsWith(heading));
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && /^#{1,3} /.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** yargs keeps what was declared; its types leave `getOptions` out. */
interface Declared {
  getOptions(): { key: Record<string, unknown> };
}

/** The options a command declares, as a user types them. */
function optionsOf(command: CliCommand): string[] {
  const declared = Object.keys((command.builder(yargs([])) as unknown as Declared).getOptions().key);
  return declared
    .filter((name) => name !== 'help' && name !== 'version')
    .map((name) => `-${name.length > 1 ? '-' : ''}${name}`);
}

describe('README', () => {
  const readme = read('README.md');

  it('should be at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it.each([
    'docs/cli.md',
    'docs/samegame-solver.md',
    'docs/columns-solver.md',
    'docs/tuning.md',
    'docs/library.md',
    'docs/benchmarks.md',
    'docs/contributing.md',
  ])('should link the guide %s', (guide) => {
    expect(readme).toContain(`](${guide})`);
  });

  it('should show the two commands', () => {
    expect(readme).toContain(
      '```sh\nnpm ci && ./bin/tilefall.mjs samegame solve --board datasets/samegame/demo-board.txt --time 5\n```',
    );
    expect(readme).toContain('```sh\nnpm test\n```');
  });
});

describe('the solver guides', () => {
  const rows = [
    ...samegame.WEIGHT_NAMES.map((name) => ({
      file: 'docs/samegame-solver.md',
      name,
      doc: samegame.WEIGHT_DOCS[name],
      bounds: samegame.WEIGHT_BOUNDS[name],
      value: samegame.DEFAULT_WEIGHTS[name],
    })),
    ...columns.WEIGHT_NAMES.map((name) => ({
      file: 'docs/columns-solver.md',
      name,
      doc: columns.WEIGHT_DOCS[name],
      bounds: columns.WEIGHT_BOUNDS[name],
      value: columns.DEFAULT_WEIGHTS[name],
    })),
  ];

  it.each(rows.map((row) => [row.name, row.file, row] as const))(
    'should document the weight %s in %s as the code does',
    (_name, _file, { file, name, doc, bounds, value }) => {
      // What it measures starts with the code's own sentence (the guide may add a note after it).
      const row = read(file)
        .split('\n')
        .find((line) => line.startsWith(`| \`${name}\` | ${doc}`));
      expect(row).toBeDefined();
      expect(row?.endsWith(` | ${bounds[0]}..${bounds[1]} | ${shown(value)} |`)).toBe(true);
    },
  );
});

describe('the command-line guide', () => {
  const cli = read('docs/cli.md');
  const commands = [
    ...samegameCommands.map((c) => [`samegame ${c.command}`, c] as const),
    ...columnsCommands.map((c) => [`columns ${c.command}`, c] as const),
    [workerCommand.command, workerCommand] as const,
    [dashboardCommand.command, dashboardCommand] as const,
  ];

  it.each(commands)('should give tilefall %s a section naming each of its options', (name, command) => {
    const text = section(cli, `\`${name}\``);
    expect(text).toContain(`tilefall ${name}`);
    expect(optionsOf(command).filter((option) => !text.includes(option))).toEqual([]);
  });

  it("should name every option of tilefall worker's --help in its synopsis", () => {
    const synopsis = /```text\n([\s\S]*?)```/.exec(section(cli, '`worker`'))?.[1] ?? '';
    expect(synopsis).toContain('tilefall worker');
    const named = (option: string) => new RegExp(`${option}(?![\\w-])`).test(synopsis);
    expect(optionsOf(workerCommand).filter((option) => !named(option))).toEqual([]);
  });
});
