/**
 * JSON text parsed for user files: a syntax error becomes a one-line message (the engine's own
 * message quotes the text, newlines and control characters included, and a user's error must fit
 * on one line), and a text of more values than any tilefall file holds is refused unparsed.
 */
import { err, ok, type Result } from './result.js';

/**
 * The most values a JSON text may hold, counted as its `[`, `{` and `,` outside strings (at
 * least one for every value but the first, at most two). A parsed value costs tens of times its
 * text (an empty object in an array, a member of a huge object), so a file at the size cap is
 * refused before it is parsed rather than filling the memory; a checkpoint holds far fewer.
 */
export const MAX_JSON_VALUES: number = 1_000_000;

/** The value in `text`, or why it is not JSON (or holds more than {@link MAX_JSON_VALUES} values), on one line. */
export function parseJson(text: string): Result<unknown, string> {
  if (holdsMoreValues(text, MAX_JSON_VALUES)) return err(`holds more than ${MAX_JSON_VALUES} JSON values`);
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    const oneLine = (e as Error).message.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    return err(`is not valid JSON (${oneLine})`);
  }
}

/** True when `text` has more than `max` of `[`, `{` and `,` outside its strings. */
function holdsMoreValues(text: string, max: number): boolean {
  // Each counted character is a character of the text.
  if (text.length <= max) return false;
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if ((code === 0x2c || code === 0x5b || code === 0x7b) && ++count > max) return true;
  }
  return false;
}
