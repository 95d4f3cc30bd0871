// The corners `conform` says the user's bounds rule out are never reached by a game within them
// (a corner listed wrongly would be a coverage report that lies), and the obvious ones are listed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsUnreachableCorners } from '../../lib/testing/columns-corners.js';
import { COLUMNS_PROTOCOL, SAMEGAME_PROTOCOL } from '../../lib/testing/conformance-protocol.js';
import { samegameUnreachableCorners } from '../../lib/testing/samegame-corners.js';
import { answer, boundsArb } from './fixtures.js';

describe('the corners the bounds rule out', () => {
  it('should never be reached by a SameGame game within the bounds', () => {
    const optionsArb = fc.record({ width: boundsArb(1, 16), height: boundsArb(1, 16), colors: boundsArb(1, 9) });
    fc.assert(
      fc.property(optionsArb, fc.integer(), (options, seed) => {
        const ruledOut = SAMEGAME_PROTOCOL.unreachable(SAMEGAME_PROTOCOL.ranges(options));
        for (const game of fc.sample(answer(SAMEGAME_PROTOCOL.games(options)), { seed, numRuns: 20 })) {
          expect(SAMEGAME_PROTOCOL.cornersOf(game).filter((corner) => ruledOut.includes(corner))).toEqual([]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('should never be reached by a Columns game within the bounds', () => {
    const optionsArb = fc.record({ width: boundsArb(1, 8), height: boundsArb(3, 8), colors: boundsArb(1, 6) });
    fc.assert(
      fc.property(optionsArb, fc.integer(), (options, seed) => {
        const ruledOut = COLUMNS_PROTOCOL.unreachable(COLUMNS_PROTOCOL.ranges(options));
        for (const game of fc.sample(answer(COLUMNS_PROTOCOL.games(options)), { seed, numRuns: 10 })) {
          expect(COLUMNS_PROTOCOL.cornersOf(game).filter((corner) => ruledOut.includes(corner))).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("should rule out a one-row and a one-column board at CodinGame's 15 x 15, and nothing at the default bounds", () => {
    const standard = { width: [15, 15], height: [15, 15], colors: [5, 5] } as const;
    expect(samegameUnreachableCorners(standard)).toEqual(['one-column', 'one-row', 'many-colors']);
    expect(SAMEGAME_PROTOCOL.unreachable(SAMEGAME_PROTOCOL.ranges({}))).toEqual([]);
    expect(samegameUnreachableCorners({ width: [1, 1], height: [1, 1], colors: [1, 20] })).toEqual([
      'column-emptied',
      'columns-emptied-side-by-side',
      'columns-emptied-apart',
      'first-column-emptied',
      'last-column-emptied',
      'region-around-a-hole',
      'board-cleared',
      'two-cell-region',
      'move-not-on-first-cell',
      'standard-board',
      'long-game',
    ]);
  });

  it('should rule out every match across on a field two wide, and nothing at the default bounds', () => {
    expect(columnsUnreachableCorners({ width: [2, 2], height: [3, 3], colors: [1, 8] })).toEqual([
      'match-horizontal',
      'match-diagonal-up',
      'match-diagonal-down',
      'jewel-in-several-matches',
      'run-of-four',
      'run-of-five',
    ]);
    expect(columnsUnreachableCorners({ width: [2, 2], height: [3, 20], colors: [1, 8] })).toEqual([
      'match-horizontal',
      'match-diagonal-up',
      'match-diagonal-down',
      'jewel-in-several-matches',
    ]);
    expect(COLUMNS_PROTOCOL.unreachable(COLUMNS_PROTOCOL.ranges({}))).toEqual([]);
  });
});
