/**
 * One CLI command: a name, its options (declared once, `options.ts`), examples, checks across
 * options and a handler that returns the exit code. {@link defineCommand} builds both the yargs
 * declaration and the validation from the same table, and checks the paths the command writes.
 */
import type { Argv, Options } from 'yargs';
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

/**
 * An option's yargs settings with its default moved to the help text only: the default is applied
 * by {@link withDefaults}, after yargs, so that a check can tell an option given from one defaulted.
 */
function declared(o: OptionSpec<unknown>): Options {
  const { default: value, ...rest } = o.yargs;
  if (value === undefined) return rest;
  return { ...rest, defaultDescription: typeof value === 'string' ? `"${value}"` : String(value) };
}

/**
 * `argv` with each option given under its former name moved to its name, saying so on stderr; an
 * option given under both names is refused.
 */
function withFormerNames(
  options: Readonly<Record<string, OptionSpec<unknown>>>,
  argv: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const renamed: Record<string, unknown> = { ...argv };
  for (const [name, o] of Object.entries(options)) {
    const former = o.formerName;
    if (former === undefined || argv[former] === undefined) continue;
    if (argv[name] !== undefined)
      throw new InputFailure({ message: `option --${former}: is the former name of --${name}: give one of them` });
    process.stderr.write(`tilefall: --${former} is an alias of --${name}, the name both games use; it still works\n`);
    renamed[name] = argv[former];
    delete renamed[former];
  }
  return renamed;
}

/** `argv` with each option's default where it was not given, and the names of those given. */
function withDefaults(
  options: Readonly<Record<string, OptionSpec<unknown>>>,
  argv: Readonly<Record<string, unknown>>,
): { raw: Record<string, unknown>; given: Set<string> } {
  const raw: Record<string, unknown> = { ...argv };
  const given = new Set<string>();
  for (const [name, o] of Object.entries(options)) {
    if (argv[name] !== undefined) given.add(name);
    else if (o.yargs.default !== undefined) raw[name] = o.yargs.default;
  }
  return { raw, given };
}

/** A command from its option table: yargs shows the options, zod reads them, then `run` runs. */
export function defineCommand<S extends Record<string, OptionSpec<unknown>>>(
  definition: CommandDefinition<S>,
): CliCommand {
  const schema = z.object(Object.fromEntries(Object.entries(definition.options).map(([name, o]) => [name, o.schema])));
  const hidden = new Set(Object.entries(definition.options).flatMap(([name, o]) => (o.hidden ? [name] : [])));
  return {
    command: definition.name,
    describe: definition.describe,
    options: definition.options,
    builder: (y: Argv): Argv => {
      let built = y;
      for (const [name, o] of Object.entries(definition.options)) {
        // An option with a former name may come under either: zod, not yargs, demands one of them.
        const { demandOption, ...settings } = declared(o);
        const required = demandOption === true ? { describe: `${settings.describe ?? ''} [required]` } : {};
        built = built.option(name, o.formerName === undefined ? declared(o) : { ...settings, ...required });
        if (o.formerName !== undefined)
          built = built.option(o.formerName, {
            type: o.yargs.type,
            hidden: true,
            describe: `former name of --${name}`,
          });
      }
      for (const [command, what] of definition.examples ?? []) built = built.example(command, what);
      return built;
    },
    handler: (argv) => {
      const { raw, given } = withDefaults(definition.options, withFormerNames(definition.options, argv));
      const values = parseOptions(
        schema as unknown as z.ZodType<OptionValues<S>, unknown>,
        raw,
        definition.checks ?? [],
        { given, hidden },
      );
      // Every path it writes, before any work: a run never fails at its last write for a missing folder.
      checkOutputs(definition.options, values as Readonly<Record<string, unknown>>);
      return definition.run(values);
    },
  };
}

/** What {@link parseOptions} knows of the command line beside the values. */
export interface ParseContext {
  /** The options the user gave (the others have their defaults): a check may ask. */
  readonly given?: ReadonlySet<string>;
  /** The options whose value a message never quotes (a URL that may hold a password). */
  readonly hidden?: ReadonlySet<string>;
}

/** How a refused value is quoted: a text up to 40 characters, anything else as JSON. */
function quoted(received: unknown): string {
  if (typeof received !== 'string') return JSON.stringify(received);
  return `"${received.length > 40 ? `${received.slice(0, 40)}…` : received}"`;
}

/**
 * Parses `raw` with `schema`, then the cross-option checks, or aborts naming the first bad option.
 * An option given twice arrives as a list: it is refused as such, quoting neither value; nor is the
 * value of a `hidden` option ever quoted.
 */
export function parseOptions<V>(
  schema: z.ZodType<V, unknown>,
  raw: Record<string, unknown>,
  checks: readonly OptionCheck<V>[],
  context: ParseContext = {},
): V {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = String(issue.path[0] ?? '');
    const received = raw[option];
    if (received === undefined) throw new InputFailure({ message: `option --${option} is required` });
    if (Array.isArray(received))
      throw new InputFailure({ message: `option --${option} given more than once: give it once` });
    if (context.hidden?.has(option)) throw new InputFailure({ message: `option --${option}: ${issue.message}` });
    throw new InputFailure({ message: `option --${option}: ${issue.message}, got ${quoted(received)}` });
  }
  const given = context.given ?? new Set(Object.keys(raw).filter((name) => raw[name] !== undefined));
  for (const check of checks) {
    if (check.fails(parsed.data, given))
      throw new InputFailure({ message: `option --${check.option}: ${check.message}` });
  }
  return parsed.data;
}
