import { describe, expect, it } from 'vitest';
import { columnsCommands } from '../../lib/cli/columns/index.js';
import { samegameCommands } from '../../lib/cli/samegame/index.js';
import { runCli } from '../support/cli.js';

describe('tilefall --help', () => {
  it("should name every command of each game on the game's line", () => {
    const run = runCli(['--help']);
    expect(run.status).toBe(0);
    // yargs wraps long lines: compare with the whitespace collapsed.
    const text = run.stdout.replace(/\s+/g, ' ');
    for (const [title, commands] of [
      ['SameGame (CodinGame)', samegameCommands],
      ['Columns (algotester)', columnsCommands],
    ] as const) {
      const line = text.slice(text.indexOf(`${title}:`)).split(' tilefall ')[0];
      for (const command of commands) expect(line).toMatch(new RegExp(`[:,] ${command.command.split(' ')[0]}\\b`));
    }
    expect(text).toContain(
      'Columns (algotester): verify, show, conform, vectors, solve, generate, judge, bench, compare, tune',
    );
  });
});
