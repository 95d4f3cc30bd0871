// Temporary folders for the specs, removed when their spec file ends (spec/setup/scratch-cleanup.ts),
// so a test run leaves nothing behind in the system's temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new empty folder under the system's temporary folder, named `<prefix>XXXXXX`. */
export function scratchDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder `scratchDirectory` made in this spec file. */
export function removeScratchDirectories(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
