import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetSpec } from '../../../lib/core/budget.js';
import { type Board, STANDARD_SHAPE } from '../../../lib/samegame/engine/board.js';
import { boardKey } from '../../../lib/samegame/engine/board-key.js';
import { judgeActions, judgeLine } from '../../../lib/samegame/engine/referee.js';
import { legalMoves, play } from '../../../lib/samegame/engine/rules.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { type BotOptions, BotSession, firstTurnBudgetMs } from '../../../lib/samegame/search/bot.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { fickle } from '../../support/fickle.js';
import { hostileValue } from '../../support/hostile-values.js';
import { readRepoFile } from '../../support/repo.js';

/** The budgets the bot's plans were given: `solve`, recorded and then run as it is. */
const planBudgets: BudgetSpec[] = vi.hoisted(() => []);
vi.mock('../../../lib/samegame/search/solver.js', async (original) => {
  const solver = await original<typeof import('../../../lib/samegame/search/solver.js')>();
  return {
    ...solver,
    solve: (...args: Parameters<typeof solver.solve>) => {
      planBudgets.push(args[1].budget);
      return solver.solve(...args);
    },
  };
});

const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'), STANDARD_SHAPE);
if (!boards.ok) throw new Error(boards.error.message);

/** A session of `options`, which must be good ones. */
function newSession(options: BotOptions): BotSession {
  const created = BotSession.create(options);
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Plays the bot's answers on `start` until it has none, each checked by the engine; the last board and the score. */
function playToTheEnd(session: BotSession, start: Board): { board: Board; score: number } {
  let board = start;
  let score = 0;
  for (let move = session.move(board); move !== undefined; move = session.move(board)) {
    const outcome = play(board, move);
    if (!outcome.ok) throw new Error(`the bot played an illegal move: ${outcome.error.message}`);
    board = outcome.value.board;
    score += outcome.value.points;
  }
  return { board, score };
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
  it('should plan its first move with what is left of the first turn since its clock started', () => {
    // 20 s of the 20.3 s are already spent: the plan gets what is left, at most 0.3 s and never less
    // than a later turn's 20 ms (counted from the board, it would get the whole 20.3 s).
    planBudgets.length = 0;
    const session = newSession({ firstTurnMs: 20_300, turnMs: 20, firstTurnSince: performance.now() - 20_000 });
    expect(session.move(boards.value[0])).toBeDefined();
    const timeMs = planBudgets[0]?.timeMs ?? Number.NaN;
    expect(timeMs).toBeLessThanOrEqual(300);
    expect(timeMs).toBeGreaterThanOrEqual(20);
  }, 40_000);

  it('should follow its plan when the boards are the expected ones', () => {
    const session = newSession({ firstTurnMs: 200, turnMs: 20 });
    expect(legalMoves(playToTheEnd(session, boards.value[1]).board)).toEqual([]);
    expect(session.replans).toBe(0);
  });

  it('should spend its later turns improving a weak first plan, never leaving it', () => {
    // A first plan of one node (a weak one), which the later turns' polishing betters. Budgets in
    // nodes: the turns do the same work however loaded the machine is.
    const options = { firstTurnMs: 1, turnMs: 20, firstTurnNodes: 1, turnNodes: 2_000 };
    const session = newSession(options);
    const polished = playToTheEnd(session, boards.value[2]);
    expect(legalMoves(polished.board)).toEqual([]);
    expect(session.improvedTurns).toBeGreaterThan(0);
    expect(session.replans).toBe(0);
    // The counters are the session's to keep: read-only from outside.
    expect(() => Object.assign(session, { replans: 7 })).toThrow(TypeError);
    // The same first plan played as it is (a one-turn game's plan): the polishing is what scored more.
    const plan = BotSession.planAll(boards.value[2], options);
    if (!plan.ok) throw new Error(plan.error.message);
    expect(polished.score).toBeGreaterThan(judgeLine(boards.value[2], plan.value).score);
  });

  it('should play the same game twice when its turns are budgeted in nodes', () => {
    const options = { firstTurnMs: 1, turnMs: 1, firstTurnNodes: 3_000, turnNodes: 500, seed: 4 };
    const first = newSession(options);
    const second = newSession(options);
    expect(playToTheEnd(second, boards.value[6])).toEqual(playToTheEnd(first, boards.value[6]));
    expect(second.improvedTurns).toBe(first.improvedTurns);
  });

  it('should re-plan and stay legal when it receives a board it did not expect', () => {
    const session = newSession({ firstTurnMs: 200, turnMs: 20 });
    const first = session.move(boards.value[3]);
    expect(first).toBeDefined();
    // Someone else plays a different move: the bot must notice and answer legally.
    const other = boards.value[7];
    const move = session.move(other);
    expect(session.replans).toBe(1);
    expect(move).toBeDefined();
    expect(judgeActions(other, [`${move!.x} ${move!.y}`], 'multi-turn').error).toBeUndefined();
  });
});

