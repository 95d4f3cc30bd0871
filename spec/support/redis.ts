// A real Redis for the specs (Debian's redis-server, which `.ci/run` installs when missing): on a
// free loopback port, in its own temporary folder, with persistence on, stopped by the spec;
// optionally with a password, and with TLS only (a self-signed certificate made by openssl).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/** How a spec's server is reached: a password (`requirepass`), and TLS only (Debian's build has it). */
export interface RedisSecurity {
  readonly password?: string;
  readonly tls?: boolean;
}

/** A Redis server the spec owns: start, stop, start again on the same port and data. */
export class RedisServer {
  private process: ChildProcess | undefined;
  readonly dir = scratchDirectory('tilefall-redis-');

  private constructor(
    readonly port: number,
    private readonly security: RedisSecurity,
  ) {}

  /** The URL a client uses, with the password when there is one (`rediss://` with TLS). */
  get url(): string {
    const auth = this.security.password === undefined ? '' : `:${encodeURIComponent(this.security.password)}@`;
    return `${this.security.tls ? 'rediss' : 'redis'}://${auth}127.0.0.1:${this.port}`;
  }

  /** The self-signed certificate a TLS server presents: a client trusts it as its CA. */
  get caFile(): string {
    return join(this.dir, 'cert.pem');
  }

  /** Starts a server on a free port, with a password or TLS if asked. */
  static async start(security: RedisSecurity = {}): Promise<RedisServer> {
    if (!existsSync(REDIS_SERVER))
      throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (.ci/run does)`);
    const server = new RedisServer(await freePort(), security);
    if (security.tls) server.makeCertificate();
    await server.restart();
    return server;
  }

  /** (Re)starts the server on its port with its data (append-only file on). */
  async restart(): Promise<void> {
    const { password, tls } = this.security;
    const listen = tls
      ? ['--port', '0', '--tls-port', String(this.port), '--tls-cert-file', this.caFile]
      : ['--port', String(this.port)];
    const key = tls ? ['--tls-key-file', join(this.dir, 'key.pem'), '--tls-auth-clients', 'no'] : [];
    this.process = spawn(
      REDIS_SERVER,
      [
        ...listen,
        ...key,
        ...(password === undefined ? [] : ['--requirepass', password]),
        ...['--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--save', ''],
      ],
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
    const tls = this.security.tls ? { tls: { ca: readFileSync(this.caFile) } } : {};
    const client = new Redis(this.url, { maxRetriesPerRequest: 1, retryStrategy: () => null, ...tls });
    client.on('error', () => {});
    try {
      return await client.call(args[0], ...args.slice(1));
    } finally {
      client.disconnect();
    }
  }

  /** A self-signed certificate for 127.0.0.1, and its key, in the server's folder. */
  private makeCertificate(): void {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(this.dir, 'key.pem'), '-out', this.caFile],
      ],
      { stdio: 'ignore' },
    );
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

/**
 * A Redis server for the tests of one spec file: started before them (handed to `started`),
 * emptied before each, and stopped after them, once the spec's `workers` are killed.
 */
export function redisForSpec(workers: readonly ChildProcess[], started: (server: RedisServer) => void): void {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await RedisServer.start();
    started(server);
  }, 30_000);
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await server?.stop();
  });
  beforeEach(async () => {
    await server?.command('FLUSHALL');
  });
}
