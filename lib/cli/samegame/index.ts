/**
 * `tilefall samegame <command>`: the SameGame command group with every command loaded, for the specs that
 * read them all (the CLI loads only the one it runs, lib/cli/commands.ts).
 */
import type { CliCommand } from '../command.js';
import { GAMES } from '../commands.js';

/** The SameGame commands, in `--help` order. */
export const samegameCommands: readonly CliCommand[] = await Promise.all(
  GAMES.samegame.commands.map((entry) => entry.load()),
);
