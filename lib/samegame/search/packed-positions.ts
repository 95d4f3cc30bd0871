import { grow } from '../../core/typed-arrays.js';
import { EMPTY } from '../engine/board.js';
import type { Kernel } from './kernel.js';

/**
 * The positions of a beam level, packed: a cell in four bits (eight when the board has more than
 * fifteen colors) and the score beside, with nothing a position can recompute (heights, columns,
 * filled cells). A wide pass keeps hundreds of thousands of positions, and a position as a
 * {@link Kernel} costs several times its cells in object and array headers; unpacking one to
 * expand it is cheap next to valuing its children.
 */
export class PackedPositions {
  /** Bytes a packed position takes (its score aside). */
  readonly positionBytes: number;
  private readonly cellsPerByte: number;
  private cells: Uint8Array;
  private scores: Float64Array;
  private count = 0;

  /** An empty set of positions of the shape of `shape`, with room for `capacity` to begin with. */
  constructor(shape: Pick<Kernel, 'width' | 'height' | 'colors'>, capacity = 16) {
    // A nibble (or byte) holds the color less EMPTY: zero for an empty cell.
    this.cellsPerByte = shape.colors < 16 ? 2 : 1;
    this.positionBytes = Math.ceil((shape.width * shape.height) / this.cellsPerByte);
    this.cells = new Uint8Array(this.positionBytes * Math.max(1, capacity));
    this.scores = new Float64Array(Math.max(1, capacity));
  }

  /** Positions held. */
  get size(): number {
    return this.count;
  }

  /** Forgets every position (their room is reused). */
  clear(): void {
    this.count = 0;
  }

  /** Appends `kernel`'s position and score; returns its index. */
  push(kernel: Kernel): number {
    const index = this.count++;
    if (index === this.scores.length) this.reserve(2 * this.count);
    const { cells } = kernel;
    const at = index * this.positionBytes;
    if (this.cellsPerByte === 1) {
      for (let i = 0; i < cells.length; i++) this.cells[at + i] = cells[i] - EMPTY;
    } else {
      const pairs = cells.length >> 1;
      for (let j = 0; j < pairs; j++) this.cells[at + j] = (cells[2 * j] - EMPTY) | ((cells[2 * j + 1] - EMPTY) << 4);
      if (cells.length & 1) this.cells[at + pairs] = cells[cells.length - 1] - EMPTY;
    }
    this.scores[index] = kernel.score;
    return index;
  }

  /** Makes `kernel` hold position `index` (same shape). */
  load(index: number, kernel: Kernel): void {
    const { cells } = kernel;
    const at = index * this.positionBytes;
    if (this.cellsPerByte === 1) {
      for (let i = 0; i < cells.length; i++) cells[i] = this.cells[at + i] + EMPTY;
    } else {
      const pairs = cells.length >> 1;
      for (let j = 0; j < pairs; j++) {
        const pair = this.cells[at + j];
        cells[2 * j] = (pair & 15) + EMPTY;
        cells[2 * j + 1] = (pair >> 4) + EMPTY;
      }
      if (cells.length & 1) cells[cells.length - 1] = (this.cells[at + pairs] & 15) + EMPTY;
    }
    kernel.settle(this.scores[index]);
  }

  /** Makes room for `capacity` positions without growing again. */
  reserve(capacity: number): void {
    if (capacity <= this.scores.length) return;
    const bytes = new Uint8Array(capacity * this.positionBytes);
    bytes.set(this.cells);
    this.cells = bytes;
    this.scores = grow(this.scores, capacity);
  }
}
