import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { judgeActions, judgeLine, playMoves, referee, splitActions } from '../../../lib/samegame/engine/referee.js';
import { legalMoves } from '../../../lib/samegame/engine/rules.js';
import { formatBoard, parseBoard } from '../../../lib/samegame/engine/text.js';
import { boardArb, standardBoardArb } from '../arbitraries.js';

const board = (text: string, colors = 5): Board => {
  const parsed = parseBoard(text, { colors });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

// Regions: 0 at (0,0),(0,1); 1 at (1,1),(0,2),(1,2); 2 at (2,1),(2,2); 3 and 4 single.
const SMALL = board(['1 1 2', '0 1 2', '0 3 4'].join('\n'));

// Width 6, height 64: each row holds three pairs, rows alternate colors, so "0 0" is legal
// 192 times in a row: enough to reach both protocols' action limits.
const PAIRS = board(
  Array.from({ length: 64 }, (_, r) => {
    const y = 63 - r;
    return [0, 0, 1, 1, 2, 2].map((pair) => 2 * pair + (y % 2)).join(' ');
  }).join('\n'),
  6,
);

describe('referee', () => {
  it('should play a whole game by hand: 1 point, then a column collapse, then terminal', () => {
    const verdict = judgeActions(SMALL, ['1 1', '0 0', '1 1', '0 0'], 'multi-turn');
    expect(verdict).toMatchObject({ score: 1, moves: 3, warnings: 0, terminal: true, cleared: false, end: 'terminal' });
    expect(formatBoard(verdict.board)).toBe(['-1 -1 -1', '-1 -1 -1', '3 4 -1'].join('\n'));
    expect(verdict.error).toBeUndefined();
  });

  it('should say exhausted when the actions run out before the end', () => {
    expect(judgeActions(SMALL, ['1 1'], 'multi-turn')).toMatchObject({ end: 'exhausted', terminal: false, moves: 1 });
    expect(judgeActions(SMALL, [], 'multi-turn')).toMatchObject({ end: 'exhausted', moves: 0, score: 0 });
  });

  describe('multi-turn', () => {
    it.each([
      [['1 0'], 1, 'single-cell', 'Selected region should have size greater than 1.', 0],
      [['1 1', '1 2'], 2, 'empty-cell', 'Selected empty tile.', 1],
      [['5 1'], 1, 'out-of-bounds', 'Selected target out of bounds: x=5, y=1', 0],
      [['1 1', '0 -1'], 2, 'out-of-bounds', 'Selected target out of bounds: x=0, y=-1', 1],
      [['a b'], 1, 'format', "Action not properly formatted. Should be: 'x y [message];'", 0],
      [['1 1', ''], 2, 'empty-action', 'Empty action provided.', 1],
    ] as const)('should end %j with an error at action %i: %s', (actions, action, code, message, score) => {
      const verdict = judgeActions(SMALL, actions, 'multi-turn');
      expect(verdict).toMatchObject({ end: 'error', error: { action, code, message }, score, warnings: 0 });
    });

    it('should stop at 114 actions, the referee turn limit', () => {
      expect(judgeActions(PAIRS, new Array(114).fill('0 0'), 'multi-turn')).toMatchObject({
        moves: 114,
        end: 'exhausted',
      });
      expect(judgeActions(PAIRS, new Array(120).fill('0 0'), 'multi-turn')).toMatchObject({
        moves: 114,
        end: 'action-limit',
      });
    });

    it('should ignore actions after the board became terminal', () => {
      const verdict = judgeActions(board('2 2'), ['0 0', 'garbage', '9 9'], 'multi-turn');
      expect(verdict).toMatchObject({ score: 1000, moves: 1, end: 'terminal', cleared: true, terminal: true });
    });
  });

  describe('one-turn', () => {
    it.each([
      [['1 0', '1 1'], 'single-cell'],
      [['1 1', '1 2', '0 0'], 'empty-cell'],
    ] as const)('should warn for %j (%s) and play on', (actions, code) => {
      const verdict = judgeActions(SMALL, actions, 'one-turn');
      expect(verdict).toMatchObject({ warnings: 1, moves: actions.length - 1, end: 'exhausted', score: 1 });
      expect(verdict.actions.find((a) => a.status === 'warning')).toMatchObject({ code });
    });

    it.each([
      ['1 1;7 0', 2, 'out-of-bounds', 'Selected target out of bounds: x=7, y=0'],
      ['1 1; 1.5 0', 2, 'format', "Action not properly formatted. Should be: 'x y [message];'"],
      ['', 1, 'format', "Action not properly formatted. Should be: 'x y [message];'"],
      ['1 1;;0 0', 2, 'format', "Action not properly formatted. Should be: 'x y [message];'"],
    ] as const)('should end %j with an error at action %i: %s', (line, action, code, message) => {
      const verdict = judgeActions(SMALL, splitActions(line, 'one-turn'), 'one-turn');
      expect(verdict).toMatchObject({ end: 'error', error: { action, code, message } });
    });

    it("should accept the statement's own example line: four actions, all well formed", () => {
      const line = '0 1 this is optional\\nmessage; 11 5 ; 6 8;4 3 text';
      const actions = splitActions(line, 'one-turn');
      expect(actions).toHaveLength(4);
      // On a 15 x 15 board of empty-looking variety: a checkerboard makes all four legal-format warnings.
      const checker = board(
        Array.from({ length: 15 }, (_, r) => Array.from({ length: 15 }, (_, x) => (x + r) % 2).join(' ')).join('\n'),
      );
      const verdict = judgeActions(checker, actions, 'one-turn');
      expect(verdict).toMatchObject({ end: 'terminal', moves: 0, score: 0 });
      // A one-color board: the first action removes all 225 cells, (223)^2 + 1000, and the game ends.
      const flat = board(Array.from({ length: 15 }, () => new Array(15).fill(3).join(' ')).join('\n'));
      expect(judgeActions(flat, actions, 'one-turn')).toMatchObject({
        end: 'terminal',
        moves: 1,
        score: 223 * 223 + 1000,
        cleared: true,
      });
    });

    it('should read only the first 150 actions', () => {
      expect(judgeActions(PAIRS, new Array(150).fill('0 0'), 'one-turn')).toMatchObject({
        moves: 150,
        end: 'exhausted',
      });
      expect(judgeActions(PAIRS, new Array(160).fill('0 0'), 'one-turn')).toMatchObject({
        moves: 150,
        end: 'action-limit',
      });
    });
  });

  it('should give the same verdict on every replay and never change the board', () => {
    fc.assert(
      fc.property(
        fc.oneof(boardArb(), standardBoardArb),
        fc.array(fc.string()),
        fc.constantFrom('multi-turn', 'one-turn'),
        (b, actions, protocol) => {
          const before = structuredClone(b);
          const first = judgeActions(b, actions, protocol);
          expect(judgeActions(b, actions, protocol)).toEqual(first);
          expect(b).toEqual(before);
        },
      ),
    );
  });

  it('should total the points of the applied actions, and one-turn warnings should change nothing', () => {
    const actionArb = fc.oneof(
      fc.tuple(fc.nat(20), fc.nat(20)).map(([x, y]) => `${x} ${y}`),
      fc.constantFrom('', 'x', '1.5 2', '-1 0'),
    );
    fc.assert(
      fc.property(fc.oneof(boardArb(), standardBoardArb), fc.array(actionArb, { maxLength: 40 }), (b, actions) => {
        const verdict = judgeActions(b, actions, 'one-turn');
        const applied = verdict.actions.filter((a) => a.status === 'applied');
        expect(verdict.score).toBe(applied.reduce((s, a) => s + a.points, 0));
        expect(verdict.moves).toBe(applied.length);
        // Replaying only the applied actions in multi-turn reaches the same board and score.
        const replay = judgeActions(
          b,
          applied.map((a) => a.text),
          'multi-turn',
        );
        expect(replay.score).toBe(verdict.score);
        expect(replay.board).toEqual(verdict.board);
      }),
    );
  });

  it('should play any sequence of legal moves to the same score in both protocols', () => {
    fc.assert(
      fc.property(standardBoardArb, fc.array(fc.nat(), { maxLength: 40 }), (b, picks) => {
        const actions: string[] = [];
        let current = b;
        for (const pick of picks) {
          const moves = legalMoves(current);
          if (moves.length === 0) break;
          const m = moves[pick % moves.length];
          actions.push(`${m.x} ${m.y}`);
          current = judgeActions(current, [`${m.x} ${m.y}`], 'multi-turn').board;
        }
        const multi = judgeActions(b, actions, 'multi-turn');
        const one = judgeActions(b, splitActions(actions.join(';'), 'one-turn'), 'one-turn');
        expect(multi.error).toBeUndefined();
        expect(one).toMatchObject({ score: multi.score, moves: actions.length, warnings: 0 });
      }),
    );
  });
});

describe('referee and playMoves, at their boundary', () => {
  it('should judge a good call as the referee does, in a Result', () => {
    expect(referee(SMALL, '1 1\n0 0\n', { protocol: 'one-turn' })).toEqual({
      ok: true,
      value: judgeActions(SMALL, splitActions('1 1\n0 0\n', 'one-turn'), 'one-turn'),
    });
    expect(playMoves(SMALL, [{ x: 1, y: 1 }])).toEqual({ ok: true, value: judgeLine(SMALL, [{ x: 1, y: 1 }]) });
  });

  it('should refuse a board that is not settled, an output that is not text and an unknown protocol', () => {
    const floating = { width: 2, height: 2, colors: 2, cells: [-1, 1, 1, 1] };
    expect(referee(floating, '0 0')).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells[1]' },
    });
    expect(referee(SMALL, 5 as never)).toMatchObject({ ok: false, error: { code: 'invalid-option', field: 'output' } });
    expect(referee(SMALL, '', { protocol: 'two-turn' as never })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.protocol' },
    });
    expect(referee(SMALL, '', { protocols: 'one-turn' } as never)).toMatchObject({
      ok: false,
      error: { field: 'options.protocols' },
    });
  });

  it('should refuse a cell whose x or y is not a whole number, and judge a whole one off the board out of bounds', () => {
    expect(
      playMoves(SMALL, [
        { x: 1, y: 1 },
        { x: 0.5, y: 0 },
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-cell', field: 'moves[1].x' },
    });
    expect(playMoves(SMALL, 'x' as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid-cell', field: 'moves' },
    });
    // Past the 32 bits the text form reads: still a cell, off the board.
    expect(playMoves(SMALL, [{ x: 2 ** 40, y: 0 }])).toMatchObject({
      ok: true,
      value: { end: 'error', error: { code: 'out-of-bounds' } },
    });
  });
});

