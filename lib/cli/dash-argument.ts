/**
 * `-` for a file, as Unix tools take it: stdin where a file is read (`--board -`), stdout where
 * one is written (`--out -`). yargs reads a lone `-` as a positional argument, not as the value
 * of the option before it, so the command line is given to it with that `-` joined to its option.
 */

/** `args` with each lone `-` after an option joined to it (`--board -` becomes `--board=-`). */
export function joinDashValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (const arg of args) {
    const previous = joined.at(-1);
    const isOption = previous !== undefined && /^--?[A-Za-z][\w-]*$/.test(previous);
    if (arg === '-' && isOption) joined[joined.length - 1] = `${previous}=-`;
    else joined.push(arg);
  }
  return joined;
}
