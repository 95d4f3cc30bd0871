/**
 * Workers' heartbeats: every worker writes, about every second, a key naming it, the jobs it
 * holds and when it wrote it, with a TTL, so that `tilefall queue status` can list workers and a
 * coordinator can tell a job of a worker still alive from one whose worker is lost (its lock has
 * not run out yet).
 */

import type { Redis } from 'ioredis';
import { z } from 'zod';

/** How often a worker writes its heartbeat. */
export const HEARTBEAT_MS: number = 1000;

/** A worker whose last heartbeat is older than this is lost. */
export const LOST_AFTER_MS: number = 5 * HEARTBEAT_MS;

/** How long a heartbeat key stays once its worker stops writing it: an hour, for `queue status` to show. */
export const HEARTBEAT_TTL_SECONDS: number = 3600;

/** The prefix of every heartbeat key. */
const PREFIX = 'tilefall:worker:';

/** The key of worker `name`'s heartbeat on queue `queue`. */
export const heartbeatKey = (queue: string, name: string): string => `${PREFIX}${queue}:${name}`;

/** What a heartbeat says. */
export interface Heartbeat {
  readonly name: string;
  readonly queue: string;
  /** The ids of the jobs the worker holds. */
  readonly jobs: readonly string[];
  /** When it was written (ms since the epoch, the worker's clock: shown, never compared). */
  readonly at: number;
}

const heartbeatSchema = z.object({
  name: z.string(),
  queue: z.string(),
  jobs: z.array(z.string()),
  at: z.number(),
});

/**
 * Writes worker `name`'s heartbeat on `queue` now and every {@link HEARTBEAT_MS}, with the jobs
 * `held` gives; `beat()` writes one at once (when a job is taken), `stop()` stops and deletes the key.
 */
export function startHeartbeat(
  connection: Redis,
  queue: string,
  name: string,
  held: () => readonly string[],
): { beat(): void; stop(): Promise<void> } {
  const key = heartbeatKey(queue, name);
  let writing = false;
  const beat = () => {
    // During an outage commands wait for the connection: one heartbeat waits, the others are skipped.
    if (writing) return;
    writing = true;
    const value: Heartbeat = { name, queue, jobs: [...held()], at: Date.now() };
    connection
      .set(key, JSON.stringify(value), 'EX', HEARTBEAT_TTL_SECONDS)
      .catch(() => {})
      .finally(() => {
        writing = false;
      });
  };
  beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      // A worker stopping on purpose is no lost worker: its key goes (unless Redis is gone).
      await Promise.race([connection.del(key).catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500))]);
    },
  };
}

/** A heartbeat as read, with its age by Redis's clock (from its key's TTL), which no worker's clock skews. */
export interface HeartbeatSeen extends Heartbeat {
  readonly ageMs: number;
}

/** Every heartbeat in the Redis of `connection` (of queue `queue` when given), newest first. */
export async function readHeartbeats(connection: Redis, queue?: string): Promise<HeartbeatSeen[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await connection.scan(cursor, 'MATCH', `${PREFIX}${queue ?? '*'}:*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await connection.mget(...keys);
  const ttls = await Promise.all(keys.map((key) => connection.pttl(key)));
  const beats: HeartbeatSeen[] = [];
  for (const [i, value] of values.entries()) {
    if (value === null || ttls[i] < 0) continue;
    try {
      const read = heartbeatSchema.safeParse(JSON.parse(value));
      if (read.success) beats.push({ ...read.data, ageMs: Math.max(0, HEARTBEAT_TTL_SECONDS * 1000 - ttls[i]) });
    } catch {
      // Not a heartbeat of this version: not listed.
    }
  }
  return beats.sort((a, b) => a.ageMs - b.ageMs);
}
