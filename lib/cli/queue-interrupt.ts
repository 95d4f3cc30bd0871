/**
 * A coordinator on a job queue stopped by a signal (Ctrl-C, SIGTERM, a closed terminal): a run that
 * cannot be resumed (no `--checkpoint`) removes its jobs first, since nothing would ever read them;
 * a run with a checkpoint keeps them for `--resume`, which reuses the finished ones.
 */

/** The signals that end a coordinator. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How long the removal may take before the coordinator ends anyway (Redis may be gone). */
const REMOVAL_MS = 3000;

/**
 * Until the returned function is called, a signal first runs `removeJobs` (for at most a few
 * seconds), then ends the process by that signal as it would have ended without this.
 */
export function removeJobsOnSignal(removeJobs: () => Promise<void>): () => void {
  const handlers = SIGNALS.map((signal) => {
    const onSignal = () => {
      dispose();
      const timeout = new Promise((resolve) => setTimeout(resolve, REMOVAL_MS).unref());
      void Promise.race([removeJobs().catch(() => {}), timeout]).then(() => process.kill(process.pid, signal));
    };
    process.once(signal, onSignal);
    return [signal, onSignal] as const;
  });
  function dispose() {
    for (const [signal, onSignal] of handlers) process.removeListener(signal, onSignal);
  }
  return dispose;
}
