/**
 * Reading whitespace-separated text forms (the Columns input and output): tokens with their
 * line numbers, whole numbers in a range, and typed errors that name the line and what was
 * expected.
 */
import { err, ok, type Result } from './result.js';

/** A token and its 1-based line. */
export interface Token {
  readonly token: string;
  readonly line: number;
}

/**
 * Why a token was refused: the text ended before it, it is not a whole number, its value is out
 * of range, it is not of the expected form, or it is one more than the text should hold.
 */
export type TextErrorCode = 'missing' | 'not-a-whole-number' | 'out-of-range' | 'malformed-token' | 'unexpected-token';

/** A refused text (an input, an output): its code, its line and a one-line message. */
export interface TextError {
  readonly code: TextErrorCode;
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

/** Shortens user text quoted in a message: its first `max` characters and an ellipsis. */
export const clip = (s: string, max = 12): string => (s.length > max ? `${s.slice(0, max)}…` : s);

const WHOLE_NUMBER = /^\d+$/;

/** Reads `tokens[index]` as a whole number named `name` in [min, max]; `what` names the text. */
export function readWholeNumber(
  tokens: readonly Token[],
  index: number,
  name: string,
  range: { readonly min: number; readonly max: number; readonly endLine: number },
  what = 'the input',
): Result<number, TextError> {
  const t = tokens[index];
  if (t === undefined) return err({ code: 'missing', line: range.endLine, message: `${what} ends before ${name}` });
  if (!WHOLE_NUMBER.test(t.token)) {
    return err({
      code: 'not-a-whole-number',
      line: t.line,
      message: `${name} "${clip(t.token)}" is not a whole number`,
    });
  }
  const value = Number(t.token);
  if (value < range.min || value > range.max) {
    return err({
      code: 'out-of-range',
      line: t.line,
      message: `${name} is ${value}, expected ${range.min}..${range.max}`,
    });
  }
  return ok(value);
}

/** The error for a token after the last one the text should hold. */
export const unexpectedToken = (t: Token, after: string): TextError => ({
  code: 'unexpected-token',
  line: t.line,
  message: `unexpected "${clip(t.token)}" after ${after}`,
});
