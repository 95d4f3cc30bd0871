import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawnValue, shrinkDisagreement } from '../../lib/judge/shrink-disagreement.js';
import { SAMEGAME_PROTOCOL } from '../../lib/testing/conformance-protocol.js';
import { samegameGames } from '../../lib/testing/samegame-games.js';
import { PYTHON } from '../support/python.js';
import { REPO_DIR } from '../support/repo.js';
import { answer } from '../testing/fixtures.js';

const engine = (...args: string[]) => [PYTHON, join(REPO_DIR, 'docs/conformance/samegame_engine.py'), ...args];

describe('shrinkDisagreement', () => {
  it("should draw again the very game the seed's stream drew at that index, with its shrinking context", () => {
    const arbitrary = answer(samegameGames());
    const drawn = fc.sample(arbitrary, { seed: 11, numRuns: 8 });
    const again = drawnValue(arbitrary, 11, 7);
    expect(again.value).toEqual(drawn[7]);
    // The context is what lets fast-check shrink a mapped value: its shrinks are games too.
    const [first] = arbitrary.shrink(again.value, again.context);
    expect(first.value.board.width).toBeLessThanOrEqual(again.value.board.width);
  });

  it('should shrink a game the engine gets wrong to the smallest that shows the bug', async () => {
    // n^2 instead of (n - 2)^2: any move shows it; the smallest game is one two-cell region.
    const arbitrary = answer(samegameGames());
    const index = fc.sample(arbitrary, { seed: 1, numRuns: 10 }).findIndex((g) => g.moves.length > 0);
    const shrunk = await shrinkDisagreement(SAMEGAME_PROTOCOL, arbitrary, 1, index, {
      argv: engine('--bug', 'score-n-squared'),
      timeoutMs: 10_000,
    });
    expect(shrunk).toBeDefined();
    expect(shrunk!.game.board.width * shrunk!.game.board.height).toBe(2);
    expect(shrunk!.game.moves).toHaveLength(1);
    const { step, line, expected, received } = shrunk!.run.disagreement;
    expect([step, line, expected[0], received[0]]).toEqual([1, 1, '1000', '1004']);
    expect(shrunk!.tried).toBeGreaterThan(1);
  });

  it('should stop shrinking after a few games on which the engine stalls', async () => {
    // n^2 on every move, and a hang on a board one column wide: the smallest games (1 x 2) all stall.
    const argv = [PYTHON, join(REPO_DIR, 'spec/support/engines/faulty_engine.py'), 'stall-and-bug'];
    const arbitrary = answer(samegameGames());
    const index = fc
      .sample(arbitrary, { seed: 1, numRuns: 10 })
      .findIndex((g) => g.moves.length > 0 && g.board.width > 1);
    const shrunk = await shrinkDisagreement(SAMEGAME_PROTOCOL, arbitrary, 1, index, { argv, timeoutMs: 200 });
    expect(shrunk?.stalled).toBe(3);
    expect(shrunk?.game.board.width).toBeGreaterThan(1);
    expect(shrunk?.run.disagreement.line).toBe(1);
  });

  it('should find nothing to shrink when the game agrees played alone', async () => {
    expect(
      await shrinkDisagreement(SAMEGAME_PROTOCOL, answer(samegameGames()), 1, 3, { argv: engine(), timeoutMs: 10_000 }),
    ).toBeUndefined();
  });
});
