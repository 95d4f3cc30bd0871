/**
 * Tuning progress on stderr: a live bar on a terminal, one line per generation otherwise, so logs
 * stay readable. The bar is a line redrawn in place; a library for it would bring a dozen
 * packages to every install for what fits in a few lines here.
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../lib/core/argument-error.js';
import { ok, type Result } from '../lib/core/result.js';
import { describeFailure, type FirstFailure } from './failures.js';

/** The most of a failure's detail the progress line shows: the whole is in the report. */
const SHOWN_FAILURE = 80;

/** The latest failure as the progress line shows it: ` | last failure: crash (exit code 3; …)`. */
function shownFailure(failure: FirstFailure | undefined): string {
  if (failure === undefined) return '';
  const text = describeFailure(failure);
  return ` | last failure: ${text.length > SHOWN_FAILURE ? `${text.slice(0, SHOWN_FAILURE)}…` : text}`;
}

/** A phase of a run after its generations: the final choice, then the held-out check. */
export type RunPhase = 'final choice' | 'held-out check';

/**
 * A run's work in games, as `tune` plans it before its first generation (or the first after a
 * resume): enough for one ETA over the whole run. A raced generation plays fewer games than
 * `perGeneration`, so with racing the counts are upper bounds.
 */
export interface RunPlan {
  /** The most generations the run plays (its settings'); a game budget may end it sooner. */
  readonly generations: number;
  /** The generation (from 0) this process starts at: 0, or where a resumed checkpoint left off. */
  readonly from: number;
  /** Games the generations before `from` played and those racing saved (a resumed run's earlier work). */
  readonly before: { readonly played: number; readonly saved: number };
  /** Games a generation plays when none is saved: the population times its instances. */
  readonly perGeneration: number;
  /** Games scoring the start before generation 1 (0 on a resume): the plot's start line. */
  readonly startGames: number;
  /** The run's budget of generation games (`--games`), when it has one. */
  readonly budget?: number;
  /** Whether generations are raced (they may play fewer games than planned). */
  readonly raced: boolean;
  /** Games of the final choice at most: every candidate on every sample. */
  readonly finalGames: number;
  /** Games of the held-out check: the tuned and the start weights on every held-out instance. */
  readonly validationGames: number;
}

/** Receives the tuner's progress, generation by generation, then through the final choice and held-out check. */
export interface TuneProgress {
  /** The run's plan, before its first game. */
  plan?(plan: RunPlan): void;
  /** Generation `generation` (from 0) begins, with `evaluations` solves to score. */
  startGeneration(generation: number, evaluations: number): void;
  /** One of the generation's (or the phase's) evaluations finished. */
  evaluationDone(): void;
  /** The generation is scored: its best and mean fitness, and the games it played and racing saved. */
  endGeneration(best: number, mean: number, games?: { readonly played: number; readonly saved: number }): void;
  /** A phase after the generations begins, with its games; `evaluationDone` counts them. */
  startPhase?(phase: RunPhase, games: number): void;
  /** The run is over (finished or stopped): release the display. */
  stop(): void;
  /** A game failed: the display shows the latest failure, its kind and a short detail. */
  gameFailed?(failure: FirstFailure): void;
  /**
   * A line of the caller's for the same stream (a job queue's message), without its newline: on a
   * terminal the bar drawn in place is cleared first and drawn again below it, so neither is
   * written onto the other.
   */
  line?(text: string): void;
}

/** A bar `width` characters wide, filled in proportion to `done` of `total`. */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = total > 0 ? Math.round((Math.min(done, total) / total) * width) : width;
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

// Erase the terminal line and go back to its start, so the next draw replaces it.
const REDRAW = '\r\x1b[2K';

