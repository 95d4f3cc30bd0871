// Every public function of tilefall/samegame, given what a stranger may pass (issue 81): anything
// at all and the near misses, in every argument and every option. A working function answers a
// Result (a refusal with a code and one line, or an answer with no NaN or infinite number and no
// illegal line); a query answers a plain value, the one its TSDoc gives for a value that is not a
// board. Boards are tiny, so that any valid budget ends at once: a pass there searches every position.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBoard } from '../../lib/samegame/engine/board.js';
import * as samegame from '../../lib/samegame/index.js';
import { expectSoundResult, hostileValue, nearMissNumber, spoiled } from '../support/hostile-values.js';
import { boardArb } from './arbitraries.js';

const { EMPTY } = samegame;
const isBoard = (value: unknown): value is samegame.Board => checkBoard(value).ok;

/** Boards small enough that every search and every perft on them ends at once. */
const tinyBoard = boardArb({ maxWidth: 4, maxHeight: 4, maxColors: 3 });

/** A tiny board with one cell replaced by `value`. */
const withCell = (board: samegame.Board, i: number, value: unknown) => ({
  ...board,
  cells: board.cells.map((c, k) => (k === i ? value : c)),
});

/** A tiny board with the bottom cell of a column of two or more emptied: a cell above a hole. */
const floatingBoard = tinyBoard.filter((b) => b.height > 1 && b.cells[1] !== EMPTY).map((b) => withCell(b, 0, EMPTY));

/** Anything where a board goes: hostile values, a board with a field or a cell spoiled, an unsettled one, a good one. */
const boardish: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  tinyBoard.chain((b) => fc.oneof(...(['width', 'height', 'colors', 'cells'] as const).map((key) => spoiled(b, key)))),
  tinyBoard.chain((b) =>
    fc
      .tuple(fc.nat({ max: b.cells.length - 1 }), fc.oneof(hostileValue, nearMissNumber, fc.constantFrom(b.colors, -2)))
      .map(([i, value]) => withCell(b, i, value)),
  ),
  floatingBoard,
  tinyBoard,
);

/** Anything where a cell goes: hostile values, coordinates hostile or whole, on the board or off it. */
const cellish: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.record({
    x: fc.oneof(hostileValue, fc.integer({ min: -2, max: 5 })),
    y: fc.oneof(hostileValue, fc.integer({ min: -2, max: 5 })),
  }),
  fc.record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 0, max: 3 }) }),
);

/** Anything where a list of cells goes. */
const cellsish: fc.Arbitrary<unknown> = fc.oneof(hostileValue, fc.array(cellish, { maxLength: 6 }));

/** Anything where a bot's output text goes: hostile values, any text, lines of moves. */
const outputish: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.string(),
  fc
    .array(fc.tuple(fc.integer({ min: -1, max: 4 }), fc.integer({ min: -1, max: 4 })))
    .map((moves) => moves.map(([x, y]) => `${x} ${y}`).join('\n')),
);

/** A good options object with one key spoiled, or the good one itself. */
const spoiledOptions = <T extends object>(good: T): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(good),
    ...(Object.keys(good) as (keyof T & string)[]).map((key) => spoiled(good, key)),
    hostileValue,
  );

/** What a verdict must be on a valid board: scored in whole numbers, on a valid board, every applied move legal. */
function expectSoundVerdict(start: unknown, verdict: samegame.Verdict): void {
  expect(isBoard(start)).toBe(true);
  expect(isBoard(verdict.board)).toBe(true);
  expect(Number.isInteger(verdict.score) && verdict.score >= 0).toBe(true);
  const applied = verdict.actions.filter((a) => a.status === 'applied').map((a) => ({ x: a.x ?? -1, y: a.y ?? -1 }));
  const replayed = samegame.playMoves(start as samegame.Board, applied);
  expect(replayed.ok && replayed.value.score).toBe(verdict.score);
}

