/**
 * Reading large texts line by line and token by token without splitting them whole: a text of
 * millions of lines or tokens (a user's file at the size cap) costs one pass over its characters,
 * not an array of millions of strings, so a parser can refuse it before building anything.
 * Lines end at `\n` (a `\r` before it belongs to no line); tokens are separated by whitespace as
 * `\s` and `String.prototype.trim` read it.
 */

/** A line of a text as offsets into it: `text.slice(start, end)` is the line, without its `\r\n` or `\n`. */
export interface LineSpan {
  readonly start: number;
  readonly end: number;
  /** 0-based. */
  readonly index: number;
}

/** True for the characters `\s` matches (the same set `trim` removes). */
export function isWhitespaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** True when `text.slice(start, end)` holds only whitespace (what `trim()` empties). */
export function isBlank(text: string, start: number = 0, end: number = text.length): boolean {
  for (let i = start; i < end; i++) if (!isWhitespaceCode(text.charCodeAt(i))) return false;
  return true;
}

/** The number of whitespace-separated tokens of `text.slice(start, end)`. */
export function countTokens(text: string, start: number = 0, end: number = text.length): number {
  let count = 0;
  let inToken = false;
  for (let i = start; i < end; i++) {
    const space = isWhitespaceCode(text.charCodeAt(i));
    if (!space && !inToken) count++;
    inToken = !space;
  }
  return count;
}

/** The number of `\n` in `text.slice(start, end)`. */
export function countNewlines(text: string, start: number = 0, end: number = text.length): number {
  let count = 0;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** The lines of `text`, one at a time, as the split at `/\r?\n/` would give them. */
export function* lineSpans(text: string): Generator<LineSpan> {
  let start = 0;
  for (let index = 0; ; index++) {
    const newline = text.indexOf('\n', start);
    const stop = newline < 0 ? text.length : newline;
    const end = stop > start && text.charCodeAt(stop - 1) === 13 && newline >= 0 ? stop - 1 : stop;
    yield { start, end, index };
    if (newline < 0) return;
    start = newline + 1;
  }
}
