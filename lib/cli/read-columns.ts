/** Reading Columns inputs, outputs and weights for the CLI, failing with one clear line. */
import { type Instance, parseInstance } from '../columns/instance.js';
import { InputFailure } from './input-error.js';
import { readInputText } from './read-input.js';

export function readInstanceFile(file: string): Instance {
  const parsed = parseInstance(readInputText(file));
  if (!parsed.ok) throw new InputFailure({ file, line: parsed.error.line, message: parsed.error.message });
  return parsed.value;
}