describe('boardFromRows', () => {
  const rowsish = fc.oneof(
    hostileValue,
    tinyBoard.map(samegame.boardRows),
    tinyBoard.chain((b) =>
      fc
        .tuple(fc.nat({ max: b.height - 1 }), fc.nat({ max: b.width - 1 }), hostileValue)
        .map(([r, x, value]) =>
          samegame.boardRows(b).map((row, k) => (k === r ? row.map((c, i) => (i === x ? value : c)) : row)),
        ),
    ),
  );

  it('should answer anything with a valid board or a refusal', () => {
    fc.assert(
      fc.property(rowsish, fc.oneof(hostileValue, fc.integer({ min: 1, max: 20 })), (rows, colors) => {
        const board = samegame.boardFromRows(rows as never, colors as never);
        expectSoundResult(board);
        if (board.ok) expect(isBoard(board.value)).toBe(true);
        else expect(board.error.code).toBe('invalid-board');
      }),
    );
  });

  it('should build a good board (golden)', () => {
    expect(samegame.boardFromRows([[0, 1]], 2)).toEqual({
      ok: true,
      value: { width: 2, height: 1, colors: 2, cells: [0, 1] },
    });
  });
});

describe('play', () => {
  it('should answer any board and cell with a legal move played or a refusal', () => {
    fc.assert(
      fc.property(boardish, cellish, (board, cell) => {
        const outcome = samegame.play(board as never, cell as never);
        expectSoundResult(outcome);
        if (!outcome.ok) return;
        expect(isBoard(board)).toBe(true);
        expect(isBoard(outcome.value.board)).toBe(true);
        expect(outcome.value.removed).toBeGreaterThanOrEqual(2);
        const filled = (cells: readonly unknown[]) => cells.filter((color) => color !== EMPTY).length;
        expect(filled(outcome.value.board.cells)).toBe(filled((board as samegame.Board).cells) - outcome.value.removed);
        expect(outcome.value.regionPoints).toBe(samegame.moveScore(outcome.value.removed));
      }),
    );
  });

  it('should take a cell as colorAt and regionAt do, and agree with them on any cell of a board', () => {
    const cellOn = fc.integer({ min: -1, max: 4 });
    fc.assert(
      fc.property(tinyBoard, cellOn, cellOn, (board, x, y) => {
        // One value, passed as is to the three: a Cell is { x, y } everywhere.
        const cell: samegame.Cell = { x, y };
        const region = samegame.regionAt(board, cell);
        expect(region.length === 0).toBe(samegame.colorAt(board, cell) === EMPTY);
        expect(region.every((c) => samegame.colorAt(board, c) === samegame.colorAt(board, cell))).toBe(true);
        const outcome = samegame.play(board, cell);
        expect(outcome.ok).toBe(region.length >= 2);
        if (outcome.ok) expect(outcome.value.removed).toBe(region.length);
      }),
    );
  });

  it('should refuse the cell of the issue, { x: 1.5, y: 1 }, rather than score it 49 points (golden)', () => {
    const board = samegame.boardFromRows([
      [0, 0],
      [0, 0],
    ]);
    if (!board.ok) throw new Error(board.error.message);
    expect(samegame.play(board.value, { x: 1.5, y: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-cell' } });
    expect(samegame.play(board.value, { x: 1, y: 1 })).toMatchObject({
      ok: true,
      value: { removed: 4, clearBonus: 1000 },
    });
  });
});

describe('playMoves, referee and replay', () => {
  it('should answer any board and move list with a sound verdict or a refusal', () => {
    fc.assert(
      fc.property(boardish, cellsish, (board, moves) => {
        const verdict = samegame.playMoves(board as never, moves as never);
        expectSoundResult(verdict);
        if (verdict.ok) expectSoundVerdict(board, verdict.value);
      }),
    );
  });

  it('should answer any board, output and options with a sound verdict or a refusal', () => {
    fc.assert(
      fc.property(boardish, outputish, spoiledOptions({ protocol: 'one-turn' }), (board, output, options) => {
        const verdict = samegame.referee(board as never, output as never, options as never);
        expectSoundResult(verdict);
        if (verdict.ok) expectSoundVerdict(board, verdict.value);
        const game = samegame.replay(board as never, output as never, options as never);
        expectSoundResult(game);
        expect(game.ok).toBe(verdict.ok);
        if (game.ok && verdict.ok) expect(game.value.verdict.score).toBe(verdict.value.score);
      }),
    );
  });

  it('should judge a good game (golden)', () => {
    const board = { width: 2, height: 1, colors: 1, cells: [0, 0] };
    expect(samegame.referee(board, '0 0\n')).toMatchObject({ ok: true, value: { score: 1000, end: 'terminal' } });
    expect(samegame.playMoves(board, [{ x: 1, y: 0 }])).toMatchObject({ ok: true, value: { score: 1000 } });
    expect(samegame.replay(board, '0 0\n')).toMatchObject({ ok: true, value: { frames: [{}, {}] } });
  });
});

describe('solve', () => {
  const good = {
    budget: { nodes: 400 },
    weights: samegame.DEFAULT_WEIGHTS,
    seed: 3,
    initialWidth: 4,
    maxWidth: 16,
    knownLine: [{ x: 0, y: 0 }],
    onImprove: () => {},
    onCheckpoint: () => {},
  };
  const optionsish = fc.oneof(
    spoiledOptions(good),
    spoiled(good.budget, 'nodes').map((budget) => ({ ...good, budget })),
    fc
      .constantFrom(...samegame.WEIGHT_NAMES)
      .chain((name) => spoiled(good.weights, name).map((weights) => ({ ...good, weights }))),
    cellsish.map((knownLine) => ({ ...good, knownLine })),
  );

  /** A solution must be a legal line of the board that scores what it says. */
  function expectSoundSolution(board: unknown, solution: ReturnType<typeof samegame.solve>): void {
    expectSoundResult(solution);
    if (!solution.ok) return;
    const verdict = samegame.playMoves(board as never, solution.value.moves);
    expect(verdict.ok && verdict.value.end).not.toBe('error');
    expect(verdict.ok && verdict.value.score).toBe(solution.value.score);
  }

  it('should answer any board with a legal line or a refusal', () => {
    fc.assert(fc.property(boardish, (board) => expectSoundSolution(board, samegame.solve(board as never, good))));
  });

  it('should answer any option spoiled with a legal line or a refusal', () => {
    fc.assert(
      fc.property(tinyBoard, optionsish, (board, options) =>
        expectSoundSolution(board, samegame.solve(board, options as never)),
      ),
    );
  });

  it('should refuse the budgets of the issue that never returned, and solve with a good one (golden)', () => {
    const board = samegame.boardFromRows([
      [0, 1],
      [0, 1],
    ]);
    if (!board.ok) throw new Error(board.error.message);
    for (const budget of [{}, { nodes: Number.NaN }, { timeMs: Number.POSITIVE_INFINITY }])
      expect(samegame.solve(board.value, { budget } as never)).toMatchObject({
        ok: false,
        error: { code: 'invalid-budget' },
      });
    expect(samegame.solve(board.value, { budget: { nodes: 1000 } })).toMatchObject({
      ok: true,
      value: { score: 1000 },
    });
  });
});

describe('generate', () => {
  const shaped = { seed: 1, count: 2, width: [1, 4] as const, height: 3, colors: [1, 5] as const };
  const dealt = { seed: 2, count: 1, width: 2, height: 2, colors: 2, counts: [1, 3] };

  it('should answer any options with valid boards of the asked count or a refusal', () => {
    fc.assert(
      fc.property(fc.oneof(spoiledOptions(shaped), spoiledOptions(dealt)), (options) => {
        const boards = samegame.generate(options as never);
        expectSoundResult(boards);
        if (!boards.ok) return;
        expect(boards.value.length).toBe((options as { count?: number }).count ?? 1);
        for (const board of boards.value) expect(isBoard(board)).toBe(true);
      }),
    );
  });

  it("should refuse the issue's width 0 and 99 colors, and make a good board (golden)", () => {
    expect(samegame.generate({ seed: 1, width: 0 })).toMatchObject({ ok: false, error: { field: 'options.width' } });
    expect(samegame.generate({ seed: 1, colors: 99 })).toMatchObject({ ok: false, error: { field: 'options.colors' } });
    expect(samegame.generate({ seed: 1 })).toMatchObject({ ok: true, value: [{ width: 15, height: 15, colors: 5 }] });
  });
});

describe('perft', () => {
  it('should answer any board, depth and options with whole counts or a refusal', () => {
    fc.assert(
      fc.property(
        boardish,
        fc.oneof(hostileValue, fc.integer({ min: 1, max: 3 })),
        spoiledOptions({ divide: true, maxPositions: 1000 }),
        (board, depth, options) => {
          const counts = samegame.perft(board as never, depth as never, options as never);
          expectSoundResult(counts);
          if (counts.ok) for (const d of counts.value.depths) expect(Number.isInteger(d.sequences)).toBe(true);
        },
      ),
    );
  });

  it('should count a good board (golden)', () => {
    const board = { width: 2, height: 1, colors: 1, cells: [0, 0] };
    expect(samegame.perft(board, 1)).toEqual({
      ok: true,
      value: { depths: [{ depth: 1, sequences: 1, positions: 1 }] },
    });
  });
});

describe('parseBoard, parseBoards and parseMoves', () => {
  const textish = fc.oneof(outputish, tinyBoard.map(samegame.formatBoard));
  const shapeish = spoiledOptions({ width: 3, height: 3, colors: 3 });

  it('should answer any text and options with a valid board or a refusal', () => {
    fc.assert(
      fc.property(textish, fc.oneof(shapeish, spoiledOptions({ firstLine: 4 })), (text, options) => {
        const board = samegame.parseBoard(text as never, options as never);
        expectSoundResult(board);
        if (board.ok) expect(isBoard(board.value)).toBe(true);
        const boards = samegame.parseBoards(text as never, options as never);
        expectSoundResult(boards);
        if (boards.ok) for (const b of boards.value) expect(isBoard(b)).toBe(true);
      }),
    );
  });

  it('should answer any text and board size with whole cells on the board or a refusal', () => {
    fc.assert(
      fc.property(textish, fc.oneof(boardish, spoiledOptions({ width: 4, height: 4 })), (text, board) => {
        const moves = samegame.parseMoves(text as never, board as never);
        expectSoundResult(moves);
        if (moves.ok) for (const m of moves.value) expect(Number.isInteger(m.x) && Number.isInteger(m.y)).toBe(true);
      }),
    );
  });

  it('should read good text (golden)', () => {
    expect(samegame.parseBoard('0 0')).toMatchObject({ ok: true, value: { cells: [0, 0] } });
    expect(samegame.parseBoards('0\n\n1')).toMatchObject({ ok: true, value: [{ cells: [0] }, { cells: [1] }] });
    expect(samegame.parseMoves('1 0\n', { width: 2, height: 1 })).toEqual({ ok: true, value: [{ x: 1, y: 0 }] });
  });
});

describe('parseSolveState', () => {
  const board = { width: 3, height: 2, colors: 2, cells: [0, 1, 0, 1, 1, 0] };
  const options = { budget: { nodes: 2000 }, seed: 2 };
  const states: unknown[] = [];
  samegame.solve(board, { ...options, onCheckpoint: (state) => states.push(JSON.parse(JSON.stringify(state))) });
  const state = states[0] as Record<string, unknown>;

  it('should answer any state, board and options with a state or a refusal', () => {
    const jsonish = fc.oneof(
      hostileValue,
      fc.constant(state),
      spoiledOptions(state),
      spoiledOptions(state.passes as object).map((passes) => ({ ...state, passes })),
    );
    fc.assert(
      fc.property(jsonish, fc.oneof(fc.constant(board), boardish), spoiledOptions(options), (json, b, o) => {
        expectSoundResult(samegame.parseSolveState(json, b as never, o as never));
      }),
    );
  });

  it('should take back a state the solve saved (golden)', () => {
    expect(samegame.parseSolveState(state, board, options).ok).toBe(true);
  });
});

describe('parseWeights', () => {
  it('should answer anything with complete finite weights or a refusal naming the field on one line', () => {
    const jsonish = fc.oneof(hostileValue, spoiledOptions(samegame.DEFAULT_WEIGHTS));
    fc.assert(
      fc.property(jsonish, (json) => {
        const weights = samegame.parseWeights(json);
        if (weights.ok) {
          expect(Object.keys(weights.value).sort()).toEqual([...samegame.WEIGHT_NAMES].sort());
          expect(Object.values(weights.value).every(Number.isFinite)).toBe(true);
          return;
        }
        expect(weights.error.field).toBeTypeOf('string');
        expect(weights.error.message).not.toContain('\n');
      }),
    );
  });

  it('should read good weights (golden)', () => {
    expect(samegame.parseWeights({ ...samegame.DEFAULT_WEIGHTS })).toEqual({
      ok: true,
      value: samegame.DEFAULT_WEIGHTS,
    });
  });
});

describe('BotSession', () => {
  const good = {
    firstTurnMs: 50,
    turnMs: 5,
    firstTurnNodes: 300,
    turnNodes: 30,
    seed: 2,
    weights: samegame.DEFAULT_WEIGHTS,
    knownLines: new Map<string, samegame.Cell[]>(),
  };

  it('should answer any options with a session or a refusal, and any board with a legal move or none', () => {
    fc.assert(
      fc.property(spoiledOptions(good), boardish, (options, board) => {
        const session = samegame.BotSession.create(options as never);
        expectSoundResult(session);
        const plan = samegame.BotSession.planAll(board as never, options as never);
        expectSoundResult(plan);
        if (!session.ok) return;
        const move = session.value.move(board as never);
        if (move === undefined) return;
        expect(samegame.play(board as never, move).ok).toBe(true);
      }),
    );
  });

  it('should play a good board (golden)', () => {
    const session = samegame.BotSession.create(good);
    const board = { width: 2, height: 1, colors: 1, cells: [0, 0] };
    expect(session.ok && session.value.move(board)).toEqual({ x: 0, y: 0 });
    expect(samegame.BotSession.planAll(board, good)).toEqual({ ok: true, value: [{ x: 0, y: 0 }] });
  });
});

describe('the queries', () => {
  it('should answer any value, a value that is not a board as their TSDoc says, a board as the rules do', () => {
    fc.assert(
      fc.property(boardish, cellish, cellsish, hostileValue, (board, cell, moves, size) => {
        const b = board as samegame.Board;
        const c = cell as samegame.Cell;
        const answers = {
          legalMoves: samegame.legalMoves(b),
          isTerminal: samegame.isTerminal(b),
          isCleared: samegame.isCleared(b),
          boardKey: samegame.boardKey(b),
          boardRows: samegame.boardRows(b),
          formatBoard: samegame.formatBoard(b),
          formatBoards: samegame.formatBoards([b]),
          colorAt: samegame.colorAt(b, c),
          regionAt: samegame.regionAt(b, c),
        };
        expect(samegame.start(b)).toBe(board);
        expect(typeof samegame.formatMoves(moves as never)).toBe('string');
        expect(Number.isFinite(samegame.moveScore(size as never))).toBe(true);
        if (!isBoard(board)) {
          expect(answers).toEqual({
            legalMoves: [],
            isTerminal: true,
            isCleared: false,
            boardKey: '',
            boardRows: [],
            formatBoard: '',
            formatBoards: '',
            colorAt: EMPTY,
            regionAt: [],
          });
          return;
        }
        expect(answers.isTerminal).toBe(answers.legalMoves.length === 0);
        expect(answers.boardKey).toMatch(/^[0-9a-f]{16}$/);
        // A cell of -0 is a whole number, 0: the text form writes it so.
        const cells = board.cells.map((color) => color + 0);
        expect(samegame.parseBoard(answers.formatBoard, { colors: board.colors })).toEqual({
          ok: true,
          value: { ...board, cells },
        });
        expect(answers.regionAt.every((r) => samegame.colorAt(b, r) === answers.colorAt)).toBe(true);
      }),
    );
  });
});
