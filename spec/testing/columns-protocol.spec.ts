import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoves } from '../../lib/columns/engine/moves.js';
import { parseInstance } from '../../lib/columns/engine/text.js';
import { type ColumnsGame, columnsGames } from '../../lib/testing/columns-games.js';
import {
  type ColumnsStep,
  columnsDisagreement,
  columnsExpected,
  columnsInput,
  columnsStepLines,
  columnsSteps,
  OVER,
} from '../../lib/testing/columns-protocol.js';
import { expectSoundResult } from '../support/hostile-values.js';
import { answer, COLUMNS_GAME, hostileColumnsGame, hostileSteps } from './fixtures.js';

const pieces = (tokens: string) =>
  tokens
    .split(' ')
    .map((t) =>
      t === '***'
        ? ({ magic: true } as const)
        : ({ magic: false, jewels: [...t].map((c) => c.charCodeAt(0) - 97) as [number, number, number] } as const),
    );

// Worked by hand on a 3 x 4 field: abc shifted once lands as b, c, a (bottom to top); magic on the
// empty column 2 clears nothing; bbb in column 2 is one vertical match (47) and goes; aaa on the
// three jewels of column 1 would reach row 6 of 4: over, and the last placement is not played.
const GAME: ColumnsGame = {
  instance: { width: 3, height: 4, pieces: pieces('abc *** bbb aaa ccc') },
  placements: [
    { position: 1, shifts: 1 },
    { position: 2, shifts: 0 },
    { position: 2, shifts: 0 },
    { position: 1, shifts: 0 },
    { position: 3, shifts: 0 },
  ],
};

describe('columnsInput', () => {
  it("should write the statement's input, then the count and the placements", () => {
    expect(answer(columnsInput(GAME))).toBe('3 4\n5\nabc\n***\nbbb\naaa\nccc\n5\n1 1\n2 0\n2 0\n1 0\n3 0\n');
  });

  it('should be read back as the same instance and placements by the engine text readers', () => {
    fc.assert(
      fc.property(answer(columnsGames()), (game) => {
        const lines = answer(columnsInput(game)).trimEnd().split('\n');
        const k = game.instance.pieces.length;
        const instance = parseInstance(lines.slice(0, 2 + k).join('\n'));
        expect(instance.ok && instance.value).toEqual(game.instance);
        const placements = parseMoves(lines.slice(2 + k).join('\n'), game.instance);
        expect(placements.ok && placements.value).toEqual(game.placements);
      }),
    );
  });
});

describe('columnsSteps', () => {
  it('should give the points and the field after each placement, then over and nothing more, as worked by hand', () => {
    const field = ['...', 'a..', 'c..', 'b..'];
    expect(answer(columnsSteps(GAME))).toEqual([
      { points: 0, rows: field },
      { points: 0, rows: field },
      { points: 47, rows: field },
      OVER,
    ]);
    expect(columnsExpected(GAME).map((step) => step.move)).toEqual([
      '1 1 (piece abc)',
      '2 0 (piece ***)',
      '2 0 (piece bbb)',
      '1 0 (piece aaa)',
    ]);
  });
});

describe('columnsDisagreement', () => {
  it("should read the rules' own steps, printed as an engine prints them, as agreeing", () => {
    fc.assert(
      fc.property(
        answer(columnsGames()),
        (game) => answer(columnsDisagreement(game, answer(columnsSteps(game)))) === undefined,
      ),
    );
  });

  it('should name the first step and line where a changed line parts', () => {
    fc.assert(
      fc.property(answer(columnsGames()), fc.nat(), fc.nat(), (game, stepPick, linePick) => {
        const steps = answer(columnsSteps(game));
        const step = stepPick % steps.length;
        const lines = columnsStepLines(steps[step]);
        const line = linePick % lines.length;
        const changed = steps.map((s, i) => {
          if (i !== step) return s;
          if (s === OVER) return { points: 0, rows: [] };
          if (line === 0) return { ...s, points: s.points + 47 };
          return {
            ...s,
            rows: s.rows.map((row, r) => (r === line - 1 ? `${row.slice(1)}${row[0] === 'z' ? 'y' : 'z'}` : row)),
          };
        });
        expect(answer(columnsDisagreement(game, changed))).toMatchObject({ step: step + 1, line: line + 1 });
      }),
    );
  });

  it('should refuse an engine that plays on after over', () => {
    const onward = [...answer(columnsSteps(GAME)).slice(0, 3), { points: 0, rows: ['...', '...', '...', '...'] }];
    expect(answer(columnsDisagreement(GAME, onward))).toMatchObject({
      step: 4,
      line: 1,
      expected: [OVER],
      received: ['0', '...', '...', '...', '...'],
    });
  });
});

describe('the Columns protocol with values it cannot use', () => {
  it('should refuse a placement outside the field and more placements than columns, rather than throw', () => {
    const outside = { ...COLUMNS_GAME, placements: [{ position: 4, shifts: 0 }] };
    expect(columnsSteps(outside)).toMatchObject({ ok: false, error: { field: 'game.placements[0].position' } });
    const extra = { ...COLUMNS_GAME, placements: [...COLUMNS_GAME.placements, { position: 1, shifts: 0 }] };
    expect(columnsInput(extra)).toMatchObject({ ok: false, error: { field: 'game.placements' } });
    expect(columnsSteps(COLUMNS_GAME).ok).toBe(true);
  });

  it('should answer any game with its text and steps, or a refusal, never a throw', () => {
    fc.assert(
      fc.property(hostileColumnsGame, (game) => {
        expectSoundResult(columnsInput(game as ColumnsGame));
        expectSoundResult(columnsSteps(game as ColumnsGame));
      }),
    );
  });

  it('should answer any game and any steps with a disagreement, none, or a refusal, never a throw', () => {
    const steps = fc.oneof(
      hostileSteps,
      fc.array(fc.oneof(fc.constant(OVER), fc.record({ points: fc.double(), rows: fc.array(fc.string()) }))),
    );
    fc.assert(
      fc.property(fc.oneof(fc.constant(COLUMNS_GAME), hostileColumnsGame), steps, (game, answers) =>
        expectSoundResult(columnsDisagreement(game as ColumnsGame, answers as ColumnsStep[])),
      ),
    );
  });
});
