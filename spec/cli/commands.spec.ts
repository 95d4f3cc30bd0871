// The command list that `--help` shows and the CLI loads from (lib/cli/commands.ts) against the
// commands themselves: a name or description copied there cannot drift from its command's own.
import { describe, expect, it } from 'vitest';
import { type CommandEntry, GAMES, TOP_LEVEL_COMMANDS } from '../../lib/cli/commands.js';

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
});