describe('replayLine', () => {
  it("should judge a solver line past both protocols' action limits to its end", () => {
    const moves = new Array(192).fill({ x: 0, y: 0 });
    const verdict = judgeLine(PAIRS, moves);
    expect(verdict).toMatchObject({ moves: 192, end: 'terminal', cleared: true, score: 1000 });
    expect(judgeActions(PAIRS, new Array(192).fill('0 0'), 'multi-turn')).toMatchObject({ end: 'action-limit' });
  });

  it("should stop at the first illegal move with the referee's verdict", () => {
    expect(
      judgeLine(SMALL, [
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toMatchObject({
      end: 'error',
      moves: 1,
      error: { action: 2, code: 'empty-cell' },
    });
  });
});

describe('splitActions', () => {
  it('should read one action per line in multi-turn, a final newline adding none', () => {
    expect(splitActions('1 2\n3 4\n', 'multi-turn')).toEqual(['1 2', '3 4']);
    expect(splitActions('1 2\r\n3 4', 'multi-turn')).toEqual(['1 2', '3 4']);
    expect(splitActions('1 2\n\n3 4\n', 'multi-turn')).toEqual(['1 2', '', '3 4']);
    expect(splitActions('', 'multi-turn')).toEqual([]);
  });

  it('should split the one-turn line on ";" with a trailing ";" adding no action', () => {
    expect(splitActions('1 2;3 4;', 'one-turn')).toEqual(['1 2', '3 4']);
    expect(splitActions('1 2 ; 3 4 ;  \n', 'one-turn')).toEqual(['1 2 ', ' 3 4 ']);
    expect(splitActions('', 'one-turn')).toEqual(['']);
  });

  it('should judge any moves text as a split of the whole text does, however long', () => {
    // The split of the whole text, as the referee reads it: what the verdict must be judged on.
    const wholeSplit = (text: string, protocol: 'multi-turn' | 'one-turn') => {
      if (protocol === 'multi-turn') {
        const lines = text === '' ? [] : text.split(/\r?\n/);
        if (lines[lines.length - 1] === '') lines.pop();
        return lines;
      }
      const pieces = text.split(/\r?\n/)[0].split(';');
      while (pieces.length > 1 && pieces[pieces.length - 1].trim() === '') pieces.pop();
      return pieces;
    };
    // Legal moves up to and past both limits, then blank pieces (trailing, or followed by more).
    const textArb = fc
      .tuple(
        fc.nat(200),
        fc.nat(300).chain((n) => fc.array(fc.constantFrom(' ', '', '\t'), { minLength: n, maxLength: n })),
        fc.constantFrom([], ['0 0'], ['x']),
        fc.constantFrom(';', '\n', '\r\n'),
        fc.constantFrom('', ';', '; ', '\n', ' ;;'),
      )
      .map(([legal, blanks, tail, separator, end]) =>
        [...new Array(legal).fill('0 0'), ...blanks, ...tail].join(separator).concat(end),
      );
    fc.assert(
      fc.property(fc.constantFrom('multi-turn' as const, 'one-turn' as const), textArb, (protocol, text) => {
        expect(judgeActions(PAIRS, splitActions(text, protocol), protocol)).toEqual(
          judgeActions(PAIRS, wholeSplit(text, protocol), protocol),
        );
      }),
    );
  });

  it('should split a huge text only as far as the referee reads', () => {
    expect(splitActions('0 0\n'.repeat(1_000_000), 'multi-turn')).toHaveLength(115);
    expect(splitActions(`${'0 0;'.repeat(1_000_000)}1 1`, 'one-turn')).toHaveLength(151);
    expect(splitActions(`0 0${';'.repeat(1_000_000)}`, 'one-turn')).toEqual(['0 0']);
  });
});
