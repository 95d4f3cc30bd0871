// `conform` says what it covered: the corners of the rules its games reached, the ones it missed
// and the ones the user's bounds rule out; and an engine that refuses all but one size is told it
// may hard-code a size, with the options that bound the sizes.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizeHint } from '../../lib/cli/size-hint.js';
import type { ColumnsGame } from '../../lib/testing/columns-games.js';
import { COLUMNS_PROTOCOL, SAMEGAME_PROTOCOL } from '../../lib/testing/conformance-protocol.js';
import type { SamegameGame } from '../../lib/testing/samegame-games.js';
import { runCliAsync } from '../support/cli.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { answer } from '../testing/fixtures.js';

const CORRECT = `${PYTHON} ${join(REPO_DIR, 'docs/conformance/samegame_engine.py')}`;
const COLUMNS = `${PYTHON} ${join(REPO_DIR, 'docs/conformance/columns_engine.py')}`;
const ONLY_15 = `${PYTHON} ${join(REPO_DIR, 'spec/support/engines/faulty_engine.py')} only-15x15`;
const HINT =
  'the engine fails on the smallest games (a game of no move): it may hard-code a size; give the sizes it supports with --width, --height and --colors (e.g. --width 15 --height 15 --colors 5)';

interface Corners {
  reached: string[];
  missed: string[];
  unreachable: string[];
}

/** A SameGame game on `width` x `height` of one color, with `moves` moves (only its size counts here). */
const gameOf = (width: number, height: number, moves: number): SamegameGame =>
  ({
    board: { width, height, colors: 1, cells: new Array(width * height).fill(0) },
    moves: Array.from({ length: moves }, () => ({ x: 0, y: 0 })),
  }) as unknown as SamegameGame;

/** A Columns game on a `width` x `height` field with `placements` placements (only its size counts here). */
const columnsGameOf = (width: number, height: number, placements: number): ColumnsGame =>
  ({
    instance: { width, height },
    placements: Array.from({ length: placements }, () => ({ position: 1, shifts: 0 })),
  }) as unknown as ColumnsGame;

describe('conform coverage', () => {
  it('should tell an engine that refuses all but 15 x 15 that it may hard-code a size, and pass it at 15 x 15', async () => {
    const [failing, failingJson, bounded] = await Promise.all([
      runCliAsync(['samegame', 'conform', '--engine', ONLY_15, '--games', '40']),
      runCliAsync(['samegame', 'conform', '--engine', ONLY_15, '--games', '40', '--json']),
      runCliAsync([
        'samegame',
        'conform',
        '--engine',
        ONLY_15,
        '--games',
        '10',
        ...'--width 15 --height 15 --colors 5'.split(' '),
      ]),
    ]);
    expect(failing.status).toBe(1);
    const lines = failing.stdout.trimEnd().split('\n');
    expect(lines.at(-2)).toBe(HINT);
    expect(lines.at(-1)).toMatch(/^corners reached by the \d+ games? that agreed: \d+ of 14; missed: /);
    const report = JSON.parse(failingJson.stdout) as {
      sizeHint: { reason: string; options: string[]; message: string };
    };
    expect(report.sizeHint).toEqual({
      reason: 'smallest-games',
      options: ['--width', '--height', '--colors'],
      message: HINT,
    });
    expect(bounded.status, bounded.stdout).toBe(0);
    expect(bounded.stdout).toMatch(
      /\ncorners reached: \d+ of 14; missed: .*; ruled out by --width\/--height\/--colors: one-column, one-row, many-colors\n$/,
    );
  }, 120_000);

  it('should list the corners a correct engine reached, those it missed and those the bounds rule out', async () => {
    const [standard, all, columns] = await Promise.all([
      runCliAsync([
        'samegame',
        'conform',
        '--engine',
        CORRECT,
        '--games',
        '30',
        '--width',
        '15',
        '--height',
        '15',
        '--json',
      ]),
      runCliAsync(['samegame', 'conform', '--engine', CORRECT]),
      runCliAsync(['columns', 'conform', '--engine', COLUMNS, '--games', '30', '--width', '2', '--json']),
    ]);
    const { corners } = JSON.parse(standard.stdout) as { agree: boolean; corners: Corners };
    expect(corners.unreachable).toEqual(['one-column', 'one-row']);
    // What the same games reach, as the library's samegameCorners tells it.
    const games = fc.sample(answer(SAMEGAME_PROTOCOL.games({ width: 15, height: 15 })), { seed: 1, numRuns: 30 });
    const reached = new Set(games.flatMap((game) => SAMEGAME_PROTOCOL.cornersOf(game)));
    expect(corners.reached).toEqual(SAMEGAME_PROTOCOL.corners.filter((c) => reached.has(c)));
    expect([...corners.reached, ...corners.missed, ...corners.unreachable].sort()).toEqual(
      [...SAMEGAME_PROTOCOL.corners].sort(),
    );
    expect(all.stdout).toMatch(/^all 200 games agree with the rules: .*\ncorners reached: 14 of 14\n$/);
    const columnsReport = JSON.parse(columns.stdout) as { agree: boolean; corners: Corners };
    expect(columnsReport.agree).toBe(true);
    expect(columnsReport.corners.unreachable).toEqual([
      'match-horizontal',
      'match-diagonal-up',
      'match-diagonal-down',
      'jewel-in-several-matches',
    ]);
  }, 120_000);
});

