import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkField, type Field, formatField } from '../../../lib/columns/engine/field.js';
import { expectSoundResult, hostileValue } from '../../support/hostile-values.js';
import { gameArb, reached } from '../arbitraries.js';

describe('checkField', () => {
  it('should take every field a game reaches', () => {
    fc.assert(
      fc.property(gameArb(40), (game) => {
        const field = reached(game);
        expect(checkField(field, 'field', field.width, field.height)).toEqual({ ok: true, value: field });
      }),
    );
  });

  it.each([
    [{ width: 2, height: 3, stacks: [[], []] }, 3, 3, 'field.width'],
    [{ width: 2, height: 3, stacks: [[]] }, 2, 3, 'field.stacks'],
    [{ width: 2, height: 3, stacks: [[0, 0, 1, 1], []] }, 2, 3, 'field.stacks[0]'],
    [{ width: 2, height: 3, stacks: [[], [0, -1]] }, 2, 3, 'field.stacks[1][1]'],
    [{ width: 2, height: 3, stacks: [[], 'ab'] }, 2, 3, 'field.stacks[1]'],
  ])('should refuse %j as a %i x %i field at %s', (value, width, height, field) => {
    expect(checkField(value, 'field', width, height)).toMatchObject({
      ok: false,
      error: { code: 'invalid-instance', field },
    });
  });
});

describe('formatField', () => {
  it('should give no rows, never throw, for any value that is not a field', () => {
    fc.assert(
      fc.property(hostileValue, (value) => {
        const rows = formatField(value as Field);
        expect(rows).toEqual([]);
        expectSoundResult({ ok: true, value: rows });
      }),
    );
    expect(formatField({ width: 1e9, height: 3, stacks: [] })).toEqual([]);
  });

  it('should write each stack bottom to top', () => {
    expect(formatField({ width: 2, height: 3, stacks: [[0, 25], []] })).toEqual(['az', '']);
  });
});