describe('BotSession with known lines (knownLines)', () => {
  it('should play at least a stored line on a recolored board it knows, and search on one it does not', () => {
    const board = boards.value[6];
    const strong = solve(board, { budget: { nodes: 400_000 }, seed: 2 });
    if (!strong.ok) throw new Error(strong.error.message);
    const knownLines = new Map([[boardKey(board), strong.value.moves]]);
    // Colors 0..4 renamed 3, 0, 4, 1, 2: the validators' recoloring of the same board.
    const recolored = { ...board, cells: board.cells.map((c) => (c < 0 ? c : [3, 0, 4, 1, 2][c])) };
    const options = { firstTurnMs: 1, turnMs: 1, firstTurnNodes: 2_000, turnNodes: 200, knownLines };
    const known = playToTheEnd(newSession(options), recolored);
    const unknown = playToTheEnd(newSession({ ...options, knownLines: new Map() }), recolored);
    expect(unknown.score).toBeLessThan(strong.value.score);
    expect(known.score).toBeGreaterThanOrEqual(strong.value.score);
    const other = boards.value[7];
    expect(playToTheEnd(newSession(options), other)).toEqual(
      playToTheEnd(newSession({ ...options, knownLines: new Map() }), other),
    );
  });
});

describe('BotSession.create and planAll, at their boundary', () => {
  it.each([
    [{ firstTurnMs: Number.NaN, turnMs: 15 }, 'invalid-budget', 'options.firstTurnMs'],
    [{ firstTurnMs: 1000, turnMs: 0 }, 'invalid-budget', 'options.turnMs'],
    [{ firstTurnMs: 1000, turnMs: Number.POSITIVE_INFINITY }, 'invalid-budget', 'options.turnMs'],
    [{ firstTurnMs: 1000, turnMs: 15, turnNodes: 2.5 }, 'invalid-budget', 'options.turnNodes'],
    [{ firstTurnMs: 1000, turnMs: 15, firstTurnNodes: 0 }, 'invalid-budget', 'options.firstTurnNodes'],
    [{ firstTurnMs: 1000, turnMs: 15, seed: '1' }, 'invalid-option', 'options.seed'],
    [{ firstTurnMs: 1000, turnMs: 15, firstTurnSince: Number.NaN }, 'invalid-option', 'options.firstTurnSince'],
    [{ firstTurnMs: 1000, turnMs: 15, weights: {} }, 'invalid-weights', 'options.weights.colorPotential'],
    [{ firstTurnMs: 1000, turnMs: 15, knownLines: {} }, 'invalid-option', 'options.knownLines'],
    [
      { firstTurnMs: 1000, turnMs: 15, knownLines: new Map([['k', [{ x: 0.5, y: 0 }]]]) },
      'invalid-cell',
      'options.knownLines.get("k")[0].x',
    ],
    [{ firstTurnMs: 1000, turnMs: 15, turnMS: 15 }, 'invalid-option', 'options.turnMS'],
    [undefined, 'invalid-budget', 'options.firstTurnMs'],
  ])('should refuse the options %j with %s at %s', (options, code, field) => {
    expect(BotSession.create(options as never)).toMatchObject({ ok: false, error: { code, field } });
    expect(BotSession.planAll(boards.value[0], options as never)).toMatchObject({ ok: false, error: { code, field } });
  });

  it('should answer no move, and count no turn, on a value that is not a board', () => {
    const session = newSession({ firstTurnMs: 1, turnMs: 1, firstTurnNodes: 500, turnNodes: 50 });
    for (const board of [
      undefined,
      { ...boards.value[0], cells: [] },
      { width: 1, height: 2, colors: 1, cells: [-1, 0] },
    ])
      expect(session.move(board as never)).toBeUndefined();
    expect(session.move(boards.value[0])).toBeDefined();
    expect(session.replans).toBe(0);
    expect(BotSession.planAll(undefined as never, { firstTurnMs: 1, turnMs: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board' },
    });
  });
});

describe('BotSession options whose fields change after they are read', () => {
  const [board] = (() => {
    const boards = parseBoards(readRepoFile('datasets/samegame/demo-board.txt'));
    if (!boards.ok) throw new Error(boards.error.message);
    return boards.value;
  })();
  const options: BotOptions = { firstTurnMs: 5000, turnMs: 100, firstTurnNodes: 2000, turnNodes: 200, seed: 3 };

  it('should plan as with the options they were when checked (issue 81: a node budget read as 1e9 later ran for minutes)', () => {
    const expected = BotSession.planAll(board, options);
    expect(expected.ok).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(options) as (keyof BotOptions)[])), hostileValue, (key, later) => {
        expect(BotSession.planAll(board, fickle(options, key, later))).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
