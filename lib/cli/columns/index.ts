/**
 * `tilefall columns <command>`: the Columns command group with every command loaded, for the specs that
 * read them all (the CLI loads only the one it runs, lib/cli/commands.ts).
 */
import type { CliCommand } from '../command.js';
import { GAMES } from '../commands.js';

/** The Columns commands, in `--help` order. */
export const columnsCommands: readonly CliCommand[] = await Promise.all(
  GAMES.columns.commands.map((entry) => entry.load()),
);
