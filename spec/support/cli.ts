// Runs the tilefall executable as a user would, in a child process.
import { spawn, spawnSync } from 'node:child_process';
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

/** {@link runCli} without blocking the spec's process, so several runs can go side by side. */
export function runCliAsync(
  args: readonly string[],
  options: { input?: string; cwd?: string; timeoutMs?: number; env?: Readonly<Record<string, string>> } = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? REPO_DIR,
      env: { ...process.env, TILEFALL_DEBUG: '', ...options.env },
      timeout: options.timeoutMs ?? 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
