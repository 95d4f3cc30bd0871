import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoves } from '../../lib/samegame/engine/moves.js';
import { parseBoard } from '../../lib/samegame/engine/text.js';
import { type SamegameGame, samegameGames } from '../../lib/testing/samegame-games.js';
import {
  type SamegameStep,
  samegameDisagreement,
  samegameExpected,
  samegameInput,
  samegameStepLines,
  samegameSteps,
  samegameSummary,
} from '../../lib/testing/samegame-protocol.js';
import { expectSoundResult } from '../support/hostile-values.js';
import { answer, hostileSamegameGame, hostileSteps, WORKED_GAME } from './fixtures.js';

describe('samegameInput', () => {
  it('should write the board top row first with -1 for empty cells, then the moves', () => {
    expect(answer(samegameInput(WORKED_GAME))).toBe('3 2\n1 -1 -1\n0 0 1\n2\n1 0\n0 0\n');
  });

  it('should be read back as the same board and moves by the engine text readers', () => {
    fc.assert(
      fc.property(answer(samegameGames({ width: [1, 8], height: [1, 8] })), (game) => {
        const [size, ...rest] = answer(samegameInput(game)).trimEnd().split('\n');
        const [width, height] = size.split(' ').map(Number);
        const board = parseBoard(rest.slice(0, height).join('\n'), { width, height, colors: game.board.colors });
        expect(board.ok && board.value).toEqual(game.board);
        expect(Number(rest[height])).toBe(game.moves.length);
        const moves = parseMoves(rest.slice(height + 1).join('\n'), game.board);
        expect(moves.ok && moves.value).toEqual(game.moves);
      }),
    );
  });
});

describe('samegameSteps', () => {
  it('should give the points (clear bonus included) and the board after each move, as worked by hand', () => {
    expect(answer(samegameSteps(WORKED_GAME))).toEqual([
      {
        points: 0,
        rows: [
          [-1, -1, -1],
          [1, 1, -1],
        ],
      },
      {
        points: 1000,
        rows: [
          [-1, -1, -1],
          [-1, -1, -1],
        ],
      },
    ]);
    expect(samegameExpected(WORKED_GAME).flatMap((step) => step.lines)).toEqual([
      '0',
      '-1 -1 -1',
      '1 1 -1',
      '1000',
      '-1 -1 -1',
      '-1 -1 -1',
    ]);
  });
});

describe('samegameDisagreement', () => {
  it("should read the rules' own steps, printed as an engine prints them, as agreeing", () => {
    fc.assert(
      fc.property(
        answer(samegameGames()),
        (game) => answer(samegameDisagreement(game, answer(samegameSteps(game)))) === undefined,
      ),
    );
  });

  it('should name the first step and line where one changed cell or point parts', () => {
    const gameWithMoves = answer(samegameGames()).filter((game) => game.moves.length > 0);
    fc.assert(
      fc.property(gameWithMoves, fc.nat(), fc.nat(), (game, stepPick, linePick) => {
        const steps = answer(samegameSteps(game));
        const step = stepPick % steps.length;
        const lines = samegameStepLines(steps[step]);
        const line = linePick % lines.length;
        const changed = steps.map((s, i) => {
          if (i !== step) return s;
          if (line === 0) return { ...s, points: s.points + 1 };
          return { ...s, rows: s.rows.map((row, r) => (r === line - 1 ? row.map((c) => (c === 7 ? 8 : 7)) : row)) };
        });
        const found = answer(samegameDisagreement(game, changed));
        expect(found).toMatchObject({ step: step + 1, line: line + 1 });
        expect(found?.move).toBe(`${game.moves[step].x} ${game.moves[step].y}`);
      }),
    );
  });

  it('should part at the first missing step when the answers stop early', () => {
    expect(answer(samegameDisagreement(WORKED_GAME, answer(samegameSteps(WORKED_GAME)).slice(0, 1)))).toMatchObject({
      step: 2,
      line: 1,
      received: [],
    });
  });
});

describe('samegameSummary', () => {
  it('should count the colors on the board, not the color count it was drawn with', () => {
    expect(samegameSummary({ ...WORKED_GAME, board: { ...WORKED_GAME.board, colors: 12 } })).toBe(
      '3 x 2, 2 colors, 2 moves',
    );
  });
});

describe('the SameGame protocol with values it cannot use', () => {
  it('should refuse a game with an illegal move, naming the move, rather than throw', () => {
    const lone = { ...WORKED_GAME, moves: [{ x: 2, y: 1 }] };
    expect(samegameSteps(lone)).toMatchObject({ ok: false, error: { code: 'invalid-cell', field: 'game.moves[0]' } });
    expect(samegameInput({ ...WORKED_GAME, moves: [{ x: 1.5, y: 0 }] })).toMatchObject({
      ok: false,
      error: { field: 'game.moves[0].x' },
    });
  });

  it('should answer any game with its text and steps, or a refusal, never a throw', () => {
    fc.assert(
      fc.property(hostileSamegameGame, (game) => {
        expectSoundResult(samegameInput(game as SamegameGame));
        expectSoundResult(samegameSteps(game as SamegameGame));
      }),
    );
  });

  it('should answer any game and any steps with a disagreement, none, or a refusal, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(WORKED_GAME), hostileSamegameGame), hostileSteps, (game, steps) =>
        expectSoundResult(samegameDisagreement(game as SamegameGame, steps as SamegameStep[])),
      ),
    );
  });
});
