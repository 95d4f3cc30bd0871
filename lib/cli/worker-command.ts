/**
 * `tilefall worker --queue URL`: evaluates tuning jobs of any game from a BullMQ queue until it is
 * stopped. SIGINT or SIGTERM: it takes no new job, finishes the current one, then exits 0 (a
 * second signal exits at once; the job goes back to the queue when its lock runs out).
 */
import { hostname } from 'node:os';
import { createTaskRunner, defaultWorkers } from '../../tuner/pool.js';
import { startQueueWorker, unreachable } from '../../tuner/queue.js';
import { tuningGame as columnsGame } from '../columns/search/tuning.js';
import { packageVersion } from '../node/package-root.js';
import { tuningGame as samegameGame } from '../samegame/search/tuning.js';
import { defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, textOption } from './options.js';

/** The games a worker can evaluate, by the name a job gives. */
const GAMES: Readonly<Record<string, string>> = { samegame: samegameGame.module, columns: columnsGame.module };

export const workerCommand = defineCommand({
  name: 'worker',
  describe: 'evaluate tuning jobs from a Redis queue (tune --queue) until stopped',
  options: {
    queue: textOption({ demandOption: true, describe: 'the Redis URL, redis://HOST:PORT[/DB]' }),
    concurrency: integerOption(1, 256, {
      default: String(defaultWorkers()),
      describe: "threads evaluating a job's instances (default: the cores)",
    }),
    'lock-ms': integerOption(1000, 3_600_000, {
      default: '30000',
      describe: "how soon a dead worker's job goes back to the queue (the lock is renewed while working)",
    }),
    name: textOption({ default: `${hostname()}:${process.pid}`, describe: 'this worker in the progress of tune' }),
  },
  examples: [['$0 worker --queue redis://10.0.0.5:6379', 'evaluate jobs on every core of this machine']],
  run: async (options) => {
    const down = await unreachable(options.queue);
    if (down !== undefined) throw new InputFailure({ message: `cannot reach Redis at ${options.queue}: ${down}` });
    const runner = createTaskRunner(options.concurrency);
    const worker = await startQueueWorker({
      url: options.queue,
      name: options.name,
      version: packageVersion(),
      games: GAMES,
      runner,
      lockMs: options['lock-ms'],
    });
    process.stderr.write(`tilefall worker ${options.name}: waiting for jobs on ${options.queue}\n`);
    await new Promise<void>((resolve) => {
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) process.exit(EXIT.ok);
        stopping = true;
        process.stderr.write(`tilefall worker ${options.name}: ${signal}, finishing the current job\n`);
        resolve();
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    });
    await worker.close();
    await runner.close();
    process.stderr.write(`tilefall worker ${options.name}: stopped after ${worker.processed()} jobs\n`);
    return EXIT.ok;
  },
});
