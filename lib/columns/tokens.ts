/**
 * The token reading shared by the Columns input and output forms: whitespace-separated tokens
 * with their line numbers, and whole numbers in a range with a message naming what was expected.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../core/result.js';

/** A token and its 1-based line. */
export interface Token {
  readonly token: string;
  readonly line: number;
}

/** A refused token: its line and what is wrong. */
export interface TokenError {
  readonly line: number;
  readonly message: string;
}

/** Tokens of a text with their 1-based line numbers. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  text.split(/\r?\n/).forEach((content, i) => {
    for (const token of content.split(/\s+/)) if (token !== '') tokens.push({ token, line: i + 1 });
  });
  return tokens;
}

/** The last line that holds something: where errors about a text ending too early point. */
export const lastContentLine = (text: string): number => Math.max(1, text.replace(/\s+$/, '').split(/\r?\n/).length);

const wholeNumber = z.string().regex(/^\d+$/);

/** Shortens a token for an error message. */
export const clip = (s: string): string => (s.length > 12 ? `${s.slice(0, 12)}…` : s);

/** Reads tokens[index] as a whole number named `name` in [min, max]. */
export function readWholeNumber(
  tokens: readonly Token[],
  index: number,
  name: string,
  min: number,
  max: number,
  endLine: number,
  what = 'the input',
): Result<number, TokenError> {
  const t = tokens[index];
  if (t === undefined) return err({ line: endLine, message: `${what} ends before ${name}` });
  if (!wholeNumber.safeParse(t.token).success)
    return err({ line: t.line, message: `${name} "${clip(t.token)}" is not a whole number` });
  const value = Number(t.token);
  if (value < min || value > max) return err({ line: t.line, message: `${name} is ${value}, expected ${min}..${max}` });
  return ok(value);
}
