import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyField, formatField } from '../../../lib/columns/engine/field.js';
import { playColumn } from '../../../lib/columns/engine/landing.js';
import { formatMoves } from '../../../lib/columns/engine/moves.js';
import { READINGS } from '../../../lib/columns/engine/readings.js';
import { playMoves } from '../../../lib/columns/engine/referee.js';
import { replay as columnsReplay, replayCells, replayStacks } from '../../../lib/columns/engine/replay.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { accepted, gameArb, validGame } from '../arbitraries.js';

describe('columnsReplay', () => {
  it("should hold after every column the engine's field and running total, and end where the game ends", () => {
    fc.assert(
      fc.property(gameArb(60), ({ instance, placements }) => {
        const replay = accepted(columnsReplay(instance, formatMoves(placements)));
        const game = validGame(playMoves(instance, placements));
        expect(replay.valid).toBe(true);
        expect(replay.score).toBe(game.score);
        expect(replay.gameOverAt).toBe(game.gameOverAt);
        let field = emptyField(instance.width, instance.height);
        let total = 0;
        replay.columns.forEach((column, i) => {
          const outcome = playColumn(field, instance.pieces[i], placements[i] ?? READINGS.defaultPlacement);
          expect(column.byDefault).toBe(i >= placements.length);
          if (outcome.gameOver) {
            expect(column).toMatchObject({ gameOver: true, points: 0 });
            expect(i + 1).toBe(game.gameOverAt);
            return;
          }
          total += outcome.points;
          field = outcome.field;
          expect(column.points).toBe(outcome.points);
          expect(column.total).toBe(total);
          expect(column.field).toBe(replayStacks(field));
          // Every matching step is a stage with the field it found matches in and exactly its matched jewels.
          const matchStages = (column.stages ?? []).filter((s) => s.combo !== undefined);
          expect(matchStages.map((s) => s.combo)).toEqual(outcome.steps.map((s) => s.combo));
          matchStages.forEach((stage, k) => {
            expect(stage.field).toBe(replayStacks(outcome.steps[k].field));
            expect(stage.marks).toHaveLength(outcome.steps[k].cleared);
          });
        });
        expect(replay.columns.length).toBe(game.gameOverAt ?? instance.pieces.length);
      }),
      { numRuns: 60 },
    );
  });

  it('should mark every jewel a magic column clears, with its color and points', () => {
    const instance = parseInstance('3 13\n3\nabb\naab\n***\n');
    if (!instance.ok) throw new Error(instance.error.message);
    const replay = accepted(columnsReplay(instance.value, '3\n1 0\n2 0\n1 0\n'));
    const magic = replay.columns[2];
    expect(magic).toMatchObject({ token: '***', magicColor: 'b', points: 3 * 47 });
    expect(magic.stages?.[0]).toMatchObject({ field: 'abb/aab/', marks: [1, 2, 15], points: 141 });
    expect(formatField({ width: 3, height: 13, stacks: [[0], [0, 0], []] })).toEqual(magic.field.split('/'));
  });

  it('should show an invalid output as its verdict, with nothing played', () => {
    const instance = parseInstance('6 13\n1\nabc\n');
    if (!instance.ok) throw new Error(instance.error.message);
    expect(accepted(columnsReplay(instance.value, '1\n9 0\n'))).toMatchObject({
      valid: false,
      score: 0,
      columns: [],
      error: { code: 'out-of-range', line: 2 },
    });
  });

  it('should refuse an instance the engine does not take and an output that is not a string', () => {
    const instance = { width: 6, height: 13, pieces: [{ magic: true as const }] };
    expect(columnsReplay({ ...instance, height: 2 }, '0\n')).toMatchObject({
      ok: false,
      error: { code: 'invalid-instance', field: 'instance.height' },
    });
    expect(columnsReplay(instance, null as unknown as string)).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'output' },
    });
  });

  it('should replay an instance of a million columns (its colors are not spread into one call)', () => {
    const pieces = Array.from({ length: 1_000_000 }, () => ({ magic: false as const, jewels: [0, 1, 2] as const }));
    // One column 3 rows tall: the first column fills it, the second sticks out.
    expect(accepted(columnsReplay({ width: 1, height: 3, pieces }, '0\n'))).toMatchObject({ colors: 3, gameOverAt: 2 });
  });

  it('should write one character per cell, column by column, bottom to top', () => {
    expect(replayCells({ width: 2, height: 3, stacks: [[0, 2], []] })).toBe('ac....');
    expect(replayStacks({ width: 2, height: 3, stacks: [[0, 2], []] })).toBe('ac/');
  });
});
