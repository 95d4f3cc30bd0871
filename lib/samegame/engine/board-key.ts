/**
 * A board's key for finding lines found before: the same for a board and any relabeling of its
 * colors (the CodinGame validators recolor the test boards), different for different boards. A
 * line is a sequence of cells, so a line found on one coloring plays the same on every other.
 */
import { EMPTY } from '../../core/cells.js';
import { type Board, checkedBoard } from './board.js';

/**
 * The board's colors renamed in the order they first appear (column by column, bottom to top),
 * with its size, hashed to 16 hexadecimal digits (two 32-bit FNV-1a hashes with different
 * seeds: with tens of thousands of stored boards, a collision is about one in 10^10). `''` for a
 * value that is not a valid board, which no board's key is.
 */
export function boardKey(board: Board): string {
  const checked = checkedBoard(board);
  if (checked === undefined) return '';
  const rename = new Map<number, number>();
  let a = 0x811c9dc5;
  let b = 0x1b873593;
  const mix = (value: number) => {
    a = Math.imul(a ^ value, 0x01000193);
    b = Math.imul(b ^ value, 0x01000193);
    b ^= b >>> 15;
  };
  mix(checked.width);
  mix(checked.height);
  for (const color of checked.cells) {
    if (color === EMPTY) {
      mix(0xff);
      continue;
    }
    let name = rename.get(color);
    if (name === undefined) {
      name = rename.size;
      rename.set(color, name);
    }
    mix(name);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
