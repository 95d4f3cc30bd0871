// Runs the tilefall executable as a user would, in a child process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REPO_DIR } from './repo.js';

export const BIN = fileURLToPath(new URL('../../bin/tilefall.mjs', import.meta.url));

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(
  args: readonly string[],
  options: { input?: string; cwd?: string; timeoutMs?: number; env?: Readonly<Record<string, string>> } = {},
): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO_DIR,
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    env: { ...process.env, TILEFALL_DEBUG: '', ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
