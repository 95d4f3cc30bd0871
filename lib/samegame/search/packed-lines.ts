/**
 * Lines packed into a short text for the single-file CodinGame bot, whose source must stay under
 * the site's 100,000 characters: `key:moves,key:moves,…`, each move two base-36 digits (x, then
 * y; boards up to 36 cells a side).
 */
import type { Cell } from '../engine/board.js';

/** The packed form of lines by board key (moves of boards over 36 a side cannot be packed: refused). */
export function packLines(lines: ReadonlyMap<string, readonly Cell[]>): string {
  const packed: string[] = [];
  for (const [key, moves] of lines) {
    if (moves.some((m) => m.x >= 36 || m.y >= 36)) throw new RangeError(`board ${key}: a move beyond 36 cells a side`);
    packed.push(`${key}:${moves.map((m) => m.x.toString(36) + m.y.toString(36)).join('')}`);
  }
  return packed.join(',');
}

/** Lines by board key from their packed form. */
export function unpackLines(packed: string): Map<string, Cell[]> {
  const lines = new Map<string, Cell[]>();
  for (const entry of packed === '' ? [] : packed.split(',')) {
    const [key, text] = entry.split(':');
    const moves: Cell[] = [];
    for (let i = 0; i + 1 < text.length; i += 2)
      moves.push({ x: Number.parseInt(text[i], 36), y: Number.parseInt(text[i + 1], 36) });
    lines.set(key, moves);
  }
  return lines;
}
