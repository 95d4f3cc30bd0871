/**
 * A read that may wait without end (a named pipe no one writes to yet, a terminal, a pipe whose
 * writer is idle) must still end at Ctrl-C, as `cat` does. A signal's listener runs only between
 * events, which a synchronous read that waits never reaches, so while tilefall listens to the
 * ending signals (to stop its programs first) such a read could not be stopped but by SIGKILL.
 * Around it the signals are given back their default action, which ends the process at once.
 */
import { isMainThread } from 'node:worker_threads';

/** The signals that end a process by default, and which a waiting read must let end it. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `read` with the ending signals' default action back (no listener of them while it runs),
 * then puts their listeners back as they were. A worker thread hears no signal: it just reads.
 */
export function withDefaultEndingSignals<T>(read: () => T): T {
  if (!isMainThread) return read();
  // The raw listeners, so that one added with `once` stays a once.
  const saved = ENDING_SIGNALS.map((signal) => [signal, process.rawListeners(signal)] as const);
  for (const [signal] of saved) process.removeAllListeners(signal);
  try {
    return read();
  } finally {
    for (const [signal, listeners] of saved)
      for (const listener of listeners) process.on(signal, listener as (signal: NodeJS.Signals) => void);
  }
}
