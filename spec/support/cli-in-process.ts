// Runs the tilefall CLI inside the spec's own process, capturing what it writes: quicker than a
// child process for commands that only read files and print.
import { vi } from 'vitest';
import { main } from '../../lib/cli/main.js';

/** The exit code and what `tilefall ARGS` printed on stdout and stderr. */
export async function runInProcess(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const status = await main(args);
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    errSpy.mockRestore();
  }
}
