/**
 * A bot's command line, split into a program and its arguments without a shell: words are
 * separated by whitespace; single quotes keep everything literal, double quotes keep
 * whitespace, and a backslash outside single quotes escapes the next character.
 */
import { err, ok, type Result } from '../core/result.js';

/** The word in a tuned bot's command that becomes the path of a file holding the parameters' JSON. */
export const PARAMS_PLACEHOLDER = '{params}';

/** Splits `text` into argv words, or says why it cannot be read. */
export function splitCommandLine(text: string): Result<string[], { readonly message: string }> {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) return err({ message: `unclosed ${quote} quote` });
  if (inWord) words.push(word);
  if (words.length === 0) return err({ message: 'no program to run' });
  return ok(words);
}
