import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardRange, selectBoards } from '../../lib/cli/board-range.js';

describe('boardRange', () => {
  it('should take every board when nothing is selected', () => {
    expect(boardRange(undefined, 20)).toEqual({ ok: true, value: { from: 0, to: 20 } });
  });

  it('should take the first N boards, and refuse more than the dataset has, naming its size', () => {
    expect(boardRange(4, 20)).toEqual({ ok: true, value: { from: 0, to: 4 } });
    expect(boardRange(20, 20)).toEqual({ ok: true, value: { from: 0, to: 20 } });
    expect(boardRange(99, 20)).toEqual({ ok: false, error: '99 boards: the dataset has 20 boards' });
  });

  it('should take boards A to B numbered from 1', () => {
    expect(boardRange([5, 12], 20)).toEqual({ ok: true, value: { from: 4, to: 12 } });
    expect(boardRange([20, 20], 20)).toEqual({ ok: true, value: { from: 19, to: 20 } });
  });

  it('should refuse a range that ends past the last board, naming the count', () => {
    expect(boardRange([18, 25], 20)).toEqual({ ok: false, error: 'boards 18..25: the dataset has 20 boards' });
    expect(boardRange([21, 30], 20)).toEqual({ ok: false, error: 'boards 21..30: the dataset has 20 boards' });
    expect(boardRange([2, 3], 1)).toEqual({ ok: false, error: 'boards 2..3: the dataset has 1 board' });
  });

  it('should accept exactly the selections inside the dataset, and name that many boards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 60 }), fc.nat(10), (count, a, extra) => {
        const range = boardRange([a, a + extra], count);
        const first = boardRange(a, count);
        expect(range.ok).toBe(a + extra <= count);
        expect(first.ok).toBe(a <= count);
        if (range.ok) expect(range.value).toEqual({ from: a - 1, to: a + extra });
        if (first.ok) expect(first.value).toEqual({ from: 0, to: a });
      }),
    );
  });
});

describe('selectBoards', () => {
  it('should give the boards the selection names and the index of the first', () => {
    const all = ['b1', 'b2', 'b3', 'b4'];
    expect(selectBoards(all, [2, 3])).toEqual({ boards: ['b2', 'b3'], from: 1, to: 3 });
    expect(selectBoards(all, 4)).toEqual({ boards: all, from: 0, to: 4 });
    expect(selectBoards(all, undefined)).toEqual({ boards: all, from: 0, to: 4 });
  });

  it('should refuse a range past the end as an input failure naming the option', () => {
    expect(() => selectBoards(['b1'], [2, 3])).toThrow(/option --boards: boards 2\.\.3: the dataset has 1 board/);
  });
});
