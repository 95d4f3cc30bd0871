// A real Redis for the specs (Debian's redis-server, which `.ci/run` installs when missing): on a
// free loopback port, in its own temporary folder, with persistence on, stopped by the spec.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
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

/**
 * The local ports of the TCP connections process `pid` has open (Linux: its descriptors' socket
 * inodes, looked up in /proc/net/tcp).
 */
function tcpPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // The descriptor was closed while listed.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && inodes.has(fields[9])) ports.add(Number.parseInt(fields[1].split(':')[1], 16));
    }
  }
  return ports;
}

/** A stand-in on a stopped Redis's port: see {@link standIn}. */
export interface StandIn {
  /** True once process `pid` has tried to reconnect (it has a connection to the stand-in). */
  reached(pid: number): boolean;
  /** Frees the port, dropping the connections held. */
  close(): Promise<void>;
}

/**
 * Holds a stopped Redis's port: it takes every connection and answers nothing, so a client trying
 * to reconnect stays there, waiting for the server's reply, and the spec can see which processes
 * have noticed the outage.
 */
export async function standIn(port: number): Promise<StandIn> {
  const held: Socket[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => {});
    held.push(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    reached(pid) {
      const ports = tcpPortsOf(pid);
      return held.some((socket) => socket.remotePort !== undefined && ports.has(socket.remotePort));
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of held) socket.destroy();
      }),
  };
}
