/**
 * The live view's web server, on Node's own `http`: the page at `/`, the run as data at
 * `/state.json`, nothing else. It serves what it is given and reads no files, so a run's
 * dashboard shows the run and nothing of the machine it runs on.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { err, ok, type Result } from '../core/result.js';

/** A running dashboard server. */
export interface DashboardServer {
  /** Where the page is, `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** The port it listens on (the one the system chose, for port 0). */
  readonly port: number;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

/** Why a server did not start: the port is taken, or the host cannot be listened on. */
export interface DashboardServerError {
  readonly code: 'address-in-use' | 'address-unavailable';
  readonly message: string;
}

/** What the server serves. */
export interface DashboardContent {
  /** The page's HTML. */
  readonly page: string;
  /** The run now, JSON-ready: asked afresh for every request of `/state.json`. */
  readonly state: () => unknown;
}

/** The URL of `host:port`, a literal IPv6 address in brackets. */
function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

/** Answers one request: `/` and `/state.json` to GET and HEAD, 404 for any other path. */
function answer(content: DashboardContent, request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(body),
      // The state changes every moment and the page polls it: never from a cache.
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const text = 'text/plain; charset=utf-8';
  if (path !== '/' && path !== '/state.json') send(404, text, 'not found\n');
  else if (request.method !== 'GET' && request.method !== 'HEAD')
    send(405, text, 'method not allowed\n', { allow: 'GET, HEAD' });
  else if (path === '/') send(200, 'text/html; charset=utf-8', content.page);
  else {
    const json = stateJson(content);
    if (json.ok) send(200, 'application/json; charset=utf-8', json.value);
    else send(500, text, `state unavailable: ${json.error}\n`);
  }
}

/** The state as JSON, or why it could not be made. */
function stateJson(content: DashboardContent): Result<string, string> {
  try {
    return ok(JSON.stringify(content.state()));
  } catch (error) {
    return err((error as Error).message);
  }
}

/** Words for the errors a listen gives most, by code. */
const LISTEN_ERROR_WORDS: Readonly<Record<string, string>> = {
  EADDRNOTAVAIL: "the address is not one of this machine's",
  EACCES: 'the port needs privileges',
  ENOTFOUND: 'no such host',
};

/**
 * Why a listen failed, in words with its code in parentheses (`the port needs privileges
 * (EACCES)`), or its code (or message) alone for an error that has no words here.
 */
export function listenFailureReason(error: { readonly code?: string; readonly message: string }): string {
  const code = error.code;
  if (code === undefined) return error.message;
  const words = Object.hasOwn(LISTEN_ERROR_WORDS, code) ? LISTEN_ERROR_WORDS[code] : undefined;
  return words === undefined ? code : `${words} (${code})`;
}

/**
 * Serves `content` on `host:port` (port 0: one the system picks). Resolves once it listens, or
 * to the reason it cannot: `address-in-use` for a port taken, `address-unavailable` for a host
 * that is not this machine's or a port it may not open.
 */
export function startDashboardServer(
  content: DashboardContent,
  host: string,
  port: number,
): Promise<Result<DashboardServer, DashboardServerError>> {
  const server = createServer((request, response) => answer(content, request, response));
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      resolve(
        error.code === 'EADDRINUSE'
          ? err({ code: 'address-in-use', message: `cannot serve the dashboard on ${where}: the port is in use` })
          : err({
              code: 'address-unavailable',
              message: `cannot serve the dashboard on ${where}: ${listenFailureReason(error)}`,
            }),
      );
    });
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      resolve(
        ok({
          url: urlOf(host, bound),
          port: bound,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              server.closeAllConnections();
            }),
        }),
      );
    });
  });
}
