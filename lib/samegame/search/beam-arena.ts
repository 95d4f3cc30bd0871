import { SeenHashes } from '../../core/seen-hashes.js';
import { BeamCandidates } from './beam-candidates.js';
import type { Kernel } from './kernel.js';
import { LineStore } from './line-store.js';
import { PackedPositions } from './packed-positions.js';

/**
 * The large buffers of a beam search, for one pass after another: a solve that hands the same
 * arena to every pass allocates them once, at the widest pass's size, instead of leaving each
 * pass's buffers for the collector while the next pass grows its own (which made a long run cost
 * more memory a slot than a single pass). One search at a time may use an arena.
 */
export class BeamArena {
  readonly positions: readonly [PackedPositions, PackedPositions];
  readonly candidates: BeamCandidates = new BeamCandidates();
  /** The lines of the kept positions, of the next level's, and those the rollouts found. */
  readonly lines: readonly [LineStore, LineStore, LineStore];
  readonly distinct: SeenHashes = new SeenHashes();

  /** An arena for searches of boards of `shape`'s size and colors. */
  constructor(shape: Pick<Kernel, 'width' | 'height' | 'colors'>) {
    const cells = shape.width * shape.height;
    this.positions = [new PackedPositions(shape), new PackedPositions(shape)];
    this.lines = [new LineStore(cells), new LineStore(cells), new LineStore(cells)];
  }
}
