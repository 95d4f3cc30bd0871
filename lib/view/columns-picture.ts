/** One position of a Columns replay as a static SVG: the field after N columns, with the next column above it. */

import type { Replay } from '../columns/engine/replay.js';
import { columnsSvg } from './render.js';

/** Cells of a replay field (stacks joined by '/'): one character per cell, column by column. */
export const stacksToCells = (field: string, height: number): string =>
  field
    .split('/')
    .map((stack) => stack + '.'.repeat(height - stack.length))
    .join('');

/** The SVG of the field after `step` columns (the last one when `step` is past the end). */
export function columnsPictureSvg(replay: Replay, step: number, glyphs = false): string {
  const index = Math.max(0, Math.min(step, replay.columns.length));
  const done = index > 0 ? replay.columns[index - 1] : undefined;
  const next = replay.columns[index];
  const cells = done ? stacksToCells(done.field, replay.height) : '.'.repeat(replay.width * replay.height);
  const score = done ? done.total : 0;
  return columnsSvg(cells, replay.width, replay.height, {
    colors: replay.colors,
    glyphs,
    ...(next
      ? {
          incoming: {
            x: next.position - 1,
            jewels: next.landing,
            ...(next.magicColor ? { magicColor: next.magicColor } : {}),
            gameOver: next.gameOver === true,
          },
        }
      : {}),
    label: `Columns field after ${index} columns, score ${score}`,
  });
}
