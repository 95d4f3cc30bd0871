/**
 * A SameGame bot judged as the CodinGame referee judges it: the bot (any program) gets the board
 * on stdin every turn (multi-turn: one action line back within the turn's limit) or once
 * (one-turn: one `;`-separated line back), and every answer goes through the referee. A game
 * also ends when the bot is too slow (`timeout`), its output closes (`crash`) or its processes
 * hold more memory than the limit (`memory`).
 */

import type { Board } from '../samegame/engine/board.js';
import {
  judgeWhileWanted,
  type Protocol,
  RefereeGame,
  splitActions,
  type Verdict,
} from '../samegame/engine/referee.js';
import { formatBoardLines } from '../samegame/engine/text.js';
import { BotProcess } from './bot-process.js';
import { startFailure } from './process-group.js';

/**
 * CodinGame's memory limit, which the puzzle page states as 768 MB; tilefall's MB is 2^20 bytes
 * throughout (docs/rules/samegame.md, "Limits").
 */
export const SAMEGAME_MEMORY_MB = 768;

/** The limits of the puzzle (CodinGame: 20 s for the first turn, 50 ms for each later one, 768 MB). */
export interface BotLimits {
  readonly protocol: Protocol;
  readonly firstTurnMs: number;
  readonly turnMs: number;
  /** The memory the bot's processes may hold together, MB (default {@link SAMEGAME_MEMORY_MB}). */
  readonly memoryMb?: number;
}

/** How a judged game ended: the referee's endings, or the bot's own failure. */
export type BotGameEnd = Verdict['end'] | 'timeout' | 'crash' | 'memory';

/** The report on one game. */
export interface BotGameReport {
  readonly score: number;
  readonly moves: number;
  readonly warnings: number;
  readonly end: BotGameEnd;
  /** Turns the bot was asked for (an answer or not). */
  readonly turns: number;
  /** The turn of a timeout, crash or memory ending (1-based). */
  readonly failedTurn?: number;
  /** The referee's error, when `end` is `error`. */
  readonly error?: Verdict['error'];
  /** Milliseconds waited at the turn that timed out. */
  readonly timeoutMs?: number;
  /** How the process ended, when `end` is `crash`. */
  readonly crash?: { readonly exitCode: number | null; readonly signal: string | null; readonly reason: string };
  /** The limit the bot's processes went over, MB, when `end` is `memory`. */
  readonly memoryLimitMb?: number;
  /** Why the bot could not be started (not found, not executable), when it could not: `end` is `crash`. */
  readonly unstartable?: string;
  /**
   * The peak resident memory of the bot's processes, MB, sampled during the game and once at its
   * end (null when no sample saw the bot, or without Linux's /proc).
   */
  readonly peakMemoryMb: number | null;
  /** Answer time of the first turn, and the slowest of the later ones (ms; null without one). */
  readonly firstTurnMs: number | null;
  readonly slowestTurnMs: number | null;
  /** The last lines the bot wrote to stderr. */
  readonly stderr: readonly string[];
  /** The referee's verdict on the answers it judged (for the replay). */
  readonly verdict: Verdict;
}

const boardText = (board: Board): string => `${formatBoardLines(board).join('\n')}\n`;

/**
 * Plays one game of `board` with the bot `argv` under `limits`, `variables` added to its
 * environment (which process-group.ts builds).
 */
export async function judgeSameGameBot(
  argv: readonly string[],
  board: Board,
  limits: BotLimits,
  variables: Readonly<Record<string, string>> = {},
): Promise<BotGameReport> {
  const memoryLimitMb = limits.memoryMb ?? SAMEGAME_MEMORY_MB;
  const bot = new BotProcess(argv, variables, { memoryLimitMb });
  const game = new RefereeGame(board, limits.protocol);
  const times: number[] = [];
  let asked = 0;
  let failure:
    | Pick<BotGameReport, 'end' | 'failedTurn' | 'timeoutMs' | 'crash' | 'memoryLimitMb' | 'unstartable'>
    | undefined;
  try {
    for (let turn = 1; limits.protocol === 'one-turn' ? turn === 1 : game.wantsAction(); turn++) {
      asked = turn;
      const sent = await bot.write(boardText(game.board));
      if (limits.protocol === 'one-turn') bot.endInput();
      const answer = await bot.nextLine(sent, turn === 1 ? limits.firstTurnMs : limits.turnMs);
      // Over the limit, the bot was killed: whatever this turn brought, the site would have killed it too.
      if (bot.overMemory()) {
        failure = { end: 'memory', failedTurn: turn, memoryLimitMb };
        break;
      }
      if (answer.kind === 'timeout') {
        failure = { end: 'timeout', failedTurn: turn, timeoutMs: Math.round(answer.ms) };
        break;
      }
      if (answer.kind === 'closed') {
        const reason = bot.startError
          ? `could not start: ${bot.startError.message}`
          : 'its output closed before an answer';
        failure = {
          end: 'crash',
          failedTurn: turn,
          crash: { exitCode: answer.exitCode, signal: answer.signal, reason },
          ...(bot.startError ? { unstartable: startFailure(bot.startError) } : {}),
        };
        break;
      }
      times.push(answer.ms);
      if (limits.protocol === 'one-turn') judgeWhileWanted(game, splitActions(answer.line, 'one-turn'));
      else game.judge(answer.line);
    }
  } finally {
    bot.kill();
    await bot.exited();
  }
  // The last sample, taken as the game ended, may be the one that finds the group over the limit.
  if (failure === undefined && bot.overMemory()) failure = { end: 'memory', failedTurn: asked, memoryLimitMb };
  const verdict = game.verdict();
  const later = times.slice(1);
  return {
    score: verdict.score,
    moves: verdict.moves,
    warnings: verdict.warnings,
    end: failure?.end ?? verdict.end,
    turns: asked,
    ...(failure ?? {}),
    ...(verdict.error ? { error: verdict.error } : {}),
    firstTurnMs: times.length > 0 ? Math.round(times[0] * 10) / 10 : null,
    slowestTurnMs: later.length > 0 ? Math.round(Math.max(...later) * 10) / 10 : null,
    peakMemoryMb: bot.peakMemoryMb(),
    stderr: bot.stderrTail(),
    verdict,
  };
}

/** The board with its colors permuted by `permutation` (color c becomes permutation[c]). */
export function recolor(board: Board, permutation: readonly number[]): Board {
  return { ...board, cells: board.cells.map((c) => (c < 0 ? c : permutation[c])) };
}