/** What both displays need to say: the generation, the whole run's share done, the time left and a note. */
interface ProgressText {
  readonly generations: number;
  /** The current generation (from 0), set by the display as generations start. */
  generation: number;
  /** Generations finished so far. */
  done: number;
  /** The phase after the generations under way, once they are over. */
  phase: RunPhase | undefined;
  /** `generation 3/10`, `generation 12` (a raced run on a budget: its count is not known), or the phase. */
  readonly label: () => string;
  /** `40%, ETA 12s`: the whole run's games done and the time left, `ETA ≤12s` while it is a bound. */
  readonly eta: () => string;
  readonly note: () => string;
  /** Games played so far, and those racing saved, over every finished generation (a resume's earlier ones too). */
  readonly games: { played: number; saved: number };
  /** One game of this process done. */
  readonly gameDone: () => void;
  /** A generation over: its games played and saved. */
  readonly generationDone: (games: { readonly played: number; readonly saved: number } | undefined) => void;
  readonly setPlan: (plan: RunPlan) => void;
  readonly startPhase: (phase: RunPhase, games: number) => void;
  /** Games planned for the current generation, for a run without a plan. */
  evaluations: number;
  /** This process's time so far, as `1m20s`. */
  readonly elapsed: () => string;
  /** Whether the held-out check, the run's last phase, has played all its games. */
  readonly finished: () => boolean;
  /** Games the whole run played so far: a resume's earlier ones, and every phase's. */
  readonly played: () => number;
}

/** Adds a generation's games to the run's and says them, `games 96` or `games 60 (racing saved 36)`, after `separator`. */
function countGames(
  text: ProgressText,
  games: { readonly played: number; readonly saved: number } | undefined,
  separator: string,
): string {
  text.generationDone(games);
  return gamesSoFar(text, separator);
}

/** The run's games so far, after `separator`, or '' before the first. */
function gamesSoFar(text: ProgressText, separator: string): string {
  const saved = text.games.saved > 0 ? ` (racing saved ${text.games.saved})` : '';
  return text.games.played > 0 ? `${separator}games ${text.games.played}${saved}` : '';
}

/** A duration as `42s`, `3m05s` or `2h10m`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * The generation games a run has left at most: every genome of every generation left playing all
 * its games, within what the budget has left (where an unraced generation starts only when it
 * fits whole, a raced one may use the budget to its last game).
 */
function generationGamesLeft(plan: RunPlan, finished: number, playedSince: number): number {
  const generations = Math.max(0, plan.generations - finished);
  const all = generations * plan.perGeneration;
  if (plan.budget === undefined) return all;
  const budgetLeft = Math.max(0, plan.budget - plan.before.played - playedSince);
  if (plan.raced) return Math.min(all, budgetLeft);
  return Math.min(all, Math.floor(budgetLeft / Math.max(1, plan.perGeneration)) * plan.perGeneration);
}

/**
 * Where a progress is written: a terminal (`isTTY`), where the line is redrawn in place, or any
 * stream of lines. `process.stderr` is one; the type is spelled out so that a program compiles
 * against it without Node's own types.
 */
