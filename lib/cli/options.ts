/**
 * Command-line options, each declared once: how yargs shows it (`--help`, defaults) and how zod
 * reads it, so that a bad value (`--nodes abc`, `--time -1`) is one clear line naming the option
 * instead of a NaN deep inside a command. Values reach zod as the text the user typed (yargs is
 * told every option is a string or a flag), so the message can quote it.
 */
import type { Options } from 'yargs';
import { z } from 'zod';
import { BUDGET_LIMITS } from '../core/budget.js';

/** One option: its yargs declaration and the zod schema of its value. */
export interface OptionSpec<T> {
  readonly yargs: Options;
  readonly schema: z.ZodType<T, unknown>;
  /** True for a value no message may quote: a URL that may hold a password ({@link secretTextOption}). */
  readonly hidden?: boolean;
  /** Set when the value names a path the command writes: checked before any work (`output-path.ts`). */
  readonly output?: OutputSpec;
  /** An earlier name still accepted (`--solver` for `--bot`): it says so on stderr ({@link renamedFrom}). */
  readonly formerName?: string;
}

/**
 * What an option names to write: a file replaced whole (written atomically), a file appended to,
 * a folder the command writes files into (made when missing), or a checkpoint (a file replaced
 * after every step, which an earlier run's is not, without `--resume` or `--force`).
 */
export type OutputKind = 'file' | 'append' | 'folder' | 'checkpoint';

/** How an output option's path is written. */
export interface OutputSpec {
  readonly kind: OutputKind;
  /** The files a checkpoint's path stands for, from every option's value (default: the path itself). */
  readonly files?: (path: string, values: Readonly<Record<string, unknown>>) => readonly string[];
}

/** The value types of a table of options. */
export type OptionValues<S extends Record<string, OptionSpec<unknown>>> = {
  [K in keyof S]: S[K] extends OptionSpec<infer T> ? T : never;
};

/** Yargs settings that make an option always have a value: a default, or the user must give it. */
type AlwaysGiven = { default: string } | { demandOption: true };

const integerSchema = (min: number, max: number) => {
  const message = `expected an integer from ${min} to ${max}`;
  // One check of the range, so that 10^20 is told the option's range, not zod's safe-integer limit.
  return z
    .string()
    .regex(/^[+-]?\d+$/, message)
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, message);
};

const positiveSchema = (max: number) => {
  const message = `expected a positive number up to ${max}`;
  return z
    .string()
    .regex(/^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i, message)
    .transform(Number)
    .pipe(z.number().positive(message).max(max, message));
};

/** An integer in [min, max]; without a default or `demandOption` it may be left out. */
export function integerOption(min: number, max: number, yargs: Options & AlwaysGiven): OptionSpec<number>;
export function integerOption(min: number, max: number, yargs: Options): OptionSpec<number | undefined>;
export function integerOption(min: number, max: number, yargs: Options): OptionSpec<number | undefined> {
  return spec(integerSchema(min, max), yargs);
}

/** An integer in [min, max] or a range `A..B` within it (a generator draws from the range). */
export function integerOrRangeOption(
  min: number,
  max: number,
  yargs: Options,
): OptionSpec<number | readonly [number, number] | undefined> {
  const message = `expected an integer or a range A..B, from ${min} to ${max}`;
  const schema = z
    .string()
    .regex(/^\d+(\.\.\d+)?$/, message)
    .transform((text) => text.split('..').map(Number))
    .refine((values) => values.every((v) => v >= min && v <= max), message)
    .refine((values) => values.length === 1 || values[0] <= values[1], 'expected A <= B in a range A..B')
    .transform((values) => (values.length === 1 ? values[0] : ([values[0], values[1]] as const)));
  return spec(schema, yargs);
}

/** A positive number up to `max` (seconds, for example). */
export function positiveOption(max: number, yargs: Options & AlwaysGiven): OptionSpec<number>;
export function positiveOption(max: number, yargs: Options): OptionSpec<number | undefined>;
export function positiveOption(max: number, yargs: Options): OptionSpec<number | undefined> {
  return spec(positiveSchema(max), yargs);
}

/** A non-empty text (a file name, a URL). */
export function textOption(yargs: Options & AlwaysGiven): OptionSpec<string>;
export function textOption(yargs: Options): OptionSpec<string | undefined>;
export function textOption(yargs: Options): OptionSpec<string | undefined> {
  return spec(z.string().min(1, 'expected a non-empty value'), yargs);
}

/** A non-empty text that may hold a secret (a Redis URL): read by `check` (an error, or nothing), and never quoted in a message. */
export function secretTextOption(
  check: (text: string) => string | undefined,
  yargs: Options & AlwaysGiven,
): OptionSpec<string>;
export function secretTextOption(
  check: (text: string) => string | undefined,
  yargs: Options,
): OptionSpec<string | undefined>;
export function secretTextOption(
  check: (text: string) => string | undefined,
  yargs: Options,
): OptionSpec<string | undefined> {
  const schema = z
    .string()
    .min(1, 'expected a non-empty value')
    .superRefine((text, context) => {
      const problem = check(text);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    });
  return { ...spec(schema, yargs), hidden: true };
}

/** A path the command writes (`--out`, `--plot`, …): a non-empty text, checked writable before any work. */
export function outputOption(output: OutputKind | OutputSpec, yargs: Options & AlwaysGiven): OptionSpec<string>;
export function outputOption(output: OutputKind | OutputSpec, yargs: Options): OptionSpec<string | undefined>;
export function outputOption(output: OutputKind | OutputSpec, yargs: Options): OptionSpec<string | undefined> {
  return { ...textOption(yargs), output: typeof output === 'string' ? { kind: output } : output };
}

