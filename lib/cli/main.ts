/**
 * The `tilefall` executable: `tilefall <game> <command> [options]`. Every input problem ends
 * as one line on stderr and exit code 2; a stack trace is shown only with TILEFALL_DEBUG=1.
 */
import yargs, { type Argv } from 'yargs';
import { stopProgramsOnExit } from '../judge/stop-programs.js';
import { MissingPackageError } from '../node/optional-packages.js';
import { packageVersion } from '../node/package-root.js';
import { columnsCommands } from './columns/index.js';
import type { CliCommand } from './command.js';
import { dashboardCommand } from './dashboard-command.js';
import { EXIT, formatInputError, InputFailure } from './input-error.js';
import { queueCommands } from './queue-command.js';
import { samegameCommands } from './samegame/index.js';
import { redactUrlWords, secretHider } from './secret-args.js';
import { workerCommand } from './worker-command.js';

// Each game's line in `tilefall --help` names its commands, read from the command list so it
// stays complete as commands are added.
const game = (title: string, commands: readonly CliCommand[]) => ({
  describe: `${title}: ${commands.map((command) => command.command.split(' ')[0]).join(', ')}`,
  commands,
});

const GAMES: Record<string, { describe: string; commands: readonly CliCommand[] }> = {
  samegame: game('SameGame (CodinGame)', samegameCommands),
  columns: game('Columns (algotester)', columnsCommands),
  queue: game('the Redis job queue of --queue runs', queueCommands),
};

/** Runs the CLI on `args` (without `node` and the script) and resolves to the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  // A user's program (judge, conform, tune --bot) must not outlive a tilefall ended by Ctrl-C.
  stopProgramsOnExit();
  let exitCode: number = EXIT.ok;
  // Every error line passes through it: no Redis password is printed, however a message quotes it.
  const printable = secretHider(args);
  const cli: Argv = yargs([...args])
    .scriptName('tilefall')
    .usage('$0 <game> <command> [options]')
    .strict()
    .demandCommand(1, 'name a game (samegame or columns), or worker')
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
  for (const [game, { describe, commands }] of Object.entries(GAMES)) {
    cli.command(game, describe, (y) => {
      for (const c of commands) {
        y.command(c.command, c.describe, c.builder, async (argv) => {
          exitCode = await c.handler(argv as Record<string, unknown>);
        });
      }
      return y.demandCommand(1, `name a ${game} command: ${commands.map((c) => c.command).join(', ')}`);
    });
  }
  // Not a game's: a worker evaluates jobs of any game.
  cli.command(workerCommand.command, workerCommand.describe, workerCommand.builder, async (argv) => {
    exitCode = await workerCommand.handler(argv as Record<string, unknown>);
  });
  cli.command(dashboardCommand.command, dashboardCommand.describe, dashboardCommand.builder, async (argv) => {
    exitCode = await dashboardCommand.handler(argv as Record<string, unknown>);
  });
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
