/**
 * `tilefall columns show`: an output as an HTML replay (and one position as SVG), scored as
 * `verify` scores it. An invalid output is drawn as its verdict (exit 1, as `verify`); bad
 * input is exit 2.
 */

import { replayOutput as columnsReplay } from '../../columns/engine/replay.js';
import { columnsPictureSvg } from '../../view/columns-picture.js';
import { replayHtml } from '../../view/page.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { OPTIONS, textOption, withYargs } from '../options.js';
import { readInputText, readInstanceFile } from '../read-input.js';
import { PICTURE_CHECKS, PICTURE_OPTIONS, shownStep } from '../show-options.js';
import { writeTextOutput } from '../write-output.js';

export const showCommand = defineCommand({
  name: 'show',
  describe: 'draw an output: an HTML replay (--out) and one position as SVG (--svg)',
  options: {
    input: textOption({ demandOption: true, describe: 'the test: w h, k, then k columns' }),
    output: textOption({ demandOption: true, describe: 'the bot output: t, then t lines "p s"' }),
    out: withYargs(OPTIONS.out, { describe: 'the HTML replay to write (atomically)' }),
    ...PICTURE_OPTIONS,
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
      '$0 columns show --input datasets/columns/sample.txt --output out.txt --out replay.html',
      'a game to step through',
    ],
  ],
  run: (options) => {
    const instance = readInstanceFile(options.input);
    const replay = columnsReplay(instance, readInputText(options.output));
    // Before anything is written: a --move past the game's end is refused.
    const step = shownStep(options.move, replay.columns.length, 'column');
    if (options.out !== undefined) writeTextOutput(replayHtml(replay, `Columns: ${options.output}`), options.out);
    if (options.svg !== undefined) writeTextOutput(columnsPictureSvg(replay, step, options.glyphs), options.svg);
    return replay.valid ? EXIT.ok : EXIT.verdictError;
  },
});
