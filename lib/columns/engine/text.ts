/**
 * The statement's input form, parsed with typed errors that name the line: an instance (`w h`,
 * then `k`, then k tokens of three characters), and a dataset of instances separated by `---`
 * lines (the form `tune` and `bench` read). A bot's output, the placements, is in `moves.ts`.
 */

import { type ArgumentError, refuse } from '../../core/argument-error.js';
import { countNewlines, isBlank } from '../../core/lines.js';
import { err, ok, type Result } from '../../core/result.js';
import {
  clip,
  lastContentLine,
  readWholeNumber,
  type TextError,
  tokenize,
  unexpectedToken,
} from '../../core/tokens.js';
import { checkInstance } from './checks.js';
import { type Instance, LIMITS, type Piece, pieceFromToken, pieceToken } from './instance.js';

export type { TextError, TextErrorCode } from '../../core/tokens.js';

// A plain pattern, not a schema library: the single-file submission must stay small (64 KiB).
const PIECE_TOKEN = /^(\*\*\*|[a-z]{3})$/;

/**
 * Parses the statement's input. Any whitespace may separate tokens. What is wrong with the text
 * is a {@link TextError} naming its line; a `text` that is not a string is refused with
 * `invalid-option` (an `ArgumentError`, field `text`), as SameGame's `parseBoard` refuses it.
 *
 * @example
 * ```ts
 * import { parseInstance } from 'tilefall/columns';
 *
 * // w h, then k, then k columns of three jewels bottom to top (*** for magic).
 * const instance = parseInstance('6 13\n2\naab\n***\n');
 * if (instance.ok) console.log(instance.value.width, instance.value.pieces.length); // 6 2
 * else console.log(instance.error.message); // a TextError names its line: instance.error.line
 * ```
 */
export function parseInstance(text: string): Result<Instance, TextError | ArgumentError<'invalid-option'>> {
  if (typeof text !== 'string') return refuse('invalid-option', 'text', 'a string', text);
  return readInstance(text);
}

/** {@link parseInstance} of a text known to be a string: every refusal a {@link TextError}. */
export function readInstance(text: string): Result<Instance, TextError> {
  // w, h, k, the most columns k may be, and one more to find a token too many.
  const tokens = tokenize(text, 3 + LIMITS.columns[1] + 1);
  const endLine = lastContentLine(text);
  const width = readWholeNumber(tokens, 0, 'the width w', { min: LIMITS.width[0], max: LIMITS.width[1], endLine });
  if (!width.ok) return width;
  const height = readWholeNumber(tokens, 1, 'the height h', { min: LIMITS.height[0], max: LIMITS.height[1], endLine });
  if (!height.ok) return height;
  const count = readWholeNumber(tokens, 2, 'the column count k', {
    min: LIMITS.columns[0],
    max: LIMITS.columns[1],
    endLine,
  });
  if (!count.ok) return count;
  const pieces: Piece[] = [];
  for (let i = 0; i < count.value; i++) {
    const t = tokens[3 + i];
    if (t === undefined) {
      return err({ code: 'missing', line: endLine, message: `the input ends after ${i} of ${count.value} columns` });
    }
    if (!PIECE_TOKEN.test(t.token)) {
      const message = `column ${i + 1} "${clip(t.token)}" is not *** or three lowercase letters`;
      return err({ code: 'malformed-token', line: t.line, message });
    }
    pieces.push(pieceFromToken(t.token));
  }
  const extra = tokens[3 + count.value];
  if (extra !== undefined) return err(unexpectedToken(extra, `the ${count.value} columns`));
  return ok({ width: width.value, height: height.value, pieces });
}

/**
 * The instance in the statement's input form; `''` (which {@link parseInstance} refuses) for a
 * value that is not an instance the engine takes.
 *
 * @example
 * ```ts
 * import { formatInstance, generate } from 'tilefall/columns';
 *
 * const instances = generate({ seed: 1 });
 * if (instances.ok) console.log(formatInstance(instances.value[0])); // the statement's input: w h, k, then k columns
 * ```
 */
export function formatInstance(instance: Instance): string {
  const checked = checkInstance(instance);
  if (!checked.ok) return '';
  const { width, height, pieces } = checked.value;
  return `${width} ${height}\n${pieces.length}\n${pieces.map(pieceToken).join('\n')}\n`;
}

/** The line that separates instances in a dataset file. */
const INSTANCE_SEPARATOR = '---';

/** A separator line, wherever it is in a text (found one at a time, never by splitting the whole text). */
const SEPARATOR_LINE = /^---[ \t]*\r?$/gm;

/**
 * The most instances a dataset may hold (as many as ten runs of `tilefall columns generate
 * --instances 10000`): an instance costs more in memory than its text, so a file of millions of
 * tiny instances is refused at the first instance past the limit.
 */
const MAX_DATASET_INSTANCES = 100_000;

/**
 * Splits a dataset (instances separated by `---` lines, at most 100,000 instances) into instance
 * texts, each checked by {@link readInstance}; an error names its line in the whole file.
 */
export function splitInstances(text: string): Result<string[], TextError> {
  const instances: string[] = [];
  let line = 1;
  const separator = new RegExp(SEPARATOR_LINE);
  for (let from = 0; from <= text.length; ) {
    const found = separator.exec(text);
    const to = found === null ? text.length : found.index;
    if (!isBlank(text, from, to)) {
      const chunk = text.slice(from, to);
      if (instances.length === MAX_DATASET_INSTANCES) {
        const message = `a dataset holds at most ${MAX_DATASET_INSTANCES} instances`;
        const at = line + countNewlines(chunk, 0, chunk.length - chunk.trimStart().length);
        return err({ code: 'too-many-instances', line: at, message });
      }
      const parsed = readInstance(chunk);
      if (!parsed.ok) return err({ ...parsed.error, line: line + parsed.error.line - 1 });
      instances.push(chunk);
    }
    if (found === null) break;
    line += countNewlines(text, from, to);
    from = to + found[0].length;
  }
  if (instances.length === 0) return err({ code: 'missing', line: 1, message: 'no instance: the text is empty' });
  return ok(instances);
}

/** Parses a dataset of instances separated by `---` lines (a `text` that is not a string: `invalid-option`). */
export function parseInstances(text: string): Result<Instance[], TextError | ArgumentError<'invalid-option'>> {
  if (typeof text !== 'string') return refuse('invalid-option', 'text', 'a string', text);
  return readInstances(text);
}

/** {@link parseInstances} of a text known to be a string: every refusal a {@link TextError}. */
export function readInstances(text: string): Result<Instance[], TextError> {
  const split = splitInstances(text);
  if (!split.ok) return split;
  return ok(split.value.map((chunk) => (readInstance(chunk) as { value: Instance }).value));
}

/**
 * A dataset of instances in the form {@link parseInstances} reads; `''` for a value that is not
 * an array of instances the engine takes (nor for more than a million of them).
 */
export function formatInstances(instances: readonly Instance[]): string {
  if (!Array.isArray(instances) || instances.length > LIMITS.columns[1]) return '';
  const texts = instances.map(formatInstance);
  return texts.includes('') ? '' : texts.join(`${INSTANCE_SEPARATOR}\n`);
}
