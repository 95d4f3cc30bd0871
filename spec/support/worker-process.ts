import { type ChildProcess, spawn } from 'node:child_process';
import { BIN } from './cli.js';

/** How a spec's `tilefall worker` runs: its queue, name and lock, and anything else it is given. */
export interface WorkerSpawn {
  readonly url: string;
  readonly name: string;
  /** How long its job stays locked without a renewal (`--lock-ms`): short, so a killed worker's job moves on soon. */
  readonly lockMs: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly extra?: readonly string[];
  /** Hears everything the worker has written to stderr so far, after each write. */
  readonly onLog?: (worker: ChildProcess, text: string) => void;
  /** The spec's list of workers to stop: the worker joins it as soon as it is spawned, even if it never listens. */
  readonly started: ChildProcess[];
}

/** Starts `tilefall worker` (one job at a time) and resolves once it listens; rejects if it exits first. */
export async function startWorkerProcess(options: WorkerSpawn): Promise<ChildProcess> {
  const { url, name, lockMs, env = process.env, extra = [] } = options;
  const worker = spawn(
    process.execPath,
    [BIN, 'worker', '--queue', url, '--concurrency', '1', '--lock-ms', String(lockMs), '--name', name, ...extra],
    { stdio: ['ignore', 'ignore', 'pipe'], env },
  );
  options.started.push(worker);
  await new Promise<void>((resolve, reject) => {
    let text = '';
    worker.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      options.onLog?.(worker, text);
      if (text.includes('waiting for jobs')) resolve();
    });
    worker.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${text}`)));
  });
  return worker;
}
