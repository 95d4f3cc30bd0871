import { describe, expect, it } from 'vitest';

import { judgeActions } from '../../lib/samegame/engine/referee.js';
import { replayOfVerdict } from '../../lib/samegame/engine/replay.js';
import { sameGamePictureSvg } from '../../lib/view/samegame-picture.js';
import { rowsBoard } from '../samegame/boards.js';

describe('sameGamePictureSvg', () => {
  const board = rowsBoard([
    [1, 1, 2],
    [0, 1, 2],
    [0, 3, 4],
  ]);
  const replay = replayOfVerdict(board, judgeActions(board, ['1 1', '0 0'], 'multi-turn'));

  it('should draw the position after N actions with the next region outlined, the last one past the end', () => {
    const start = sameGamePictureSvg(replay, 0);
    expect((start.match(/<rect /g) ?? []).length).toBe(1 + 9);
    expect(start).toContain('<path');
    expect(start).toContain('after 0 actions, score 0');
    const end = sameGamePictureSvg(replay, 99);
    expect(end).toContain('after 2 actions, score 1');
    expect(end).not.toContain('<path');
  });
});
