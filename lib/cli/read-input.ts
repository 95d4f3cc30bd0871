/** Reading and parsing the files named on the command line, failing with one clear line. */
import { readTextFile } from '../core/files.js';
import { type Board } from '../samegame/board.js';
import { parseBoard, type BoardShapeOptions } from '../samegame/text.js';
import { InputFailure } from './input-error.js';

/** The text of `file`, or an input failure naming it. */
export function readInputText(file: string): string {
  const text = readTextFile(file);
  if (!text.ok) throw new InputFailure(text.error);
  return text.value;
}

/** A SameGame board read from `file`, or an input failure naming the file and line. */
export function readBoardFile(file: string, shape: BoardShapeOptions = {}): Board {
  const board = parseBoard(readInputText(file), shape);
  if (!board.ok) throw new InputFailure({ file, line: board.error.line, message: board.error.message });
  return board.value;
}
