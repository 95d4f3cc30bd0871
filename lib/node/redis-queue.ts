/**
 * The Redis side of every job queue (tuning's and a spread solve's): bullmq and ioredis are
 * optional peer packages, imported when a queue is first used, and a missing one is named in one
 * line.
 */
import type * as Bullmq from 'bullmq';
import type * as Ioredis from 'ioredis';

/** A Redis connection (ioredis). */
export type Redis = Ioredis.Redis;

import { redactUrl } from '../core/redact-url.js';
import { importOptional, OPTIONAL_FEATURES } from './optional-packages.js';

/** bullmq and ioredis, or a `MissingPackageError` naming them when they are not installed. */
export async function loadQueuePackages(): Promise<{ bullmq: typeof Bullmq; Redis: typeof Ioredis.Redis }> {
  const [bullmq, { Redis }] = await importOptional(OPTIONAL_FEATURES.queue, () =>
    Promise.all([import('bullmq'), import('ioredis')]),
  );
  return { bullmq, Redis };
}

/** A Redis connection for BullMQ: commands wait through a reconnection instead of failing. */
export async function redisConnection(url: string): Promise<Redis> {
  const { Redis } = await loadQueuePackages();
  return new Redis(url, { maxRetriesPerRequest: null });
}

/**
 * Checks that Redis answers at `url` (within about two seconds); resolves to the reason when it
 * does not, never with the URL's password in it. The first call of a run, so it is the one that
 * reports missing queue packages and a URL that cannot be read.
 */
export async function unreachable(url: string): Promise<string | undefined> {
  const { Redis } = await loadQueuePackages();
  let client: Redis;
  try {
    client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
  } catch {
    // The URL parser's error holds the whole URL, password included: only what is wrong is told.
    return 'not a Redis URL: give redis://[[USER]:PASSWORD@]HOST[:PORT][/DB], or rediss://… for TLS';
  }
  // Once ioredis gives up it rejects with "Connection is closed."; the error event said why.
  let cause: Error | undefined;
  client.on('error', (error: Error) => {
    cause = error;
  });
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    const reason = (cause ?? (error as Error)).message || String(error);
    return reason.split(url).join(redactUrl(url));
  } finally {
    client.disconnect();
  }
}
