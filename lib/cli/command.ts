/**
 * One CLI command: a name, its options (declared once, `options.ts`), examples, checks across
 * options and a handler that returns the exit code. {@link defineCommand} builds both the yargs
 * declaration and the validation from the same table, and checks the paths the command writes.
 */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { InputFailure } from './input-error.js';
import type { OptionCheck, OptionSpec, OptionValues } from './options.js';
import { checkOutputs } from './output-path.js';

/** A command as the CLI's entry point registers it with yargs. */
export interface CliCommand {
  readonly command: string;
  readonly describe: string;
  /** Its options as declared (the specs read which of them name a path to write). */
  readonly options: Readonly<Record<string, OptionSpec<unknown>>>;
  readonly builder: (y: Argv) => Argv;
  readonly handler: (argv: Record<string, unknown>) => number | Promise<number>;
}

/** What a command declares. */
export interface CommandDefinition<S extends Record<string, OptionSpec<unknown>>> {
  readonly name: string;
  readonly describe: string;
  readonly options: S;
  readonly examples?: readonly (readonly [command: string, what: string])[];
  readonly checks?: readonly OptionCheck<OptionValues<S>>[];
  readonly run: (options: OptionValues<S>) => number | Promise<number>;
}

/** A command from its option table: yargs shows the options, zod reads them, then `run` runs. */
export function defineCommand<S extends Record<string, OptionSpec<unknown>>>(
  definition: CommandDefinition<S>,
): CliCommand {
  const schema = z.object(Object.fromEntries(Object.entries(definition.options).map(([name, o]) => [name, o.schema])));
  return {
    command: definition.name,
    describe: definition.describe,
    options: definition.options,
    builder: (y: Argv): Argv => {
      let built = y;
      for (const [name, o] of Object.entries(definition.options)) built = built.option(name, o.yargs);
      for (const [command, what] of definition.examples ?? []) built = built.example(command, what);
      return built;
    },
    handler: (argv) => {
      const values = parseOptions(
        schema as unknown as z.ZodType<OptionValues<S>, unknown>,
        argv,
        definition.checks ?? [],
      );
      // Every path it writes, before any work: a run never fails at its last write for a missing folder.
      checkOutputs(definition.options, values as Readonly<Record<string, unknown>>);
      return definition.run(values);
    },
  };
}

/** Parses `raw` with `schema`, then the cross-option checks, or aborts naming the first bad option. */
export function parseOptions<V>(
  schema: z.ZodType<V, unknown>,
  raw: Record<string, unknown>,
  checks: readonly OptionCheck<V>[],
): V {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = String(issue.path[0] ?? '');
    const received = raw[option];
    if (received === undefined) throw new InputFailure({ message: `option --${option} is required` });
    const shown =
      typeof received === 'string'
        ? `"${received.length > 40 ? `${received.slice(0, 40)}…` : received}"`
        : JSON.stringify(received);
    throw new InputFailure({ message: `option --${option}: ${issue.message}, got ${shown}` });
  }
  for (const check of checks) {
    if (check.fails(parsed.data)) throw new InputFailure({ message: `option --${check.option}: ${check.message}` });
  }
  return parsed.data;
}
