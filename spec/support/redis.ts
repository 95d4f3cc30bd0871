// A real Redis for the specs (Debian's redis-server, which `.ci/run` installs when missing): on a
// free loopback port, in its own temporary folder, with persistence on, stopped by the spec.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { scratchDirectory } from './scratch.js';

export const REDIS_SERVER = '/usr/bin/redis-server';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A Redis server the spec owns: start, stop, start again on the same port and data. */
export class RedisServer {
  private process: ChildProcess | undefined;
  readonly dir = scratchDirectory('tilefall-redis-');

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts a server on a free port. */
  static async start(): Promise<RedisServer> {
    if (!existsSync(REDIS_SERVER))
      throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (.ci/run does)`);
    const server = new RedisServer(await freePort());
    await server.restart();
    return server;
  }

  /** (Re)starts the server on its port with its data (append-only file on). */
  async restart(): Promise<void> {
    this.process = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--save', ''],
      { stdio: 'ignore' },
    );
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Stops the server (SIGTERM: it writes its data first) and waits for it to exit. */
  async stop(): Promise<void> {
    const running = this.process;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
    this.process = undefined;
  }

  /** Runs one command on a fresh connection. */
  async command(...args: string[]): Promise<unknown> {
    const client = new Redis(this.url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      return await client.call(args[0], ...args.slice(1));
    } finally {
      client.disconnect();
    }
  }

  private async answers(): Promise<boolean> {
    try {
      return (await this.command('PING')) === 'PONG';
    } catch {
      return false;
    }
  }
}
