/**
 * `tilefall queue status|clean --queue URL`: what is in tilefall's job queues (runs and their
 * jobs by state, workers and their last heartbeat), and removing a run's jobs or all of them. The
 * URL is shown only as `redactUrl` shows it: never its password.
 */

import { QUEUE_NAME, unreachable } from '../../tuner/queue.js';
import { escapeControlCharacters, terminalJson } from '../core/control-characters.js';
import { redactUrl } from '../core/redact-url.js';
import { cleanQueues, type QueueStatus, queueStatus } from '../node/queue-admin.js';
import { JOB_TTL_SECONDS, RUN_ID_PATTERN } from '../node/queue-retention.js';
import { SOLVE_QUEUE_NAME } from '../samegame/node/solve-queue.js';
import { type CliCommand, defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { OPTIONS, textOption } from './options.js';
import { queueOption } from './queue-option.js';

/** The queues tilefall uses: tuning's and spread solves'. */
const QUEUES = [QUEUE_NAME, SOLVE_QUEUE_NAME] as const;

/** The queue's `--queue URL` option of these commands. */
const urlOption = () =>
  queueOption({
    demandOption: true,
    describe:
      'the Redis URL, redis://[USER@]HOST:PORT[/DB] (rediss:// for TLS), its password in TILEFALL_REDIS_PASSWORD',
  });

/** Fails with one line, exit 2, when Redis does not answer at `url`. */
async function reach(url: string): Promise<void> {
  const down = await unreachable(url);
  if (down !== undefined) throw new InputFailure({ message: `cannot reach Redis at ${redactUrl(url)}: ${down}` });
}

/**
 * `status` as text: a line a run, then a line a worker. Run ids and worker names are anyone's who
 * can write to Redis: a control character in one is shown as its escape, never sent to the terminal.
 */
export function statusText(url: string, status: QueueStatus): string {
  const lines = [`queue at ${redactUrl(url)}`];
  lines.push(status.runs.length === 0 ? 'runs: none' : 'runs:');
  for (const { queue, run, jobs } of status.runs)
    lines.push(
      `  ${escapeControlCharacters(run)} (${queue}): ${jobs.waiting} waiting, ${jobs.active} active, ${jobs.done} done, ${jobs.failed} failed`,
    );
  lines.push(status.workers.length === 0 ? 'workers: none' : 'workers:');
  for (const worker of status.workers) {
    const state = worker.lost ? 'lost' : `${worker.jobs} job${worker.jobs === 1 ? '' : 's'} held`;
    lines.push(
      `  ${escapeControlCharacters(worker.name)} (${escapeControlCharacters(worker.queue)}): ${state}, last heartbeat ${worker.lastHeartbeatSeconds}s ago`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const statusCommand = defineCommand({
  name: 'status',
  describe: 'list the runs on the queue with their jobs waiting, active, done and failed, and the workers',
  options: { queue: urlOption(), json: OPTIONS.json },
  examples: [['$0 queue status --queue redis://10.0.0.5:6379', 'what the queue holds and who serves it']],
  run: async (options) => {
    await reach(options.queue);
    const status = await queueStatus(options.queue, QUEUES);
    process.stdout.write(options.json ? `${terminalJson(status)}\n` : statusText(options.queue, status));
    return EXIT.ok;
  },
});

const cleanCommand = defineCommand({
  name: 'clean',
  describe: `remove a run's jobs, or every tilefall job (left ones expire after ${JOB_TTL_SECONDS / 86_400} days anyway)`,
  options: {
    queue: urlOption(),
    run: textOption({ describe: 'the run whose jobs go (see `queue status`); every tilefall job without it' }),
  },
  checks: [
    {
      option: 'run',
      message: 'is a run id as `tilefall queue status` lists it: letters, digits, _ and . only',
      fails: (o) => o.run !== undefined && !RUN_ID_PATTERN.test(o.run),
    },
  ],
  examples: [
    ['$0 queue clean --queue redis://10.0.0.5:6379 --run 3f2a9c1b04de', "remove one run's jobs"],
    ['$0 queue clean --queue redis://10.0.0.5:6379', 'remove every tilefall job'],
  ],
  run: async (options) => {
    await reach(options.queue);
    const { removed, held } = await cleanQueues(options.queue, QUEUES, options.run);
    const whose = options.run === undefined ? 'tilefall jobs' : `jobs of run ${options.run}`;
    const stay =
      held === 0
        ? ''
        : `; ${held} held by a worker stay until it finishes them, then expire after ${JOB_TTL_SECONDS / 86_400} days`;
    process.stdout.write(`removed ${removed} ${whose} from ${redactUrl(options.queue)}${stay}\n`);
    return EXIT.ok;
  },
});

/** `tilefall queue <command>`, in `--help` order. */
export const queueCommands: readonly CliCommand[] = [statusCommand, cleanCommand];
