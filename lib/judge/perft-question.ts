/**
 * One perft question put to a user's engine, as `samegame perft --engine` asks it: the engine is
 * started for the question alone (so `CMD < FILE` replays any question, and a program that reads
 * everything before it answers works), sent the question and its input closed, and its answer read
 * line by line up to its `total` line, each line within the time limit of the one before. The
 * program runs as every program under test does (process-group.ts): its own session, the cleaned
 * environment, its memory watched, and every process it started killed when the answer is in.
 */

import type { Board, Cell } from '../samegame/engine/board.js';
import { formatBoardLines } from '../samegame/engine/text.js';
import { BotProcess } from './bot-process.js';
import type { EngineOptions } from './engine-games.js';
import { startFailure } from './process-group.js';

/** A question: the board, the moves played on it first (each legal), and the depth to count. */
export interface PerftQuestion {
  readonly board: Board;
  readonly moves: readonly Cell[];
  readonly depth: number;
}

/** One line of an answer: a first move, named by any cell of its region, and its count. */
export interface PerftAnswerLine {
  readonly x: number;
  readonly y: number;
  readonly count: number;
}

/** What the engine answered, or why there is no answer to compare. */
export type PerftAnswer =
  | { readonly kind: 'answer'; readonly lines: readonly PerftAnswerLine[]; readonly total: number }
  /** A line that is neither `x y count` nor `total N`, or an answer that ended before its total. */
  | { readonly kind: 'unreadable'; readonly message: string; readonly stderr: readonly string[] }
  | { readonly kind: 'stalled'; readonly waitedMs: number; readonly printed: readonly string[] }
  | { readonly kind: 'unstartable'; readonly message: string };

/** The most answer lines read: far more than the legal moves of the largest board (64 x 64 / 2). */
const MAX_LINES = 4096;

/**
 * The question as the engine is sent it: a line `perft D`, then the SameGame conform protocol's
 * game (`W H`, the rows top first, a line `N`, the `N` moves `x y` played first).
 */
export function perftQuestionText({ board, moves, depth }: PerftQuestion): string {
  const lines = [`perft ${depth}`, `${board.width} ${board.height}`, ...formatBoardLines(board), String(moves.length)];
  for (const move of moves) lines.push(`${move.x} ${move.y}`);
  return `${lines.join('\n')}\n`;
}

const COUNT_LINE = /^\s*(-?\d+)\s+(-?\d+)\s+(\d+)\s*$/;
const TOTAL_LINE = /^\s*total\s+(\d+)\s*$/i;

/** Asks the engine one question and reads its answer. */
export async function askPerft(question: PerftQuestion, options: EngineOptions): Promise<PerftAnswer> {
  const engine = new BotProcess(options.argv, {}, { memoryLimitMb: options.memoryMb });
  try {
    void engine.write(perftQuestionText(question));
    engine.endInput();
    const lines: PerftAnswerLine[] = [];
    const printed: string[] = [];
    let since = performance.now();
    while (lines.length <= MAX_LINES) {
      const next = await engine.nextLine(since, options.timeoutMs);
      if (next.kind === 'timeout') return { kind: 'stalled', waitedMs: Math.round(next.ms), printed };
      if (next.kind === 'closed') {
        const error = engine.startError;
        if (error !== undefined) return { kind: 'unstartable', message: startFailure(error) };
        const how = engine.overMemory()
          ? `it was killed over the memory limit of ${options.memoryMb} MB`
          : next.signal !== null
            ? `it was killed by ${next.signal}`
            : `it exited with code ${next.exitCode}`;
        const message = `its answer ended before a line "total N" (${how})`;
        return { kind: 'unreadable', message, stderr: engine.stderrTail() };
      }
      since = performance.now();
      if (next.line.trim() === '') continue;
      printed.push(next.line);
      const total = TOTAL_LINE.exec(next.line);
      if (total !== null) return { kind: 'answer', lines, total: Number(total[1]) };
      const count = COUNT_LINE.exec(next.line);
      if (count === null) {
        const message = `line ${printed.length} of its answer, "${next.line.slice(0, 80)}", is neither "x y count" nor "total N"`;
        return { kind: 'unreadable', message, stderr: engine.stderrTail() };
      }
      lines.push({ x: Number(count[1]), y: Number(count[2]), count: Number(count[3]) });
    }
    return { kind: 'unreadable', message: `it printed more than ${MAX_LINES} lines before its total`, stderr: [] };
  } finally {
    engine.kill();
    await engine.exited();
  }
}
