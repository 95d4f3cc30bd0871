/**
 * A SameGame bot judged as the CodinGame referee judges it: the bot (any program) gets the board
 * on stdin every turn (multi-turn: one action line back within the turn's limit) or once
 * (one-turn: one `;`-separated line back), and every answer goes through the referee. A game
 * also ends when the bot is too slow (`timeout`) or its output closes (`crash`).
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

/** The limits of the puzzle (CodinGame: 20 s for the first turn, 50 ms for each later one). */
export interface BotLimits {
  readonly protocol: Protocol;
  readonly firstTurnMs: number;
  readonly turnMs: number;
}

/** How a judged game ended: the referee's endings, or the bot's own failure. */
export type BotGameEnd = Verdict['end'] | 'timeout' | 'crash';

/** The report on one game. */
export interface BotGameReport {
  readonly score: number;
  readonly moves: number;
  readonly warnings: number;
  readonly end: BotGameEnd;
  /** Turns the bot was asked for (an answer or not). */
  readonly turns: number;
  /** The turn of a timeout or crash (1-based). */
  readonly failedTurn?: number;
  /** The referee's error, when `end` is `error`. */
  readonly error?: Verdict['error'];
  /** Milliseconds waited at the turn that timed out. */
  readonly timeoutMs?: number;
  /** How the process ended, when `end` is `crash`. */
  readonly crash?: { readonly exitCode: number | null; readonly signal: string | null; readonly reason: string };
  /** Answer time of the first turn, and the slowest of the later ones (ms; null without one). */
  readonly firstTurnMs: number | null;
  readonly slowestTurnMs: number | null;
  /** The last lines the bot wrote to stderr. */
  readonly stderr: readonly string[];
  /** The referee's verdict on the answers it judged (for the replay). */
  readonly verdict: Verdict;
}

const boardText = (board: Board): string => `${formatBoardLines(board).join('\n')}\n`;

/** Plays one game of `board` with the bot `argv` under `limits`. */
export async function judgeSameGameBot(
  argv: readonly string[],
  board: Board,
  limits: BotLimits,
): Promise<BotGameReport> {
  const bot = new BotProcess(argv);
  const game = new RefereeGame(board, limits.protocol);
  const times: number[] = [];
  let failure: Pick<BotGameReport, 'end' | 'failedTurn' | 'timeoutMs' | 'crash'> | undefined;
  try {
    for (let turn = 1; limits.protocol === 'one-turn' ? turn === 1 : game.wantsAction(); turn++) {
      const sent = await bot.write(boardText(game.board));
      if (limits.protocol === 'one-turn') bot.endInput();
      const answer = await bot.nextLine(sent, turn === 1 ? limits.firstTurnMs : limits.turnMs);
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
  const verdict = game.verdict();
  const later = times.slice(1);
  return {
    score: verdict.score,
    moves: verdict.moves,
    warnings: verdict.warnings,
    end: failure?.end ?? verdict.end,
    turns: times.length + (failure ? 1 : 0),
    ...(failure ?? {}),
    ...(verdict.error ? { error: verdict.error } : {}),
    firstTurnMs: times.length > 0 ? Math.round(times[0] * 10) / 10 : null,
    slowestTurnMs: later.length > 0 ? Math.round(Math.max(...later) * 10) / 10 : null,
    stderr: bot.stderrTail(),
    verdict,
  };
}

/** The board with its colors permuted by `permutation` (color c becomes permutation[c]). */
export function recolor(board: Board, permutation: readonly number[]): Board {
  return { ...board, cells: board.cells.map((c) => (c < 0 ? c : permutation[c])) };
}
