/** One position of a SameGame replay as a static SVG: the board after N actions, the next move's region outlined. */

import type { Replay } from '../samegame/engine/replay.js';
import { sameGameSvg } from './render.js';

/** The SVG of the position after `step` actions (the last frame when `step` is past the end). */
export function sameGamePictureSvg(replay: Replay, step: number, glyphs = false): string {
  const index = Math.max(0, Math.min(step, replay.frames.length - 1));
  const frame = replay.frames[index];
  return sameGameSvg(frame.cells, replay.width, replay.height, {
    colors: replay.colors,
    glyphs,
    outline: frame.next ?? [],
    label: `SameGame board after ${index} actions, score ${frame.score}`,
  });
}
