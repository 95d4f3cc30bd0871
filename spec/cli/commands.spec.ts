// The command list that `--help` shows and the CLI loads from (lib/cli/commands.ts) against the
// commands themselves: a name or description copied there cannot drift from its command's own.
import { describe, expect, it } from 'vitest';
import { type CommandEntry, GAMES, TOP_LEVEL_COMMANDS } from '../../lib/cli/commands.js';
import { runCli } from '../support/cli.js';

const entries: [string, CommandEntry][] = [
  ...Object.entries(GAMES).flatMap(([game, { commands }]) =>
    commands.map((entry) => [`${game} ${entry.command}`, entry] as [string, CommandEntry]),
  ),
  ...TOP_LEVEL_COMMANDS.map((entry) => [entry.command, entry] as [string, CommandEntry]),
];

describe('the command list', () => {
  it.each(entries)('should give %s the name and description of the command it loads', async (_, entry) => {
    const command = await entry.load();
    expect({ command: entry.command, describe: entry.describe }).toEqual({
      command: command.command,
      describe: command.describe,
    });
  });

  it('should name each command once in its group', () => {
    const groups = [...Object.values(GAMES).map(({ commands }) => commands), TOP_LEVEL_COMMANDS];
    for (const commands of groups) {
      const names = commands.map((entry) => entry.command);
      expect(names).toEqual([...new Set(names)]);
    }
    // A top-level command named like a game would never run.
    expect(TOP_LEVEL_COMMANDS.map((entry) => entry.command).filter((name) => name in GAMES)).toEqual([]);
  });

  it.each(Object.keys(GAMES))("should show every %s command with its description in the game's --help", (game) => {
    const run = runCli([game, '--help']);
    expect(run.status).toBe(0);
    // yargs wraps long lines: compare with the whitespace collapsed.
    const text = run.stdout.replace(/\s+/g, ' ');
    const missing = GAMES[game as keyof typeof GAMES].commands.filter(
      (entry) => !text.includes(`tilefall ${game} ${entry.command} ${entry.describe}`),
    );
    expect(missing.map((entry) => entry.command)).toEqual([]);
  });

  it("should show every command that is no game's with its description in tilefall --help", () => {
    const text = runCli(['--help']).stdout.replace(/\s+/g, ' ');
    const missing = TOP_LEVEL_COMMANDS.filter((entry) => !text.includes(`tilefall ${entry.command} ${entry.describe}`));
    expect(missing.map((entry) => entry.command)).toEqual([]);
  });
});
