/**
 * `tilefall samegame show`: a move list as an HTML replay (and one position as SVG), judged as
 * `verify` judges it. An error verdict is drawn up to its action (exit 1, as `verify`); bad input
 * is exit 2.
 */

import { judgeActions, splitActions } from '../../samegame/engine/referee.js';
import { replayOfVerdict } from '../../samegame/engine/replay.js';
import { replayHtml } from '../../view/page.js';
import { sameGamePictureSvg } from '../../view/samegame-picture.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { OPTIONS, withYargs } from '../options.js';
import { readBoardFile, readInputText } from '../read-input.js';
import { PICTURE_CHECKS, PICTURE_OPTIONS, shownStep } from '../show-options.js';
import { writeTextOutput } from '../write-output.js';
import { BOARD_SHAPE_OPTIONS, boardShape, GAME_FILE_OPTIONS, PROTOCOL_OPTION } from './options.js';

export const showCommand = defineCommand({
  name: 'show',
  describe: 'draw a move list: an HTML replay (--out) and one position as SVG (--svg)',
  options: {
    ...GAME_FILE_OPTIONS,
    protocol: PROTOCOL_OPTION,
    out: withYargs(OPTIONS.out, { describe: 'the HTML replay to write (atomically)' }),
    ...PICTURE_OPTIONS,
    ...BOARD_SHAPE_OPTIONS,
  },
  checks: [
    {
      option: 'out',
      message: 'give --out FILE.html, --svg FILE.svg or both',
      fails: (o) => o.out === undefined && o.svg === undefined,
    },
    ...PICTURE_CHECKS,
  ],
  examples: [
    [
      '$0 samegame show --board datasets/samegame/demo-board.txt --moves datasets/samegame/demo-moves.txt --out replay.html',
      'the demo game as a page to step through',
    ],
    ['$0 samegame show --board b.txt --moves m.txt --svg end.svg', 'the final position as a picture'],
  ],
  run: (options) => {
    const board = readBoardFile(options.board, boardShape(options));
    const verdict = judgeActions(board, splitActions(readInputText(options.moves), options.protocol), options.protocol);
    const replay = replayOfVerdict(board, verdict);
    // Before anything is written: a --move past the game's end is refused.
    const step = shownStep(options.move, replay.frames.length - 1, 'move');
    if (options.out !== undefined) writeTextOutput(replayHtml(replay, `SameGame: ${options.moves}`), options.out);
    if (options.svg !== undefined) writeTextOutput(sameGamePictureSvg(replay, step, options.glyphs), options.svg);
    return verdict.end === 'error' ? EXIT.verdictError : EXIT.ok;
  },
});
