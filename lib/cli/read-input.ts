/** Reading and parsing the files named on the command line, failing with one clear line. */

import type { z } from 'zod';
import type { Instance } from '../columns/engine/instance.js';
import { parseInstance } from '../columns/engine/text.js';
import type { ArgumentError } from '../core/argument-error.js';
import { type BotParameter, parseBotParameters } from '../core/bot-parameters.js';
import { parseJson } from '../core/json.js';
import { parseNamedWeights } from '../core/named-weights.js';
import { readTextFile } from '../node/files.js';
import type { Board } from '../samegame/engine/board.js';
import { type BoardShapeOptions, parseBoard, parseBoards, type TextError } from '../samegame/engine/text.js';
import { readLinesFile, type StoredLine } from '../samegame/node/lines-file.js';
import { InputFailure } from './input-error.js';

/** The text of `file`, or an input failure naming it. */
export function readInputText(file: string): string {
  const text = readTextFile(file);
  if (!text.ok) throw new InputFailure(text.error);
  return text.value;
}

/**
 * A board's parse error as the command line says it: a board of another shape than the one
 * expected (15 x 15 unless told) also says which options set the shape, since a board that
 * `generate --width 40` wrote is refused by a command run without them.
 */
function boardFailure(file: string, error: TextError | ArgumentError, shape: BoardShapeOptions): InputFailure {
  const line = 'line' in error ? error.line : 0;
  const shaped = shape.width !== undefined || shape.height !== undefined;
  const hint =
    error.code === 'size' && line > 0 && shaped ? ' (a board of another shape needs --width and --height)' : '';
  return new InputFailure({ file, line, message: error.message + hint });
}

/**
 * A SameGame board read from `file`, or an input failure naming the file and line; a dataset of
 * several boards is named as such, rather than as one board of the wrong height.
 */
export function readBoardFile(file: string, shape: BoardShapeOptions = {}): Board {
  const text = readInputText(file);
  const board = parseBoard(text, shape);
  if (board.ok) return board.value;
  const boards = board.error.code === 'size' ? parseBoards(text, shape) : undefined;
  if (boards?.ok && boards.value.length > 1)
    throw new InputFailure({
      file,
      message: `holds ${boards.value.length} boards (a dataset): give a file of one board`,
    });
  throw boardFailure(file, board.error, shape);
}

/** The SameGame boards of a dataset file (blank-line separated, of any shape the engine takes), or an input failure naming the file and line. */
export function readBoardsFile(file: string, shape: BoardShapeOptions = {}): Board[] {
  const parsed = parseBoards(readInputText(file), shape);
  if (!parsed.ok) throw boardFailure(file, parsed.error, shape);
  return parsed.value;
}

/** The best stored line of each board in a lines file (`solve --lines`), or an input failure naming the file and line. */
export function readStoredLines(file: string): Map<string, StoredLine> {
  const lines = readLinesFile(file);
  if (!lines.ok) throw new InputFailure(lines.error);
  return lines.value;
}

/** A Columns instance read from `file`, or an input failure naming the file and line. */
export function readInstanceFile(file: string): Instance {
  const parsed = parseInstance(readInputText(file));
  if (!parsed.ok)
    throw new InputFailure({
      file,
      line: 'line' in parsed.error ? parsed.error.line : 0,
      message: parsed.error.message,
    });
  return parsed.value;
}

/** The JSON value in `file`, or an input failure naming the file, on one line. */
export function readJsonFile(file: string): unknown {
  const json = parseJson(readInputText(file));
  if (!json.ok) throw new InputFailure({ file, message: json.error });
  return json.value;
}

/** The JSON in `file` as `schema` reads it, or an input failure naming the file and the first wrong field. */
export function readJsonFileAs<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(readJsonFile(file));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new InputFailure({ file, message: `field "${issue.path.join('.')}": ${issue.message}` });
}

/** Weights named `names` read from a JSON file (plain or a tune output), or an input failure naming the file and field. */
export function readWeightsFile<N extends string>(file: string, names: readonly N[]): Record<N, number> {
  const weights = parseNamedWeights(readJsonFile(file), names);
  if (!weights.ok)
    throw new InputFailure({ file, message: `field "${weights.error.field}": ${weights.error.message}` });
  return weights.value;
}

/** A bot's parameters from a `params.json`, or an input failure naming the file, the parameter and what is wrong. */
export function readParamsFile(file: string): BotParameter[] {
  const parameters = parseBotParameters(readJsonFile(file));
  if (!parameters.ok) throw new InputFailure({ file, message: parameters.error.message });
  return parameters.value;
}

/** Weights from `file` when one is named. */
export const readOptionalWeights = <N extends string>(
  file: string | undefined,
  names: readonly N[],
): Record<N, number> | undefined => (file === undefined ? undefined : readWeightsFile(file, names));