export interface ProgressStream {
  /** Writes `text` as it is (a terminal's line is redrawn with a carriage return). */
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/**
 * A progress display for `stream`: a bar on a terminal, lines otherwise. `detail` adds a note
 * to both (a job queue's jobs done and workers seen). `generations`, the count it shows, is a
 * whole number from 0; a stream without `write`, another count or a `detail` that is not a
 * function is refused (`invalid-option`).
 *
 * @example
 * ```ts
 * import { createProgress } from 'tilefall/tuner';
 *
 * const progress = createProgress(process.stderr, 10);
 * if (!progress.ok) throw new Error(progress.error.message);
 * // Pass progress.value as tune's `progress` option.
 * ```
 */
export function createProgress(
  stream: ProgressStream,
  generations: number,
  detail: () => string = () => '',
): Result<TuneProgress, ArgumentError<'invalid-option'>> {
  if (!isPlainObject(stream) || typeof stream.write !== 'function')
    return refuse('invalid-option', 'stream', 'a writable stream', stream);
  const count = checkWholeNumber('invalid-option', 'generations', generations, [0, Number.MAX_SAFE_INTEGER]);
  if (!count.ok) return count;
  if (typeof detail !== 'function') return refuse('invalid-option', 'detail', 'a function', detail);
  return ok(progressOn(stream, count.value, detail));
}

/** What a display has counted of a run: its plan, this process's games, the phase under way. */
interface RunCount {
  plan: RunPlan | undefined;
  /** Games this process finished, and the generation games among them (of scored generations). */
  gamesDone: number;
  generationPlayed: number;
  /** Games done when the current generation began. */
  generationStartedAt: number;
  /** Games done when the phase under way began, and the phase's games. */
  phaseFrom: number;
  phaseGames: number;
}

/** The games this process will have played by the end of the run (at most, while generations are raced). */
function expectedGames(count: RunCount, text: ProgressText): number {
  const { plan, gamesDone } = count;
  if (plan === undefined) {
    const left = Math.max(0, text.generations - text.generation - 1);
    return (
      gamesDone + Math.max(0, text.evaluations - (gamesDone - count.generationStartedAt)) + left * text.evaluations
    );
  }
  if (text.phase === 'held-out check') return count.phaseFrom + count.phaseGames;
  if (text.phase === 'final choice') return count.phaseFrom + count.phaseGames + plan.validationGames;
  const left = generationGamesLeft(plan, plan.from + text.done, count.generationPlayed);
  return plan.startGames + count.generationPlayed + left + plan.finalGames + plan.validationGames;
}

/** The whole run's share done and the time left, `40%, ETA 12s`, at this process's time per game since `started`. */
function shareAndEta(count: RunCount, text: ProgressText, started: number): string {
  const before = count.plan?.before.played ?? 0;
  const total = expectedGames(count, text);
  const share = before + total === 0 ? 100 : Math.floor((100 * (before + count.gamesDone)) / (before + total));
  if (count.gamesDone === 0) return `${share}%, ETA ?`;
  const bound = count.plan?.raced === true && text.phase === undefined ? '≤' : '';
  const perGame = (Date.now() - started) / count.gamesDone;
  return `${share}%, ETA ${bound}${formatDuration(perGame * Math.max(0, total - count.gamesDone))}`;
}

/** The generations a plan will play, or undefined when racing on a budget leaves it open. */
function plannedGenerations(plan: RunPlan): number | undefined {
  if (plan.budget === undefined) return plan.generations;
  // A raced generation may cost less, so more may fit in the budget than it holds whole ones.
  if (plan.raced) return undefined;
  const whole = Math.floor(Math.max(0, plan.budget - plan.before.played) / Math.max(1, plan.perGeneration));
  return Math.min(plan.generations, plan.from + whole);
}

/** `resumed at generation 4/10: games 360 played before it`, for a plan that resumes a run, or ''. */
function resumedLine(plan: RunPlan): string {
  if (plan.from === 0) return '';
  const count = plannedGenerations(plan);
  const saved = plan.before.saved > 0 ? ` (racing saved ${plan.before.saved})` : '';
  return `resumed at generation ${plan.from + 1}${count === undefined ? '' : `/${count}`}: games ${plan.before.played} played before it${saved}\n`;
}

/** The display of a checked stream and count. */
function progressOn(stream: ProgressStream, generations: number, detail: () => string): TuneProgress {
  const started = Date.now();
  const count: RunCount = {
    plan: undefined,
    gamesDone: 0,
    generationPlayed: 0,
    generationStartedAt: 0,
    phaseFrom: 0,
    phaseGames: 0,
  };
  let latestFailure: FirstFailure | undefined;
  const text: ProgressText = {
    generations,
    generation: 0,
    done: 0,
    phase: undefined,
    games: { played: 0, saved: 0 },
    evaluations: 0,
    label: () => {
      if (text.phase !== undefined) return text.phase;
      const planned = count.plan === undefined ? text.generations : plannedGenerations(count.plan);
      return `generation ${text.generation + 1}${planned === undefined ? '' : `/${planned}`}`;
    },
    eta: () => shareAndEta(count, text, started),
    note: () => {
      const note = detail();
      return `${note === '' ? '' : ` | ${note}`}${shownFailure(latestFailure)}`;
    },
    gameDone: () => {
      count.gamesDone++;
    },
    generationDone: (games) => {
      text.done++;
      const first = text.done === 1 ? (count.plan?.startGames ?? 0) : 0;
      count.generationPlayed += games?.played ?? 0;
      text.games.played += (games?.played ?? 0) + first;
      text.games.saved += games?.saved ?? 0;
    },
    setPlan: (plan) => {
      count.plan = plan;
      text.games.played = plan.before.played;
      text.games.saved = plan.before.saved;
    },
    startPhase: (phase, games) => {
      text.phase = phase;
      count.phaseFrom = count.gamesDone;
      count.phaseGames = games;
    },
    elapsed: () => formatDuration(Date.now() - started),
    finished: () => text.phase === 'held-out check' && count.gamesDone >= count.phaseFrom + count.phaseGames,
    played: () => (count.plan?.before.played ?? 0) + count.gamesDone,
  };
  const display = stream.isTTY ? terminalProgress(stream, text) : lineProgress(stream, text);
  return {
    ...display,
    gameFailed(failure) {
      latestFailure = failure;
    },
    plan(plan) {
      text.setPlan(plan);
      stream.write(resumedLine(plan));
    },
    startGeneration(g, evaluations) {
      text.evaluations = evaluations;
      count.generationStartedAt = count.gamesDone;
      display.startGeneration(g, evaluations);
    },
    evaluationDone() {
      text.gameDone();
      display.evaluationDone();
    },
  };
}

/** The closing line of a run: its games in all (a resume's earlier ones too) and this process's time. */
function doneLine(text: ProgressText): string {
  const saved = text.games.saved > 0 ? ` (racing saved ${text.games.saved})` : '';
  return `run done: games ${text.played()}${saved}, 100%, elapsed ${text.elapsed()}`;
}

/** One line per finished generation and per phase begun, for logs and pipes. */
function lineProgress(out: ProgressStream, text: ProgressText): TuneProgress {
  return {
    startGeneration(g) {
      text.generation = g;
    },
    evaluationDone() {},
    endGeneration(best, mean, games) {
      const played = countGames(text, games, ', ');
      out.write(
        `${text.label()}: best ${best.toFixed(1)}, mean ${mean.toFixed(1)}${played}, ${text.eta()}${text.note()}\n`,
      );
    },
    startPhase(phase, games) {
      text.startPhase(phase, games);
      out.write(`${phase}: ${games} games, ${text.eta()}${text.note()}\n`);
    },
    stop() {
      if (text.finished()) out.write(`${doneLine(text)}\n`);
    },
    line(line) {
      out.write(`${line}\n`);
    },
  };
}

/** A bar redrawn in place as evaluations finish, ended with a newline when its generation or phase ends. */
function terminalProgress(out: ProgressStream, text: ProgressText): TuneProgress {
  let best = '-';
  let mean = '-';
  let played = '';
  let done = 0;
  let evaluations = 0;
  let unit = 'evaluations';
  let drawn = false;
  const draw = () => {
    drawn = true;
    const bar = `[${progressBar(done, evaluations)}] ${done}/${evaluations} ${unit}`;
    const scores = text.phase === undefined ? ` | best ${best} | mean ${mean}${played}` : ` | games ${text.played()}`;
    out.write(`${REDRAW}${text.label()} ${bar}${scores} | ${text.eta()}${text.note()}`);
  };
  const finishLine = () => {
    if (drawn) out.write('\n');
    drawn = false;
  };
  return {
    startGeneration(g, count) {
      text.generation = g;
      done = 0;
      evaluations = count;
      draw();
    },
    evaluationDone() {
      done++;
      draw();
    },
    endGeneration(b, m, games) {
      best = b.toFixed(1);
      mean = m.toFixed(1);
      // Racing leaves games unplayed: the bar ends full at the games the generation played.
      evaluations = done;
      played = countGames(text, games, ' | ');
      draw();
      finishLine();
    },
    startPhase(phase, games) {
      finishLine();
      text.startPhase(phase, games);
      done = 0;
      evaluations = games;
      unit = 'games';
      draw();
    },
    stop() {
      finishLine();
      if (text.finished()) out.write(`${doneLine(text)}\n`);
    },
    line(line) {
      if (!drawn) {
        out.write(`${line}\n`);
        return;
      }
      // The bar's line becomes the caller's, and the bar goes on below it.
      out.write(`${REDRAW}${line}\n`);
      draw();
    },
  };
}
