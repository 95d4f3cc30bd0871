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

/** Receives the tuner's progress, generation by generation. */
export interface TuneProgress {
  /** Generation `generation` (from 0) begins, with `evaluations` solves to score. */
  startGeneration(generation: number, evaluations: number): void;
  /** One of the generation's evaluations finished. */
  evaluationDone(): void;
  /** The generation is scored: its best and mean fitness, and the games it played and racing saved. */
  endGeneration(best: number, mean: number, games?: { readonly played: number; readonly saved: number }): void;
  /** The run is over (finished or stopped): release the display. */
  stop(): void;
  /** A game failed: the display shows the latest failure, its kind and a short detail. */
  gameFailed?(failure: FirstFailure): void;
}

/** A bar `width` characters wide, filled in proportion to `done` of `total`. */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = total > 0 ? Math.round((Math.min(done, total) / total) * width) : width;
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

// Erase the terminal line and go back to its start, so the next draw replaces it.
const REDRAW = '\r\x1b[2K';

/** What both displays need to say: the generation count, the time left and a note. */
interface ProgressText {
  readonly generations: number;
  /** The current generation (from 0), set by the display as generations start. */
  generation: number;
  /** Generations finished so far. */
  done: number;
  readonly eta: () => string;
  readonly note: () => string;
  /** Games played so far, and those racing saved, over every finished generation. */
  readonly games: { played: number; saved: number };
}

/** Adds a generation's games to the run's and says them, `games 96` or `games 60 (racing saved 36)`, after `separator`. */
function countGames(
  text: ProgressText,
  games: { readonly played: number; readonly saved: number } | undefined,
  separator: string,
): string {
  text.games.played += games?.played ?? 0;
  text.games.saved += games?.saved ?? 0;
  const saved = text.games.saved > 0 ? ` (racing saved ${text.games.saved})` : '';
  return text.games.played > 0 ? `${separator}games ${text.games.played}${saved}` : '';
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
  stream: NodeJS.WriteStream,
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

/** The display of a checked stream and count. */
function progressOn(stream: NodeJS.WriteStream, generations: number, detail: () => string): TuneProgress {
  const started = Date.now();
  let latestFailure: FirstFailure | undefined;
  const text: ProgressText = {
    generations,
    generation: 0,
    done: 0,
    games: { played: 0, saved: 0 },
    eta: () => {
      if (text.done === 0) return '?';
      const perGeneration = (Date.now() - started) / text.done;
      return `${Math.round((perGeneration * (generations - text.generation - 1)) / 1000)}s`;
    },
    note: () => {
      const note = detail();
      return `${note === '' ? '' : ` | ${note}`}${shownFailure(latestFailure)}`;
    },
  };
  const display = stream.isTTY ? terminalProgress(stream, text) : lineProgress(stream, text);
  return {
    ...display,
    gameFailed(failure) {
      latestFailure = failure;
    },
  };
}

/** One line per finished generation, for logs and pipes. */
function lineProgress(out: NodeJS.WriteStream, text: ProgressText): TuneProgress {
  return {
    startGeneration(g) {
      text.generation = g;
    },
    evaluationDone() {},
    endGeneration(best, mean, games) {
      text.done++;
      const played = countGames(text, games, ', ');
      out.write(
        `generation ${text.generation + 1}/${text.generations}: best ${best.toFixed(1)}, mean ${mean.toFixed(1)}${played}, ETA ${text.eta()}${text.note()}\n`,
      );
    },
    stop() {},
  };
}

/** A bar redrawn in place as evaluations finish, ended with a newline when its generation ends. */
function terminalProgress(out: NodeJS.WriteStream, text: ProgressText): TuneProgress {
  let best = '-';
  let mean = '-';
  let played = '';
  let done = 0;
  let evaluations = 0;
  let drawn = false;
  const draw = () => {
    drawn = true;
    const bar = `[${progressBar(done, evaluations)}] ${done}/${evaluations} evaluations`;
    out.write(
      `${REDRAW}generation ${text.generation + 1}/${text.generations} ${bar} | best ${best} | mean ${mean}${played} | ETA ${text.eta()}${text.note()}`,
    );
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
      text.done++;
      best = b.toFixed(1);
      mean = m.toFixed(1);
      // Racing leaves games unplayed: the bar ends full at the games the generation played.
      evaluations = done;
      played = countGames(text, games, ' | ');
      draw();
      finishLine();
    },
    stop: finishLine,
  };
}
