/**
 * A program's text shown to a user (its stderr, a line it printed), made safe for a terminal: a
 * control character could move the cursor, clear the screen or set the window's title, so each one
 * is written as its escape, as JSON writes it (`\n`, `\u001b`), and the rest is left as it is.
 */

/** Control characters: C0 and DEL, C1 (a terminal may read 0x9b as an escape), and the two Unicode line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The short escapes JSON gives a few of them. */
const SHORT: Readonly<Record<string, string>> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };

/** `text` with every control character written as its escape (`\t`, `\u001b`), and nothing else changed. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (c) => SHORT[c] ?? `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}

/** What JSON leaves raw but a terminal may act on: DEL, C1, and the two Unicode line breaks. */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;

/**
 * `value` as one line of JSON for a terminal: `JSON.stringify`'s text with the control characters
 * it leaves raw written as `\u` escapes too, so the same value, readable by any JSON parser.
 */
export function terminalJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    RAW_IN_JSON,
    (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}
