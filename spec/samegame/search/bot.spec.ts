import { describe, expect, it } from 'vitest';
import { type Board, STANDARD_SHAPE } from '../../../lib/samegame/engine/board.js';
import { referee } from '../../../lib/samegame/engine/referee.js';
import { legalMoves, play } from '../../../lib/samegame/engine/rules.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { BotSession, firstTurnBudgetMs } from '../../../lib/samegame/search/bot.js';
import { readRepoFile } from '../../support/repo.js';

const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'), STANDARD_SHAPE);
if (!boards.ok) throw new Error(boards.error.message);

/** Plays the bot's answers on `start` until it has none, each checked by the engine; the last board. */
function playToTheEnd(session: BotSession, start: Board): Board {
  let board = start;
  for (let move = session.move(board); move !== undefined; move = session.move(board)) {
    const outcome = play(board, move);
    if (!outcome.ok) throw new Error(`the bot played an illegal move: ${outcome.error.message}`);
    board = outcome.value.board;
  }
  return board;
}

describe('firstTurnBudgetMs', () => {
  it('should give the first turn what is left of its time since its clock started', () => {
    const options = { firstTurnMs: 18_000, turnMs: 30, firstTurnSince: 1_000 };
    expect(firstTurnBudgetMs(options, 3_500)).toBe(15_500);
    expect(firstTurnBudgetMs({ ...options, firstTurnSince: undefined }, 3_500)).toBe(18_000);
  });

  it("should never give less than a later turn's budget, even when start-up took it all", () => {
    expect(firstTurnBudgetMs({ firstTurnMs: 1_000, turnMs: 30, firstTurnSince: 0 }, 5_000)).toBe(30);
  });
});

describe('BotSession', () => {
  it('should plan its first move within what is left of the first turn since its clock started', () => {
    // 10 s of the 10.3 s are already spent: the plan gets the 0.3 s left, not 10.3 s.
    const session = new BotSession({ firstTurnMs: 10_300, turnMs: 20, firstTurnSince: performance.now() - 10_000 });
    const started = performance.now();
    expect(session.move(boards.value[0])).toBeDefined();
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 20_000);

  it('should follow its plan when the boards are the expected ones', () => {
    const session = new BotSession({ firstTurnMs: 200, turnMs: 20 });
    expect(legalMoves(playToTheEnd(session, boards.value[1]))).toEqual([]);
    expect(session.replans).toBe(0);
  });

  it('should spend its later turns improving a weak first plan, never leaving it', () => {
    // A first turn as short as a later one: a weak plan, which the later turns' polishing betters.
    const session = new BotSession({ firstTurnMs: 1, turnMs: 20 });
    expect(legalMoves(playToTheEnd(session, boards.value[2]))).toEqual([]);
    expect(session.improvedTurns).toBeGreaterThan(0);
    expect(session.replans).toBe(0);
  });

  it('should re-plan and stay legal when it receives a board it did not expect', () => {
    const session = new BotSession({ firstTurnMs: 200, turnMs: 20 });
    const first = session.move(boards.value[3]);
    expect(first).toBeDefined();
    // Someone else plays a different move: the bot must notice and answer legally.
    const other = boards.value[7];
    const move = session.move(other);
    expect(session.replans).toBe(1);
    expect(move).toBeDefined();
    expect(referee(other, [`${move!.x} ${move!.y}`], 'multi-turn').error).toBeUndefined();
  });
});
