/** Where a command's result goes: stdout, or a file written atomically (never half-written). */
import { writeFileAtomic } from '../node/files.js';
import { InputFailure } from './input-error.js';

/** Writes `text` to `file` atomically, or to stdout when no file is named. */
export function writeTextOutput(text: string, file?: string): void {
  if (file === undefined) {
    process.stdout.write(text);
    return;
  }
  const written = writeFileAtomic(file, text);
  if (!written.ok) throw new InputFailure(written.error);
}
