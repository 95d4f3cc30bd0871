/**
 * Turns yargs' raw argument values into validated options with zod, so that a bad value
 * (`--nodes abc`, `--time -1`) is one clear line instead of a NaN deep inside a command.
 * Numeric options are declared to yargs as strings and converted here, where the text the
 * user typed is still known.
 */
import { z } from 'zod';
import { InputFailure } from './input-error.js';

/** An integer option in [min, max], given as text on the command line. */
export const integerOption = (min: number, max: number) =>
  z
    .string()
    .regex(/^[+-]?\d+$/, `expected an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `expected an integer from ${min} to ${max}`)
        .max(max, `expected an integer from ${min} to ${max}`),
    );

/** A positive number option (e.g. seconds), given as text on the command line. */
export const positiveNumberOption = (max: number) =>
  z
    .string()
    .regex(/^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i, `expected a positive number up to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .positive(`expected a positive number up to ${max}`)
        .max(max, `expected a positive number up to ${max}`),
    );

/** Parses `raw` with `schema` or aborts the command naming the first bad option. */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = issue.path.length > 0 ? `--${String(issue.path[0])}` : 'arguments';
  const received = issue.path.length > 0 ? (raw as Record<string, unknown>)[String(issue.path[0])] : undefined;
  if (received === undefined) throw new InputFailure({ message: `option ${name} is required` });
  const shown =
    typeof received === 'string'
      ? `"${received.length > 40 ? `${received.slice(0, 40)}…` : received}"`
      : JSON.stringify(received);
  throw new InputFailure({ message: `option ${name}: ${issue.message}, got ${shown}` });
}

/** The `--time S | --nodes N` pair every solve command takes: either one, never both. */
export const budgetOptionsShape = {
  time: positiveNumberOption(24 * 3600).optional(),
  nodes: integerOption(1, Number.MAX_SAFE_INTEGER).optional(),
};

/** Refuses a budget given both ways. */
export const oneBudget: [(o: { time?: number; nodes?: number }) => boolean, { message: string; path: string[] }] = [
  (o) => o.time === undefined || o.nodes === undefined,
  { message: 'give --time or --nodes, not both', path: ['nodes'] },
];
