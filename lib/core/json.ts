/**
 * JSON text parsed for user files: a syntax error becomes a one-line message (the engine's own
 * message quotes the text, newlines and control characters included, and a user's error must fit
 * on one line).
 */
import { err, ok, type Result } from './result.js';

/** The value in `text`, or why it is not JSON, on one line. */
export function parseJson(text: string): Result<unknown, string> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    const oneLine = (e as Error).message.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    return err(`is not valid JSON (${oneLine})`);
  }
}
