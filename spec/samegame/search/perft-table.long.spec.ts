// Depth 4 of all twenty standard boards in the perft table of docs/conformance.md, against perft:
// the counts other engines are compared with, every one of them held to the code. A minute of
// counting: `npm run test:long` (perft-table.spec.ts checks depths 1 to 3 of every board).
import { describe, expect, it } from 'vitest';
import { parseBoards } from '../../../lib/samegame/engine/text.js';
import { perft } from '../../../lib/samegame/search/perft.js';
import { perftTable } from '../../support/perft-table.js';
import { readRepoFile } from '../../support/repo.js';

const standard = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!standard.ok) throw new Error(standard.error.message);
const table = perftTable(readRepoFile('docs/conformance.md'));

describe('the perft table of docs/conformance.md, at depth 4', () => {
  it.each(standard.value.map((board, i) => [i + 1, board] as const))(
    'should give board %i the counts perft finds at depth 4',
    (number, board) => {
      const counts = perft(board, 4);
      if (!counts.ok) throw new Error(counts.error.message);
      expect(counts.value.depths[3]).toEqual(table[number - 1].depths[3]);
    },
    120_000,
  );
});
