import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import {
  colorsAreEven,
  contestPays,
  fallContacts,
  rolloutsPerContest,
  topColorsTie,
} from '../../../lib/samegame/search/rollout-contest.js';
import { readRepoFile } from '../../support/repo.js';
import { boardArb } from '../arbitraries.js';
import { rowsBoard } from '../boards.js';

const _ = -1;

/** The contacts of removing the region of cell (x, y) of a board given top row first. */
function contactsOf(rowsTopFirst: number[][], x: number, y: number): number {
  const colors = Math.max(5, ...rowsTopFirst.flat()) + 1;
  const kernel = Kernel.fromBoard(rowsBoard(rowsTopFirst, colors));
  kernel.regionAt(x * rowsTopFirst.length + y);
  return fallContacts(kernel);
}

describe('fallContacts', () => {
  it('should count the cell that falls onto a cell of its color', () => {
    // Column: 0 (bottom), 1, 0. Removing the 1 drops the top 0 onto the bottom 0.
    expect(contactsOf([[0], [1], [0]], 0, 1)).toBe(1);
    expect(contactsOf([[2], [1], [0]], 0, 1)).toBe(0);
  });

  it('should count the cells of its color beside where it lands, in columns that do not move', () => {
    // The 1s in column 1 (rows 0 and 1) go; the 3 above them lands at row 0, beside 3s on both sides.
    const rows = [
      [_, 3, _],
      [0, 1, 2],
      [3, 1, 3],
    ];
    expect(contactsOf(rows, 1, 0)).toBe(2);
    // The same with only its left neighbor of its color.
    rows[2][2] = 4;
    expect(contactsOf(rows, 1, 0)).toBe(1);
  });

  // Boards top row first; the region of cell (x, y) is removed; no contact is counted in any of them.
  it.each([
    // The 1s at the bottom of columns 0 and 1 go; the 3s above them land side by side, but both moved.
    [
      'neighbors in columns the region itself drops',
      [
        [3, 3],
        [1, 1],
      ],
      0,
      0,
    ],
    // The 1s: column 0 row 1, column 1 rows 0 and 1. The 3 above column 1 lands at row 0 beside
    // column 0's bottom 3, which does not move; column 0 is touched, so it is not looked at.
    [
      'a neighbor that stays put in a column the region touches',
      [
        [5, 3],
        [1, 1],
        [3, 1],
      ],
      1,
      0,
    ],
    // Column 0 from the bottom: 1, 0, 0, 1, 0, its 1s joined through column 1. The two 0s between
    // them fall to rows 0 and 1, and the top 0 lands on them: a cell that moved.
    [
      'the cell below when the removed cells of a column are not one run',
      [
        [0, 2],
        [1, 1],
        [0, 1],
        [0, 1],
        [1, 1],
      ],
      0,
      0,
    ],
    [
      'anything when nothing lies above the region',
      [
        [1, 1],
        [0, 0],
      ],
      0,
      1,
    ],
  ])('should not count %s', (_name, rows, x, y) => {
    expect(contactsOf(rows, x, y)).toBe(0);
  });

  it('should count at most 3 contacts a column, leave the position as it was, and none for a region with nothing above it', () => {
    fc.assert(
      fc.property(boardArb(), fc.nat(), (board, pick) => {
        const kernel = Kernel.fromBoard(board);
        const filled = board.cells.flatMap((c, i) => (c === _ ? [] : [i]));
        fc.pre(filled.length > 0);
        const n = kernel.regionAt(filled[pick % filled.length]);
        const region = Array.from(kernel.region.subarray(0, n));
        const columns = new Set(region.map((i) => Math.floor(i / board.height)));
        const before = Array.from(kernel.cells);
        const contacts = fallContacts(kernel);
        expect(Array.from(kernel.cells)).toEqual(before);
        expect(contacts).toBeGreaterThanOrEqual(0);
        expect(contacts).toBeLessThanOrEqual(3 * columns.size);
        const nothingAbove = [...columns].every((x) =>
          region.some((i) => i === x * board.height + kernel.heights[x] - 1),
        );
        if (nothingAbove) expect(contacts).toBe(0);
      }),
    );
  });
});

