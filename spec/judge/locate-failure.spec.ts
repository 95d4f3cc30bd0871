import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateFailure, suspects } from '../../lib/judge/locate-failure.js';

import { SAMEGAME_PROTOCOL } from '../../lib/testing/conformance-protocol.js';
import type { SamegameGame } from '../../lib/testing/samegame-games.js';
import { rowsBoard } from '../samegame/boards.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { WORKED_GAME } from '../testing/fixtures.js';

/** A game that asks for no answer: a board with no move on it. */
const NO_MOVE: SamegameGame = { board: rowsBoard([[0, 1]], 2), moves: [] };

describe('suspects', () => {
  it('should list the game seen, the games before it back to one that asks for an answer, then the games after it', () => {
    const games = [WORKED_GAME, WORKED_GAME, NO_MOVE, NO_MOVE, WORKED_GAME, WORKED_GAME, NO_MOVE];
    expect(suspects(SAMEGAME_PROTOCOL, games, 4)).toEqual([4, 3, 2, 1, 5, 6]);
    expect(suspects(SAMEGAME_PROTOCOL, games, 0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('locateFailure', () => {
  it('should find the game of no move a crash belongs to, before the game the whole run parted at', async () => {
    const engine = [PYTHON, join(REPO_DIR, 'spec/support/engines/faulty_engine.py'), 'crash-empty-game'];
    const games = [WORKED_GAME, NO_MOVE, WORKED_GAME];
    const located = await locateFailure(SAMEGAME_PROTOCOL, games, 2, { argv: engine, timeoutMs: 10_000 });
    expect(located).toMatchObject({ index: 1, run: { kind: 'disagree', ended: { exitCode: 1 } } });
  });

  it('should find nothing when every game agrees alone', async () => {
    const engine = [PYTHON, join(REPO_DIR, 'docs/conformance/samegame_engine.py')];
    expect(
      await locateFailure(SAMEGAME_PROTOCOL, [WORKED_GAME, NO_MOVE], 0, { argv: engine, timeoutMs: 10_000 }),
    ).toBeUndefined();
  });
});
