/**
 * Games played through a user's engine, as `conform` and its shrinking do: the engine is started
 * once, sent every game at once with its input then closed (so a program that reads everything
 * before it answers, or that never flushes, works as well as one that answers line by line), and
 * its answer is read step by step and compared with the rules. The first step that parts ends the
 * run; so does an engine that stalls, and one that cannot be started.
 */
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type Disagreement, disagreementAt, type ExpectedStep, firstDifferentLine } from '../testing/disagreement.js';
import { BotProcess } from './bot-process.js';
import { startFailure } from './process-group.js';

/** How the engine's output ended, when it ended before the answer did. */
export interface EngineEnd {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The last lines it wrote to stderr. */
  readonly stderr: readonly string[];
  /** Set when it was killed for holding more memory than the limit. */
  readonly overMemory?: { readonly limitMb: number; readonly peakMb: number | null };
}

/** How playing games through an engine ended; `moves` counts the steps that agreed before it. */
export type EngineRun =
  | { readonly kind: 'agree'; readonly moves: number }
  | {
      readonly kind: 'disagree';
      /** The game's index in the list played, from 0. */
      readonly game: number;
      readonly disagreement: Disagreement;
      /** Set when the engine's output ended before the step's answer did (it crashed or stopped). */
      readonly ended?: EngineEnd;
      readonly moves: number;
    }
  | {
      readonly kind: 'stalled';
      readonly game: number;
      /** The step it was answering, from 1. */
      readonly step: number;
      readonly waitedMs: number;
      /** The lines of that step it had printed. */
      readonly printed: readonly string[];
      readonly moves: number;
    }
  | { readonly kind: 'unstartable'; readonly message: string };

/** How to run the engine. */
export interface EngineOptions {
  /** The program and its arguments. */
  readonly argv: readonly string[];
  /** The longest the engine may go without printing a line, ms. */
  readonly timeoutMs: number;
  /** The memory the engine's processes may hold together, MB (as `judge --memory-mb`; no limit when absent). */
  readonly memoryMb?: number;
}

/** How long an engine that has answered everything is watched for more output before it is stopped. */
const END_WATCH_MS = 500;

/** One step's answer as read: its lines, or why they stopped. */
type StepRead =
  | { readonly kind: 'lines'; readonly lines: string[] }
  | { readonly kind: 'ended'; readonly lines: string[]; readonly end: EngineEnd }
  | { readonly kind: 'stalled'; readonly lines: string[]; readonly waitedMs: number }
  | { readonly kind: 'unstartable'; readonly message: string };

/** Plays `games` through the engine and compares every step with the rules. */
export async function playThroughEngine<G, O>(
  protocol: ConformanceProtocol<G, O>,
  games: readonly G[],
  options: EngineOptions,
): Promise<EngineRun> {
  const engine = new BotProcess(options.argv, {}, { memoryLimitMb: options.memoryMb });
  try {
    // Not awaited: the answer is read while the input is still being written.
    void engine.write(games.map((game) => protocol.input(game)).join(''));
    engine.endInput();
    const reader = new LineReader(engine, options.timeoutMs, options.memoryMb);
    let moves = 0;
    let expected: ExpectedStep[] = [];
    for (let g = 0; g < games.length; g++) {
      expected = protocol.expected(games[g]);
      for (let s = 0; s < expected.length; s++) {
        const read = await readStep(reader, (first) => protocol.linesAfter(first, games[g]));
        if (read.kind === 'unstartable') return read;
        if (read.kind === 'stalled')
          return { kind: 'stalled', game: g, step: s + 1, waitedMs: read.waitedMs, printed: read.lines, moves };
        const line = firstDifferentLine(expected[s].lines, read.lines);
        if (line > 0 || read.kind === 'ended') {
          const disagreement = disagreementAt(expected[s], s + 1, Math.max(line, 1), read.lines);
          return {
            kind: 'disagree',
            game: g,
            disagreement,
            ...(read.kind === 'ended' ? { ended: read.end } : {}),
            moves,
          };
        }
        moves++;
      }
    }
    // `expected` is the last game's: nothing more may follow its answer.
    return await checkNothingMore(reader, games.length - 1, expected, moves);
  } finally {
    engine.kill();
    await engine.exited();
  }
}

/**
 * After the last answer the engine should print nothing more and end well: a line it prints, or
 * an exit with an error or a signal (a crash on a game that asked for no answer), parts from the
 * rules after the game's last step.
 */
async function checkNothingMore(
  reader: LineReader,
  game: number,
  steps: readonly ExpectedStep[],
  moves: number,
): Promise<EngineRun> {
  const extra = await reader.next(END_WATCH_MS);
  const last = steps.at(-1);
  // The board the game ends on: the last answer's rows, or (after `over`) the field before it.
  const before = last === undefined ? [] : last.lines.length > 1 ? last.lines.slice(1) : last.before;
  const after: ExpectedStep = { move: '(none: the game is over)', before, lines: [] };
  if (extra.kind === 'line') {
    return { kind: 'disagree', game, disagreement: disagreementAt(after, steps.length + 1, 1, [extra.line]), moves };
  }
  if (extra.kind === 'ended' && ((extra.end.exitCode ?? 0) !== 0 || extra.end.signal !== null)) {
    const disagreement = disagreementAt(after, steps.length + 1, 1, []);
    return { kind: 'disagree', game, disagreement, ended: extra.end, moves };
  }
  return { kind: 'agree', moves };
}

/** Reads one step: its first line, then as many lines as `linesAfter` says that first line brings. */
async function readStep(reader: LineReader, linesAfter: (first: string) => number): Promise<StepRead> {
  const lines: string[] = [];
  for (let wanted = 1; lines.length < wanted; ) {
    const next = await reader.next();
    if (next.kind === 'unstartable') return next;
    if (next.kind === 'stalled') return { kind: 'stalled', lines, waitedMs: next.waitedMs };
    if (next.kind === 'ended') return { kind: 'ended', lines, end: next.end };
    lines.push(next.line);
    if (lines.length === 1) wanted = 1 + linesAfter(next.line);
  }
  return { kind: 'lines', lines };
}

/** The engine's non-blank output lines, one at a time, each within the time limit of the one before. */
class LineReader {
  private lastAt = performance.now();

  constructor(
    private readonly engine: BotProcess,
    private readonly timeoutMs: number,
    private readonly memoryMb: number | undefined,
  ) {}

  /** The next non-blank line, or why there is none (waiting at most `limitMs` since the last line). */
  async next(
    limitMs = this.timeoutMs,
  ): Promise<
    | { kind: 'line'; line: string }
    | { kind: 'ended'; end: EngineEnd }
    | { kind: 'stalled'; waitedMs: number }
    | { kind: 'unstartable'; message: string }
  > {
    for (;;) {
      const answer = await this.engine.nextLine(this.lastAt, limitMs);
      if (answer.kind === 'timeout') return { kind: 'stalled', waitedMs: Math.round(answer.ms) };
      if (answer.kind === 'closed') {
        const error = this.engine.startError;
        if (error !== undefined) return { kind: 'unstartable', message: startFailure(error) };
        const end = { exitCode: answer.exitCode, signal: answer.signal, stderr: this.engine.stderrTail() };
        if (!this.engine.overMemory()) return { kind: 'ended', end };
        const overMemory = { limitMb: this.memoryMb ?? 0, peakMb: this.engine.peakMemoryMb() };
        return { kind: 'ended', end: { ...end, overMemory } };
      }
      this.lastAt = performance.now();
      if (answer.line.trim() !== '') return { kind: 'line', line: answer.line };
    }
  }
}