/** The standard 20 boards. */
const standard = (() => {
  const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
  if (!boards.ok) throw new Error(boards.error.message);
  return boards.value;
})();

/** The numbers (from 1) of the standard boards `rule` holds for. */
const standardBoardsWhere = (rule: (board: (typeof standard)[number]) => boolean) =>
  standard.flatMap((board, i) => (rule(board) ? [i + 1] : []));

/** A one-row board with `counts[c]` cells of color c. */
const oneRow = (counts: number[]) => {
  const cells = counts.flatMap((n, c) => Array<number>(n).fill(c));
  return { width: cells.length, height: 1, colors: counts.length, cells };
};

describe('colorsAreEven', () => {
  it('should call the standard boards with 45 cells of each color even, and no other standard board', () => {
    expect(standardBoardsWhere(colorsAreEven)).toEqual([11, 12, 13, 14, 15]);
  });

  it.each([
    [[11, 9], false], // mean 10, spread 2
    [[10, 10, 1], false],
    [[10, 11, 9], false], // mean 10, spread 2
    [[10, 10, 10], true],
    [[10, 11, 10], true], // mean 10.3, spread 1
    [[19, 20, 21], true], // mean 20, spread 2: exactly 10 %
  ])('should allow a spread of 10 %% of the mean count and no more: %j', (counts, even) => {
    expect(colorsAreEven(oneRow(counts))).toBe(even);
  });

  it('should ignore colors with no cell left, and call an empty board not even', () => {
    expect(colorsAreEven({ width: 4, height: 1, colors: 5, cells: [3, 3, 1, 1] })).toBe(true);
    expect(colorsAreEven({ width: 2, height: 1, colors: 5, cells: [_, _] })).toBe(false);
  });
});

describe('topColorsTie', () => {
  it('should find the standard boards whose two most frequent colors differ by at most 2 cells', () => {
    // Color counts, most frequent first: 1 50/49, 4 51/49, 7 49/47, 8 56/55, 10 49/48 (3: 51/48).
    expect(standardBoardsWhere(topColorsTie)).toEqual([1, 4, 7, 8, 10, 11, 12, 13, 14, 15]);
  });

  it.each([
    [[42, 40, 38], true], // mean 40, gap 2: exactly 5 %
    [[43, 40, 37], false], // mean 40, gap 3
    [[40, 20, 60], false], // the top two are 60 and 40, whatever their order
    [[30, 29, 1], true], // mean 20, gap 1
    [[12], false], // one color: no second to tie with
  ])('should allow a gap of 5 %% of the mean count between the top two and no more: %j', (counts, tie) => {
    expect(topColorsTie(oneRow(counts))).toBe(tie);
  });
});

describe('contestPays', () => {
  it('should hold on the even standard boards and those whose top two colors tie, and on no dominant one', () => {
    expect(standardBoardsWhere(contestPays)).toEqual([1, 4, 7, 8, 10, 11, 12, 13, 14, 15]);
  });

  it('should hold on an even board whose top two colors do not tie', () => {
    // Mean 40: spread 3 (within 10 %), top gap 3 (over 5 %).
    expect(topColorsTie(oneRow([42, 39, 39]))).toBe(false);
    expect(contestPays(oneRow([42, 39, 39]))).toBe(true);
  });
});

describe('rolloutsPerContest', () => {
  it('should contest in every rollout on the standard boards where it pays and in every second one on the others', () => {
    const every = standard.map(rolloutsPerContest);
    expect(every).toEqual([1, 2, 2, 1, 2, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  });

  it('should contest in every second rollout where one color leads and in every one where the colors are even', () => {
    expect(rolloutsPerContest(oneRow([60, 30, 30]))).toBe(2);
    expect(rolloutsPerContest(oneRow([40, 40, 40]))).toBe(1);
  });
});
