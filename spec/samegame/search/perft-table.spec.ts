// The perft table of docs/conformance.md is what other engines are compared with, so it is held to
// the code here: every board's depths 1 to 3 against perft, depth 4 of two boards, and depths 1 and
// 2 against a count of the immutable engine's own. Depth 4 of every board: perft-table.long.spec.ts.
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { legalMoves, play } from '../../../lib/samegame/engine/rules.js';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { perft } from '../../../lib/samegame/search/perft.js';
import { perftTable } from '../../support/perft-table.js';
import { readRepoFile } from '../../support/repo.js';

/** Depths 1 and 2 with the immutable engine, every sequence played out and positions told apart by their cells. */
function engineCounts(board: Board): { depth: number; sequences: number; positions: number }[] {
  const rows = [];
  let boards = [board];
  for (let depth = 1; depth <= 2; depth++) {
    boards = boards.flatMap((b) =>
      legalMoves(b).map((move) => {
        const outcome = play(b, move);
        if (!outcome.ok) throw new Error(outcome.error.message);
        return outcome.value.board;
      }),
    );
    rows.push({ depth, sequences: boards.length, positions: new Set(boards.map((b) => b.cells.join())).size });
  }
  return rows;
}

const standard = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!standard.ok) throw new Error(standard.error.message);
const boards = standard.value;
const table = perftTable(readRepoFile('docs/conformance.md'));

const perftDepths = (board: Board, depth: number) => {
  const counts = perft(board, depth);
  if (!counts.ok) throw new Error(counts.error.message);
  return counts.value.depths;
};

describe('the perft table of docs/conformance.md', () => {
  it('should hold the 20 standard boards in order, each with depths 1 to 4', () => {
    expect(table.map((row) => row.board)).toEqual(boards.map((_, i) => i + 1));
    for (const row of table) {
      expect(row.depths.map((d) => d.depth)).toEqual([1, 2, 3, 4]);
      for (const d of row.depths) expect(Number.isInteger(d.sequences) && Number.isInteger(d.positions)).toBe(true);
    }
  });

  it.each(boards.map((board, i) => [i + 1, board] as const))(
    'should give board %i the counts perft finds at depths 1 to 3',
    (number, board) => {
      expect(perftDepths(board, 3)).toEqual(table[number - 1].depths.slice(0, 3));
    },
  );

  it.each([1, 11])('should give board %i the counts perft finds at depth 4', (number) => {
    expect(perftDepths(boards[number - 1], 4)[3]).toEqual(table[number - 1].depths[3]);
  });

  it.each(boards.map((board, i) => [i + 1, board] as const))(
    "should give board %i the immutable engine's own counts at depths 1 and 2",
    (number, board) => {
      expect(engineCounts(board)).toEqual(table[number - 1].depths.slice(0, 2));
    },
  );
});