describe('sizeHint', () => {
  const smallest = { width: 1, height: 1 };

  it('should point at a hard-coded size when every game that passed has one size and the failing ones are smaller', () => {
    const hint = sizeHint(SAMEGAME_PROTOCOL, {
      found: [gameOf(7, 3, 4)],
      shrunk: gameOf(2, 3, 1),
      passed: [gameOf(15, 15, 30), gameOf(15, 15, 41)],
      smallest,
    });
    expect(hint?.reason).toBe('smaller-than-passed');
    expect(hint?.message).toMatch(/^the engine fails only on games smaller than the 15 x 15 boards it passed: /);
  });

  it('should not point at a size for a bug on a small game among games of many sizes, nor where the bounds allow one size', () => {
    const mixed = [gameOf(15, 15, 30), gameOf(4, 6, 5)];
    expect(
      sizeHint(SAMEGAME_PROTOCOL, { found: [gameOf(3, 3, 2)], shrunk: gameOf(1, 2, 1), passed: mixed, smallest }),
    ).toBe(undefined);
    expect(
      sizeHint(SAMEGAME_PROTOCOL, {
        found: [gameOf(15, 15, 3)],
        shrunk: gameOf(15, 15, 0),
        passed: [],
        smallest: undefined,
      }),
    ).toBe(undefined);
  });

  it('should point at a size for an engine that answered no game with a move, and not for one that answered wrong', () => {
    const failed = { found: [gameOf(4, 5, 3)], shrunk: gameOf(1, 2, 1), smallest };
    const silent = sizeHint(SAMEGAME_PROTOCOL, { ...failed, passed: [gameOf(6, 2, 0)], unanswered: true });
    expect(silent?.reason).toBe('no-answer');
    expect(silent?.message).toMatch(/^the engine answers no game with a move it was sent \(down to a 1 x 2 board\): /);
    expect(sizeHint(SAMEGAME_PROTOCOL, { ...failed, passed: [], unanswered: false })).toBe(undefined);
    expect(sizeHint(SAMEGAME_PROTOCOL, { ...failed, passed: [gameOf(6, 2, 4)], unanswered: true })).toBe(undefined);
  });

  it('should give as its example the one size the engine passed, never the size it failed on', () => {
    const hint = sizeHint(COLUMNS_PROTOCOL, {
      found: [columnsGameOf(6, 13, 2)],
      shrunk: columnsGameOf(6, 13, 0),
      passed: [columnsGameOf(9, 15, 3)],
      smallest: { width: 6, height: 13 },
    });
    expect(hint?.message).toMatch(/\(e\.g\. --width 9 --height 15\)$/);
    const none = sizeHint(COLUMNS_PROTOCOL, {
      found: [columnsGameOf(6, 13, 2)],
      passed: [],
      smallest: { width: 6, height: 13 },
    });
    expect(none?.message).not.toMatch(/--width 6 --height 13\)$/);
  });

  it('should point at a size for a failure shrunk to the smallest field or to a game of no move', () => {
    const tiny = sizeHint(SAMEGAME_PROTOCOL, {
      found: [gameOf(5, 5, 3)],
      shrunk: gameOf(1, 1, 0),
      passed: [],
      smallest,
    });
    expect(tiny?.reason).toBe('smallest-games');
    const small = sizeHint(SAMEGAME_PROTOCOL, {
      found: [gameOf(9, 9, 3)],
      shrunk: gameOf(3, 2, 1),
      passed: [],
      smallest: { width: 3, height: 2 },
    });
    expect(small?.message).toMatch(/^the engine fails on the smallest games \(a 3 x 2 board\): /);
  });
});
