/**
 * A bot's fingerprint, which a tuning job carries instead of the command: a hash of the command
 * line as given and of the version the user names or, without one, of the bytes of every file the
 * command names (the program, a script). Two machines agree on it when they would run the same
 * program; a worker whose fingerprint differs from the job's refuses it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/** The fingerprint of the command `command` (split into `argv`), at `version` when one is given. */
export function botFingerprint(command: string, argv: readonly string[], version?: string): string {
  const hash = createHash('sha256').update(JSON.stringify(['tilefall-bot', command]));
  if (version !== undefined) hash.update(JSON.stringify(['version', version]));
  else
    for (const word of argv) {
      // A word that names a file here (the program, its script) stands for the file's bytes.
      const bytes = fileBytes(word);
      if (bytes !== undefined) hash.update(JSON.stringify(['file', word])).update(bytes);
    }
  return hash.digest('hex').slice(0, 16);
}

/** The bytes of the regular file `path`, or undefined when it names none this process can read. */
function fileBytes(path: string): Buffer | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}
