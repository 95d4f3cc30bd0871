import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardRange, selectBoards } from '../../lib/cli/board-range.js';

describe('boardRange', () => {
  it('should take every board when nothing is selected', () => {
    expect(boardRange(undefined, 20)).toEqual({ ok: true, value: { from: 0, to: 20 } });
  });

  it('should take the first N boards, or all of them when there are fewer', () => {
    expect(boardRange(4, 20)).toEqual({ ok: true, value: { from: 0, to: 4 } });
    expect(boardRange(30, 20)).toEqual({ ok: true, value: { from: 0, to: 20 } });
  });

  it('should take boards A to B numbered from 1, cut at the last board', () => {
    expect(boardRange([5, 12], 20)).toEqual({ ok: true, value: { from: 4, to: 12 } });
    expect(boardRange([20, 20], 20)).toEqual({ ok: true, value: { from: 19, to: 20 } });
    expect(boardRange([18, 25], 20)).toEqual({ ok: true, value: { from: 17, to: 20 } });
  });

  it('should refuse a range that starts past the last board, naming the count', () => {
    expect(boardRange([21, 30], 20)).toEqual({ ok: false, error: 'boards 21..30: the dataset has 20 boards' });
    expect(boardRange([2, 3], 1)).toEqual({ ok: false, error: 'boards 2..3: the dataset has 1 board' });
  });

  it('should always name a non-empty run of boards inside the dataset when it accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 60 }), fc.nat(10), (count, a, extra) => {
        const range = boardRange([a, a + extra], count);
        if (!range.ok) {
          expect(a).toBeGreaterThan(count);
          return;
        }
        expect(range.value.from).toBe(a - 1);
        expect(range.value.to).toBeGreaterThan(range.value.from);
        expect(range.value.to).toBeLessThanOrEqual(count);
        expect(range.value.to - range.value.from).toBe(Math.min(extra + 1, count - a + 1));
      }),
    );
  });
});

describe('selectBoards', () => {
  it('should give the boards the selection names and the index of the first', () => {
    const all = ['b1', 'b2', 'b3', 'b4'];
    expect(selectBoards(all, [2, 3])).toEqual({ boards: ['b2', 'b3'], from: 1, to: 3 });
    expect(selectBoards(all, 9)).toEqual({ boards: all, from: 0, to: 4 });
    expect(selectBoards(all, undefined)).toEqual({ boards: all, from: 0, to: 4 });
  });

  it('should refuse a range past the end as an input failure naming the option', () => {
    expect(() => selectBoards(['b1'], [2, 3])).toThrow(/option --boards: boards 2\.\.3: the dataset has 1 board/);
  });
});
