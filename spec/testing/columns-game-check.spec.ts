import { describe, expect, it } from 'vitest';
import { checkColumnsGame, checkColumnsSteps, checkInstance } from '../../lib/testing/columns-game-check.js';
import { COLUMNS_GAME } from './fixtures.js';

describe('checkInstance', () => {
  it('should take the worked instance and refuse a jewel past z, a column that is not magic or jewels, and no column', () => {
    expect(checkInstance(COLUMNS_GAME.instance, 'instance').ok).toBe(true);
    const withPiece = (piece: unknown) => ({ ...COLUMNS_GAME.instance, pieces: [piece] });
    expect(checkInstance(withPiece({ magic: false, jewels: [0, 26, 1] }), 'instance')).toMatchObject({
      ok: false,
      error: { code: 'invalid-instance', field: 'instance.pieces[0].jewels[1]' },
    });
    expect(checkInstance(withPiece({ magic: 'yes' }), 'instance')).toMatchObject({
      ok: false,
      error: { field: 'instance.pieces[0]' },
    });
    expect(checkInstance({ ...COLUMNS_GAME.instance, pieces: [] }, 'instance')).toMatchObject({
      ok: false,
      error: { field: 'instance.pieces' },
    });
  });
});

describe('checkColumnsGame', () => {
  it('should refuse shifts past 2 and a position past the width, naming the placement', () => {
    const placed = (placement: unknown) => ({ ...COLUMNS_GAME, placements: [placement] });
    expect(checkColumnsGame(placed({ position: 1, shifts: 3 }))).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'game.placements[0].shifts' },
    });
    expect(checkColumnsGame(placed({ position: 0, shifts: 0 }))).toMatchObject({
      ok: false,
      error: { field: 'game.placements[0].position' },
    });
  });
});

describe('checkColumnsSteps', () => {
  it('should take over and rows of text, and refuse rows that are not text', () => {
    expect(checkColumnsSteps(['over', { points: 3, rows: ['a..'] }]).ok).toBe(true);
    expect(checkColumnsSteps([{ points: 3, rows: [3] }])).toMatchObject({
      ok: false,
      error: { field: 'steps[0].rows' },
    });
    expect(checkColumnsSteps(['OVER'])).toMatchObject({ ok: false, error: { field: 'steps[0]' } });
  });
});
