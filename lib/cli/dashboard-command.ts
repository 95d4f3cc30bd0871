/**
 * `tilefall dashboard --checkpoint FILE`: the live view of a run from its checkpoint, finished or
 * still running (the file is read again whenever it changed), until SIGINT or SIGTERM, which
 * stop the server and exit 0.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { type CheckpointRun, type DashboardState, dashboardStateFromCheckpoint } from '../../tuner/dashboard-state.js';
import { tuningGame as columnsGame } from '../columns/search/tuning.js';
import type { GenomeSpec } from '../core/tuning-game.js';
import { BOT_GAME_NAMES } from '../judge/bot-tuning.js';
import { startDashboardServer } from '../node/dashboard-server.js';
import { readTextFile } from '../node/files.js';
import { tuningGame as samegameGame } from '../samegame/search/tuning.js';
import { dashboardPageHtml } from '../view/dashboard-page.js';
import { defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, textOption } from './options.js';
import { DASHBOARD_HOST } from './tune-dashboard.js';

/** A bot's parameter as a checkpoint's run config holds it. */
interface ConfiguredParameter {
  readonly name?: unknown;
  readonly min?: unknown;
  readonly max?: unknown;
}

/** The genome spec of a checkpointed run's game: a solver's weights, or a program's parameters from its config. */
export function checkpointSpec(run: CheckpointRun): GenomeSpec | undefined {
  if (run.game === samegameGame.name) return samegameGame.spec;
  if (run.game === columnsGame.name) return columnsGame.spec;
  const botGame = (Object.values(BOT_GAME_NAMES) as string[]).includes(run.game);
  const parameters = run.config?.parameters;
  if (!botGame || !Array.isArray(parameters)) return undefined;
  const read = (parameters as ConfiguredParameter[]).filter(
    (p) => typeof p.name === 'string' && typeof p.min === 'number' && typeof p.max === 'number',
  );
  if (read.length !== parameters.length) return undefined;
  return {
    names: read.map((p) => p.name as string),
    bounds: read.map((p) => [p.min as number, p.max as number] as const),
  };
}

/** The checkpoint file's state, or why it cannot be shown. */
function readState(file: string): { state: DashboardState } | { error: string } {
  const text = readTextFile(file);
  if (!text.ok) return { error: `${text.error.file}: ${text.error.message}` };
  const state = dashboardStateFromCheckpoint(text.value, file, checkpointSpec);
  return state.ok ? { state: state.value } : { error: state.error.message };
}

/** What tells a changed file from the one read last: its inode, size and modification time. */
function versionOf(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch (error) {
    return `missing:${(error as NodeJS.ErrnoException).code}`;
  }
}

/**
 * The state of `file` as it is now, read again only when it changed since; when it no longer
 * reads, the last state it gave, with why in its `error`.
 */
export function checkpointWatcher(file: string, first: DashboardState): () => DashboardState {
  let shown = first;
  let version = versionOf(file);
  return () => {
    const now = versionOf(file);
    if (now === version) return shown;
    version = now;
    const read = readState(file);
    shown = 'state' in read ? read.state : { ...shown, error: `cannot read the checkpoint now: ${read.error}` };
    return shown;
  };
}

/** Resolves on the first SIGINT or SIGTERM. */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** How often a checkpoint not yet written is looked for. */
const WAIT_POLL_MS = 500;

/**
 * The checkpoint's first state; a file not written yet in a folder that exists is waited for (the
 * view may be started beside a run, which writes its checkpoint after its first generation),
 * saying so once. Undefined when `stopped` settles first.
 */
async function firstState(
  file: string,
  stopped: Promise<void>,
): Promise<{ state: DashboardState } | { error: string } | undefined> {
  let stop = false;
  void stopped.then(() => {
    stop = true;
  });
  if (!existsSync(file) && existsSync(dirname(file)))
    process.stderr.write(`tilefall: waiting for ${file}: a run writes its checkpoint after its first generation\n`);
  while (!existsSync(file) && existsSync(dirname(file))) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    if (stop) return undefined;
  }
  return readState(file);
}

export const dashboardCommand = defineCommand({
  name: 'dashboard',
  describe: 'serve the live view of a tuning run from its checkpoint (finished or running) until Ctrl-C',
  options: {
    checkpoint: textOption({ demandOption: true, describe: "the run's checkpoint (tune --checkpoint FILE)" }),
    port: integerOption(0, 65_535, {
      default: '0',
      describe: 'the port to serve on (0: a free one, printed on stderr)',
    }),
    host: textOption({
      default: DASHBOARD_HOST,
      describe: 'the address to listen on (the default is this machine only)',
    }),
  },
  examples: [['$0 dashboard --checkpoint tune.ckpt --port 8080', 'the run of tune.ckpt at http://127.0.0.1:8080/']],
  run: async (options) => {
    const stopped = stopSignal();
    // A view that would wait for its checkpoint first proves it can listen: a host or port that
    // cannot be served is told now, not once the run has written the file.
    if (!existsSync(options.checkpoint)) {
      const probe = await startDashboardServer({ page: '', state: () => null }, options.host, options.port);
      if (!probe.ok) throw new InputFailure({ message: probe.error.message });
      await probe.value.close();
    }
    const first = await firstState(options.checkpoint, stopped);
    if (first === undefined) return EXIT.ok;
    if ('error' in first) throw new InputFailure({ message: first.error });
    const server = await startDashboardServer(
      { page: dashboardPageHtml(), state: checkpointWatcher(options.checkpoint, first.state) },
      options.host,
      options.port,
    );
    if (!server.ok) throw new InputFailure({ message: server.error.message });
    process.stderr.write(`tilefall: live view of ${options.checkpoint} at ${server.value.url} (Ctrl-C stops it)\n`);
    await stopped;
    await server.value.close();
    return EXIT.ok;
  },
});
