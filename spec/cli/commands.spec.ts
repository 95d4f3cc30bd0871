// The command list that `--help` shows and the CLI loads from (lib/cli/commands.ts) against the
// commands themselves: a name or description copied there cannot drift from its command's own.
import { describe, expect, it } from 'vitest';
import {
  type CommandEntry,
  type CommandGroup,
  GAMES,
  OTHER_GROUPS,
  TOP_LEVEL_COMMANDS,
} from '../../lib/cli/commands.js';
import { runCli } from '../support/cli.js';

/** The games' groups and the others, by the word that names them. */
const GROUPS: Readonly<Record<string, CommandGroup>> = { ...GAMES, ...OTHER_GROUPS };

const entries: [string, CommandEntry][] = [
  ...Object.entries(GROUPS).flatMap(([game, { commands }]) =>
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
    const groups = [...Object.values(GROUPS).map(({ commands }) => commands), TOP_LEVEL_COMMANDS];
    for (const commands of groups) {
      const names = commands.map((entry) => entry.command);
      expect(names).toEqual([...new Set(names)]);
    }
    // A top-level command or group named like a game, or like each other, would never run.
    const words = [...Object.keys(GAMES), ...Object.keys(OTHER_GROUPS), ...TOP_LEVEL_COMMANDS.map((e) => e.command)];
    expect(words).toEqual([...new Set(words)]);
  });

  it.each(Object.keys(GROUPS))("should show every %s command with its description in the group's --help", (game) => {
    const run = runCli([game, '--help']);
    expect(run.status).toBe(0);
    // yargs wraps long lines: compare with the whitespace collapsed.
    const text = run.stdout.replace(/\s+/g, ' ');
    const missing = GROUPS[game]!.commands.filter(
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
