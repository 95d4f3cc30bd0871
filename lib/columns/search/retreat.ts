/**
 * Going back when the beam dies. Storing jewels for a coming magic column pays, until a long
 * stretch without magic (or colors that will not match) fills the field: every kept field then
 * overflows and the game ends hundreds or thousands of columns early. So the solver saves its
 * beam every {@link SAVE_EVERY} columns; when every placement overflows, it goes back to the
 * older of its last two saves (128 to 256 columns earlier) and replays from there with stored
 * jewels worth nothing until a little past the column it died at, which makes the beam clear
 * instead of store. Dying again inside the replay goes back further, to the save before it,
 * while saves are left ({@link SAVES_KEPT} are kept). Games that never die play exactly as
 * without it, and the solver keeps the best line of a beam that died, so a replay that ends
 * worse changes nothing. It pays most on long games with many colors on small fields, where
 * early deaths are common (docs/columns-search-log.md, "Figures and history once kept in code
 * comments").
 */
import type { Kernel } from './kernel.js';

/** What a beam needs to come back to column `column`: its kept fields and its trace's depth. */
export interface SavedBeam {
  readonly column: number;
  readonly fields: readonly Kernel[];
  /** The chain potential each field was measured with. */
  readonly potentials: Float64Array;
  readonly depth: number;
}

/** The beam operations a retreat uses. */
export interface Retreating {
  save(column: number): SavedBeam;
  restore(saved: SavedBeam): void;
}

/** Columns between two saves of the beam. */
export const SAVE_EVERY = 128;

/** Saves kept: a death inside a replay goes back further, to the save before it. */
export const SAVES_KEPT = 4;

/** Columns past the one it died at that a replay still stores nothing. */
export const REPLAY_MARGIN = 32;

/** The saves of one solve and the stretch being replayed. */
export class Retreat {
  /** Saved beams, oldest first, all on the line being played. */
  private saves: SavedBeam[] = [];
  /** The replay: from the save it started at to the last column that stores nothing (-1: none). */
  private replayFrom = -1;
  private replayUntil = -1;

  /** Called before each column: saves the beam every {@link SAVE_EVERY} columns. */
  pass(column: number, beam: Retreating): void {
    if (column % SAVE_EVERY !== 0 || column === this.saves.at(-1)?.column) return;
    this.saves.push(beam.save(column));
    if (this.saves.length > SAVES_KEPT) this.saves.shift();
  }

  /** Whether column `column` is in a replay, where stored jewels are worth nothing. */
  storesNothing(column: number): boolean {
    return column <= this.replayUntil;
  }

  /**
   * The beam died at `column`: restores an earlier save and returns its column (the replay
   * starts there), or -1 when there is none left. Outside a replay it goes back to the
   * second-newest save (128 to 256 columns back); inside one, to the save before the replay's
   * start, and the replay grows to cover both stretches. `fits(column)` says whether a replay
   * from that column is affordable (the time left): when it is not, the newest save before the
   * death is gone back to instead (a shorter replay: 128 columns at most).
   */
  goBack(column: number, beam: Retreating, fits: (from: number) => boolean = () => true): number {
    const inReplay = this.storesNothing(column);
    const before = this.saves.filter((saved) => saved.column < (inReplay ? this.replayFrom : column));
    let target = inReplay || before.length < 2 ? before.at(-1) : before.at(-2);
    if (target !== undefined && !inReplay && !fits(target.column)) target = before.at(-1);
    if (target === undefined) return -1;
    beam.restore(target);
    // Saves after the target were on the line given up.
    this.saves = this.saves.filter((saved) => saved.column <= target.column);
    this.replayFrom = target.column;
    this.replayUntil = Math.max(this.replayUntil, column + REPLAY_MARGIN);
    return target.column;
  }
}
