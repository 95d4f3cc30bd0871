/**
 * The live view's record of a running tune: it hears the run's progress events and generation
 * records (`tune`'s `progress` and `afterGeneration`) and its result, and answers the state
 * (`dashboard-state.ts`) at any moment. It only records: it never changes what the run does.
 */

import { type DashboardRun, type DashboardState, dashboardFailure, dashboardStateOf } from './dashboard-state.js';
import type { FailureRecord } from './failures.js';
import type { GenerationRecord } from './ga.js';
import type { TuneProgress } from './progress.js';

/** What the recorder needs of a finished run (a `TuneResult`'s fields). */
export interface RecordedResult {
  readonly history: readonly GenerationRecord[];
  readonly finalists: readonly { readonly origin: string; readonly mean: number }[];
  readonly validation: {
    readonly instances: number;
    readonly tuned: { readonly mean: number };
    readonly start: { readonly mean: number };
    readonly difference: { readonly mean: number; readonly standardError: number };
  };
  readonly failures: { readonly records: readonly FailureRecord[] };
  readonly games: { readonly played: number; readonly saved: number };
}

/** Records a run's events; {@link DashboardRecorder.state} is the run as the page shows it. */
export interface DashboardRecorder {
  /**
   * A progress that tells `inner` everything and records what it needs: every method of `inner`
   * is kept, so a progress that hears more than these events still hears it all.
   */
  watch(inner?: TuneProgress): TuneProgress;
  /** The run's generation records after a generation (`tune`'s `afterGeneration`). */
  generationDone(history: readonly GenerationRecord[]): void;
  /** The run ended with `result`. */
  finished(result: RecordedResult): void;
  /** The run stopped, for `reason`. */
  stopped(reason: string): void;
  /** The run now. */
  state(): DashboardState;
}

/** A progress that shows nothing, for a recorder watching no display. */
const SILENT: TuneProgress = {
  startGeneration() {},
  evaluationDone() {},
  endGeneration() {},
  stop() {},
};

/**
 * The start's line at the end of a run: the score its first record keeps, or, for a run that did
 * not score its start there, its mean in the final choice.
 */
function startLine(recorded: DashboardState['start'], result: RecordedResult): DashboardState['start'] {
  const start = result.finalists.find((f) => f.origin === 'start');
  return recorded.fitness !== null || start === undefined ? recorded : { fitness: start.mean, where: 'final choice' };
}

/** What a finished run's result changes in the state shown. */
function finishedChanges(run: DashboardRun, shown: DashboardState, result: RecordedResult): Partial<DashboardState> {
  const { validation } = result;
  return {
    generations: dashboardStateOf(run, result.history).generations,
    games: { ...result.games },
    start: startLine(shown.start, result),
    validation: {
      instances: validation.instances,
      tuned: validation.tuned.mean,
      start: validation.start.mean,
      difference: validation.difference.mean,
      standardError: validation.difference.standardError,
    },
    failures: result.failures.records.map((r) => dashboardFailure(r.where, r)),
    finished: true,
  };
}

/**
 * A recorder of the run `run`, which starts from `history` (a resumed run's generations) and
 * names the queue's workers with `workers` (a run on this machine has none).
 */
export function createDashboardRecorder(
  run: DashboardRun,
  history: readonly GenerationRecord[] = [],
  workers?: () => Iterable<string>,
): DashboardRecorder {
  let shown: DashboardState = dashboardStateOf(run, history);
  let current: { generation: number; games: number; done: number } | null = null;
  let phase = shown.phase;
  // The start's games before generation 1's (0 on a resume); the final phases' games done so far.
  let startGames = 0;
  let phaseDone = 0;
  return {
    watch(inner = SILENT) {
      return {
        ...inner,
        plan(plan) {
          startGames = plan.startGames;
          inner.plan?.(plan);
        },
        startGeneration(generation, evaluations) {
          current = { generation: generation + 1, games: evaluations, done: 0 };
          // The first generation of a fresh run scores the start first, in its own games.
          phase = shown.generations.length === 0 && startGames > 0 ? 'starting' : 'generations';
          inner.startGeneration(generation, evaluations);
        },
        evaluationDone() {
          if (current !== null) {
            current.done++;
            if (phase === 'starting' && current.done >= startGames) phase = 'generations';
          } else if (phase === 'final choice and held-out check') phaseDone++;
          inner.evaluationDone();
        },
        endGeneration(best, mean, games) {
          if (phase === 'starting') phase = 'generations';
          inner.endGeneration(best, mean, games);
        },
        startPhase(runPhase, games) {
          // The final choice begins as soon as the last generation is recorded: the held-out check follows it.
          current = null;
          if (!shown.finished) phase = 'final choice and held-out check';
          inner.startPhase?.(runPhase, games);
        },
        stop() {
          current = null;
          inner.stop();
        },
      };
    },
    generationDone(records) {
      const next = dashboardStateOf(run, records);
      current = null;
      if (phase === 'starting') phase = 'generations';
      const { generations, games, failures, start } = next;
      shown = { ...shown, generations, games, failures, start };
    },
    finished(result) {
      shown = { ...shown, ...finishedChanges(run, shown, result) };
      phase = 'finished';
      current = null;
      // The result's count has every game of the final choice and held-out check.
      phaseDone = 0;
    },
    stopped(reason) {
      shown = { ...shown, finished: true, error: reason };
      phase = 'stopped';
      current = null;
    },
    state() {
      const live = current === null ? null : { ...current };
      const played = shown.games.played + (live?.done ?? 0) + phaseDone;
      return {
        ...shown,
        phase,
        current: live,
        games: { played, saved: shown.games.saved },
        workers: workers === undefined ? null : [...workers()].sort(),
      };
    },
  };
}