/** A comma-separated list of integers in [min, max], e.g. `45,45,45,45,45`. */
export function integerListOption(min: number, max: number, yargs: Options): OptionSpec<number[] | undefined> {
  return spec(listSchema(integerSchema(min, max)), yargs);
}

/** A comma-separated list of positive numbers, e.g. `1,5,20`. */
export function positiveListOption(max: number, yargs: Options): OptionSpec<number[] | undefined> {
  return spec(listSchema(positiveSchema(max)), yargs);
}

/** Comma-separated values, each read by `item`; the first bad one is quoted. */
const listSchema = (item: z.ZodType<number, string>) =>
  z
    .string()
    .min(1)
    .transform((text, context) => {
      const values: number[] = [];
      for (const piece of text.split(',')) {
        const parsed = item.safeParse(piece.trim());
        if (!parsed.success) {
          context.addIssue({ code: 'custom', message: `"${piece.trim()}": ${parsed.error.issues[0].message}` });
          return z.NEVER;
        }
        values.push(parsed.data);
      }
      return values;
    });

/** One of a fixed set of words. */
export function choiceOption<C extends string>(
  choices: readonly [C, ...C[]],
  yargs: Options & { default: C },
): OptionSpec<C> {
  return { yargs: { ...yargs, choices }, schema: z.enum(choices) };
}

/** A flag (`defaultValue` unless given; a flag on by default is turned off with `--no-NAME`). */
export function flagOption(describe: string, defaultValue = false): OptionSpec<boolean> {
  return { yargs: { type: 'boolean', default: defaultValue, describe }, schema: z.boolean() };
}

function spec<T>(schema: z.ZodType<T, unknown>, yargs: Options): OptionSpec<T | undefined> {
  const required = yargs.default !== undefined || yargs.demandOption === true;
  return {
    yargs: { type: 'string', ...yargs },
    schema: (required ? schema : schema.optional()) as z.ZodType<T | undefined, unknown>,
  };
}

/** The same option with other yargs settings (a command's own default or description). */
export function withYargs<T>(option: OptionSpec<T>, yargs: Options & AlwaysGiven): OptionSpec<NonNullable<T>>;
export function withYargs<T>(option: OptionSpec<T>, yargs: Options): OptionSpec<T>;
export function withYargs<T>(option: OptionSpec<T>, yargs: Options): OptionSpec<T> {
  // A key given as undefined removes the option's own setting (e.g. a default for a demanded option).
  const merged = Object.fromEntries(
    Object.entries({ ...option.yargs, ...yargs }).filter(([, value]) => value !== undefined),
  ) as Options;
  const required = merged.default !== undefined || merged.demandOption === true;
  const schema = option.schema instanceof z.ZodOptional && required ? option.schema.unwrap() : option.schema;
  return { ...option, yargs: merged, schema: schema as z.ZodType<T, unknown> };
}

/**
 * The same option, also accepted under its earlier name: a command line with the old name still runs,
 * and stderr says once which name to use (the help shows the new name only).
 */
export function renamedFrom<T>(option: OptionSpec<T>, formerName: string): OptionSpec<T> {
  return { ...option, formerName };
}

const SEED_RANGE = [-(2 ** 31), 2 ** 31 - 1] as const;

/** The options several commands share, declared once. */
export const OPTIONS = {
  seed: integerOption(SEED_RANGE[0], SEED_RANGE[1], {
    default: '1',
    describe: 'seed of every random choice: same seed, same result',
  }),
  weights: textOption({ describe: 'evaluation weights JSON (a tune output or a plain object)' }),
  time: positiveOption(24 * 3600, { describe: 'wall-clock seconds' }),
  nodes: integerOption(1, BUDGET_LIMITS.nodes, { describe: 'node budget: reproducible byte for byte' }),
  out: outputOption('file', { describe: 'file to write (atomically); default: stdout' }),
  json: flagOption('print one JSON object instead of a table'),
} as const;

/** `--force`, beside `--checkpoint`: start over, replacing what is there. */
export const FORCE_OPTION: OptionSpec<boolean> = flagOption(
  "with --checkpoint: start over, replacing an earlier run's checkpoint (or any file there)",
);

/**
 * A check across options: when `fails` holds, `option` is named with `message`. `given` names the
 * options the user gave, so that an option with a default can still be refused when given.
 */
export interface OptionCheck<V> {
  readonly option: keyof V & string;
  readonly message: string;
  readonly fails: (values: V, given: ReadonlySet<string>) => boolean;
}

/** Refuses `--time` and `--nodes` given together. */
export const oneBudget: OptionCheck<{ time?: number; nodes?: number }> = {
  option: 'nodes',
  message: 'give --time or --nodes, not both',
  fails: (o) => o.time !== undefined && o.nodes !== undefined,
};

/** The options {@link forceChecks} reads. */
interface ForceValues {
  readonly force: boolean;
  readonly resume: boolean;
  readonly checkpoint?: string;
}

/**
 * Refuses `--force` without a `--checkpoint` to replace, or with `--resume`, which goes on from
 * it: for a command whose options include `force`, `resume` and `checkpoint`.
 */
export function forceChecks<V>(): OptionCheck<V>[] {
  const checks: OptionCheck<ForceValues>[] = [
    { option: 'force', message: 'goes with --checkpoint FILE', fails: (o) => o.force && o.checkpoint === undefined },
    {
      option: 'force',
      message: 'starts over and --resume goes on: give one of them',
      fails: (o) => o.force && o.resume,
    },
  ];
  return checks as unknown as OptionCheck<V>[];
}
