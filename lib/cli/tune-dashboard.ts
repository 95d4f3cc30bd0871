/**
 * `tune --dashboard PORT`: the live view of a run, served for as long as the run lasts (and a
 * moment after, for a page that watched it: {@link DASHBOARD_LINGER_MS}). The
 * recorder (`tuner/dashboard-recorder.ts`) hears the run's events; the server
 * (`lib/node/dashboard-server.ts`) answers the page and `/state.json` from it.
 */
import { createDashboardRecorder, type DashboardRecorder } from '../../tuner/dashboard-recorder.js';
import { dashboardParameters, dashboardStateFromCheckpoint } from '../../tuner/dashboard-state.js';
import type { GenerationRecord } from '../../tuner/ga.js';
import { genomeFromWeights } from '../../tuner/genome.js';
import type { TaskRunner } from '../../tuner/pool.js';
import { parseJson } from '../core/json.js';
import type { TuningGame } from '../core/tuning-game.js';
import { startDashboardServer } from '../node/dashboard-server.js';
import { readTextFile } from '../node/files.js';
import { dashboardPageHtml } from '../view/dashboard-page.js';
import { InputFailure } from './input-error.js';
import { integerOption, textOption } from './options.js';

/** Where the dashboard listens unless told otherwise: this machine only. */
export const DASHBOARD_HOST = '127.0.0.1';

/** The options `tune` takes for its live view. */
export function dashboardOptions() {
  return {
    dashboard: integerOption(0, 65_535, {
      describe: 'serve a live view of the run at http://127.0.0.1:PORT/ (0: a free port, printed on stderr)',
    }),
    'dashboard-host': textOption({
      describe: `the address the live view listens on (default: ${DASHBOARD_HOST}, this machine only)`,
    }),
  };
}

/**
 * How long the server still answers once the run has ended, when a page has asked for the state:
 * two of the page's polls (a second apart), so that it gets the finished state before tilefall exits.
 */
export const DASHBOARD_LINGER_MS = 2000;

/** A run's live view: its recorder, and the server to close when the run ends. */
export interface TuneDashboard {
  readonly recorder: DashboardRecorder;
  /**
   * Closes the server: {@link DASHBOARD_LINGER_MS} after the call when the run has ended (finished
   * or stopped) and the state was asked for at least once, at once otherwise.
   */
  close(): Promise<void>;
}

/** What the live view knows of the run before it starts. */
export interface DashboardRunFacts {
  readonly game: TuningGame;
  readonly optimizer: string;
  readonly planned: number;
  readonly start: Readonly<Record<string, number>> | undefined;
  /** The checkpoint a resumed run continues: its generations are shown from the start. */
  readonly resumed: string | undefined;
  /** The queue's workers seen so far, for a run on a queue. */
  readonly workers: (() => Iterable<string>) | undefined;
}

/** The generation records of the checkpoint a run resumes, or none when it cannot be read (the run itself says why). */
function resumedHistory(file: string | undefined): GenerationRecord[] {
  if (file === undefined) return [];
  const text = readTextFile(file);
  if (!text.ok || !dashboardStateFromCheckpoint(text.value, file, () => undefined).ok) return [];
  const json = parseJson(text.value);
  return json.ok ? ((json.value as { state: { history: GenerationRecord[] } }).state.history ?? []) : [];
}

/**
 * Starts the live view of a run on `host:port` and says where it is on stderr; a port in use or
 * a host it cannot listen on is one line, exit 2. `lingerMs` is how long it answers after the
 * run's end ({@link TuneDashboard.close}).
 */
export async function startTuneDashboard(
  facts: DashboardRunFacts,
  host: string,
  port: number,
  lingerMs = DASHBOARD_LINGER_MS,
): Promise<TuneDashboard> {
  const { game } = facts;
  const start = genomeFromWeights(game.spec, facts.start ?? game.defaults);
  const recorder = createDashboardRecorder(
    {
      game: game.name,
      optimizer: facts.optimizer,
      planned: facts.planned,
      parameters: dashboardParameters(game.spec, start),
    },
    resumedHistory(facts.resumed),
    facts.workers,
  );
  let watched = false;
  const state = () => {
    watched = true;
    return recorder.state();
  };
  const server = await startDashboardServer({ page: dashboardPageHtml(), state }, host, port);
  if (!server.ok) throw new InputFailure({ message: server.error.message });
  process.stderr.write(`tilefall: live view of the run at ${server.value.url}\n`);
  return {
    recorder,
    async close() {
      // A page that watched the run sees its end; a run nobody watched exits at once.
      if (watched && recorder.state().finished) await new Promise((done) => setTimeout(done, lingerMs));
      await server.value.close();
    },
  };
}

/**
 * `runner` (one that solves in this thread, `--workers 0`) giving the event loop a turn between
 * its tasks, so that the live view's server answers while the run goes on: the in-thread runner
 * solves a whole generation without one. The same tasks, in the same order, with the same results.
 */
export function servedBetweenTasks(runner: TaskRunner): TaskRunner {
  return {
    async run(tasks, onDone) {
      const results = [];
      for (const task of tasks) {
        await new Promise((resolve) => setImmediate(resolve));
        results.push(...(await runner.run([task], onDone)));
      }
      return results;
    },
    close: () => runner.close(),
  };
}
