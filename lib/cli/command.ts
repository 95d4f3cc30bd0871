/** The shape of one CLI command: yargs options, then a handler that returns the exit code. */
import type { Argv } from 'yargs';

export interface CliCommand {
  readonly command: string;
  readonly describe: string;
  readonly builder: (y: Argv) => Argv;
  readonly handler: (argv: Record<string, unknown>) => number | Promise<number>;
}
