// The live view's server on real sockets: a free port, this machine only unless told otherwise,
// the page and the state at their two paths and nothing at any other.
import { createServer, Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { type DashboardServer, listenFailureReason, startDashboardServer } from '../../lib/node/dashboard-server.js';

const started: DashboardServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** A server of `state` on `host:port`, closed after the test; fails the test if it does not start. */
async function serve(state: () => unknown = () => ({ n: 1 }), host = '127.0.0.1', port = 0): Promise<DashboardServer> {
  const server = await startDashboardServer({ page: '<p>the page</p>', state }, host, port);
  if (!server.ok) throw new Error(server.error.message);
  started.push(server.value);
  return server.value;
}

/** This machine's first address that is not loopback, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

/** Whether a TCP connection to `host:port` is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, host);
  });
}

describe('the dashboard server', () => {
  it('should take a free port for port 0 and say its loopback URL', async () => {
    const server = await serve();
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe('<p>the page</p>');
  });

  it('should answer the state afresh at every request of /state.json, never cached', async () => {
    let n = 0;
    const server = await serve(() => ({ n: ++n }));
    const first = await fetch(`${server.url}state.json`);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ n: 1 });
    expect(await (await fetch(`${server.url}state.json`)).json()).toEqual({ n: 2 });
  });

  it.each(['/other', '/state.json/x', '/index.html', '/../etc/passwd'])('should answer 404 at %s', async (path) => {
    const server = await serve();
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
    expect(response.status).toBe(404);
  });

  it('should refuse a method other than GET and HEAD with 405', async () => {
    const server = await serve();
    const response = await fetch(`${server.url}state.json`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('should answer 500 with the reason when the state cannot be made', async () => {
    const server = await serve(() => {
      throw new Error('no state here');
    });
    const response = await fetch(`${server.url}state.json`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('no state here');
  });

  it.skipIf(outward === undefined)('should listen on loopback only unless given another host', async () => {
    const address = outward as string;
    const loopback = await serve();
    expect(await connects('127.0.0.1', loopback.port)).toBe(true);
    expect(await connects(address, loopback.port)).toBe(false);
    const everywhere = await serve(undefined, '0.0.0.0');
    expect(await connects(address, everywhere.port)).toBe(true);
  });

  it('should refuse a port in use as address-in-use, naming it', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const server = await startDashboardServer({ page: '', state: () => ({}) }, '127.0.0.1', port);
      expect(server.ok ? undefined : server.error).toEqual({
        code: 'address-in-use',
        message: `cannot serve the dashboard on 127.0.0.1:${port}: the port is in use`,
      });
    } finally {
      holder.close();
    }
  });

  it('should refuse a host that is not this machine as address-unavailable', async () => {
    // An address of the documentation range, which no interface here holds.
    const server = await startDashboardServer({ page: '', state: () => ({}) }, '203.0.113.7', 0);
    expect(server.ok ? undefined : server.error.code).toBe('address-unavailable');
    expect(server.ok ? '' : server.error.message).toMatch(
      /^cannot serve the dashboard on 203\.0\.113\.7:0: the address is not one of this machine's \(EADDRNOTAVAIL\)$/,
    );
  });

  it('should say in words why it cannot listen, keeping the code in parentheses', () => {
    expect(listenFailureReason({ code: 'EADDRNOTAVAIL', message: 'listen EADDRNOTAVAIL' })).toBe(
      "the address is not one of this machine's (EADDRNOTAVAIL)",
    );
    expect(listenFailureReason({ code: 'EACCES', message: 'listen EACCES' })).toBe(
      'the port needs privileges (EACCES)',
    );
    // A code without words is shown as it is, and an error without a code by its message.
    expect(listenFailureReason({ code: 'EMFILE', message: 'listen EMFILE' })).toBe('EMFILE');
    expect(listenFailureReason({ code: 'constructor', message: 'x' })).toBe('constructor');
    expect(listenFailureReason({ message: 'no code' })).toBe('no code');
  });

  it('should stop answering once closed, even with a connection kept open', async () => {
    const server = await serve();
    await fetch(server.url, { keepalive: true });
    await server.close();
    started.pop();
    expect(await connects('127.0.0.1', server.port)).toBe(false);
  });
});
