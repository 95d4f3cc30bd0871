/**
 * The `tilefall` executable: `tilefall <game> <command> [options]`. Every input problem ends
 * as one line on stderr and exit code 2; a stack trace is shown only with TILEFALL_DEBUG=1.
 */
import yargs, { type Argv } from 'yargs';
import { escapeControlCharacters } from '../core/control-characters.js';
import { stopProgramsOnExit } from '../judge/stop-programs.js';
import { MissingPackageError } from '../node/optional-packages.js';
import { packageVersion } from '../node/package-root.js';
import type { CliCommand } from './command.js';
import { type CommandEntry, GAMES, OTHER_GROUPS, TOP_LEVEL_COMMANDS } from './commands.js';
import { joinDashValues } from './dash-argument.js';
import { EXIT, formatInputError, InputFailure } from './input-error.js';
import { redactUrlWords, secretHider } from './secret-args.js';

// Each group's line in `tilefall --help` (a game's) names its commands, read from the command list
// so it stays complete as commands are added.
const gameLine = (title: string, commands: readonly CommandEntry[]): string =>
  `${title}: ${commands.map((command) => command.command.split(' ')[0]).join(', ')}`;

/**
 * Registers `entry` on `y` with its name and description only: its module is imported when yargs
 * builds it, which is when it runs or shows its own `--help` (yargs waits on a builder's promise).
 */
function registerLazily(y: Argv, entry: CommandEntry, ran: (exitCode: number) => void): Argv {
  let loaded: Promise<CliCommand> | undefined;
  const load = () => (loaded ??= entry.load());
  return y.command(
    entry.command,
    entry.describe,
    async (inner) => (await load()).builder(inner),
    async (argv) => ran(await (await load()).handler(argv as Record<string, unknown>)),
  );
}

/** Runs the CLI on `args` (without `node` and the script) and resolves to the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  // A user's program (judge, conform, tune --bot) must not outlive a tilefall ended by Ctrl-C.
  stopProgramsOnExit();
  let exitCode: number = EXIT.ok;
  // Every error line passes through it: no Redis password is printed, however a message quotes it,
  // and a control character in a quoted value or a file's name cannot break the one line.
  const hideSecrets = secretHider(args);
  const printable = (line: string) => escapeControlCharacters(hideSecrets(line));
  const cli: Argv = yargs(joinDashValues(args))
    .scriptName('tilefall')
    .usage('$0 <game> <command> [options]')
    .strict()
    .demandCommand(
      1,
      `name a game (${Object.keys(GAMES).join(' or ')}), or ${[...Object.keys(OTHER_GROUPS), ...TOP_LEVEL_COMMANDS.map((c) => c.command)].join(', ')}`,
    )
    .recommendCommands()
    .version(packageVersion())
    .help()
    .wrap(Math.min(110, process.stdout.columns ?? 100))
    .fail((message, error) => {
      // yargs calls this for usage errors; our own failures are rethrown to the catch below.
      if (error) throw error;
      // yargs quotes an unknown argument whole: a Redis URL given without --queue among them.
      throw new InputFailure({ message: `${redactUrlWords(message.replace(/\s*\n\s*/g, ' '))} (see tilefall --help)` });
    });
  const ran = (code: number) => {
    exitCode = code;
  };
  for (const [group, { title, commands }] of Object.entries({ ...GAMES, ...OTHER_GROUPS })) {
    cli.command(group, gameLine(title, commands), (y) => {
      for (const entry of commands) registerLazily(y, entry, ran);
      return y.demandCommand(1, `name a ${group} command: ${commands.map((c) => c.command).join(', ')}`);
    });
  }
  for (const entry of TOP_LEVEL_COMMANDS) registerLazily(cli, entry, ran);
  try {
    await cli.parseAsync();
  } catch (error) {
    if (error instanceof InputFailure) {
      process.stderr.write(`${printable(formatInputError(error.input))}\n`);
      return EXIT.badInput;
    }
    if (error instanceof MissingPackageError) {
      process.stderr.write(`${printable(formatInputError({ message: error.message }))}\n`);
      return EXIT.badInput;
    }
    if (process.env.TILEFALL_DEBUG) throw error;
    const message = printable((error as Error).message ?? String(error));
    process.stderr.write(`tilefall: internal error: ${message} (run with TILEFALL_DEBUG=1 for details)\n`);
    return EXIT.internal;
  }
  return exitCode;
}
