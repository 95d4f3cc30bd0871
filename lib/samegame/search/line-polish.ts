/**
 * Local search on finished lines. The beam search ends with complete games whose few big moves
 * decide the score; a small change early in such a line (one move put in, or one left out) can
 * keep those moves and make them bigger, and the beam rarely tries exactly that.
 *
 * A line's neighbors: at each of its moves k, every other legal move played first, and leaving
 * move k out; after the change the line's later moves are replayed by the tiles they took
 * (`tile-ids.ts`), skipped where that tile is gone or alone, and what is left is finished by a
 * TabuColor playout. The first neighbor that scores more replaces the line, and the sweep goes on
 * from the move before the change; a sweep with no better neighbor ends it (a local optimum).
 * It is cheap next to the search and never makes a line worse (the measurements are in
 * docs/samegame-search-log.md, "Figures and history once kept in code comments").
 */
import type { Budget } from '../../core/budget.js';
import type { Random } from '../../core/random.js';
import type { Line } from './beam.js';
import type { Kernel } from './kernel.js';
import { NODE_COST } from './node-cost.js';
import { mostFrequentColor, randomPlayout } from './playout.js';
import { NEVER } from './tabu-rule.js';
import { TileIds } from './tile-ids.js';

/**
 * After a random change at move k, the first sweep starts at move k - 5, not at the line's start:
 * the earlier moves were already swept on the line before the change, and a sweep from the start
 * costs as much as two or three such steps, so more steps fit the budget (the search log).
 */
export const KICK_WINDOW = 5;

/** Local search on lines from one root position, reusing its scratch space. */
export class LinePolisher {
  private readonly walk: Kernel;
  private readonly walkTiles: TileIds;
  private readonly trial: Kernel;
  private readonly trialTiles: TileIds;
  private readonly legal: Int32Array;
  private readonly played: Int32Array;
  private readonly finish: Int32Array;
  private readonly finishLength = { length: 0 };
  private playedLength = 0;
  private readonly counts: Int32Array;

  constructor(
    private readonly root: Kernel,
    private readonly random: Random,
  ) {
    const size = root.width * root.height;
    this.walk = root.clone();
    this.trial = root.clone();
    this.walkTiles = new TileIds(root.width, root.height);
    this.trialTiles = new TileIds(root.width, root.height);
    this.legal = new Int32Array(size);
    this.played = new Int32Array(size);
    this.finish = new Int32Array(size);
    this.counts = new Int32Array(root.colors);
  }

  /**
   * The line improved to a local optimum, or as far as `budget` allows (each move played costs
   * a playout move's nodes); never worse than `line`, which must be legal from the root. The
   * first sweep starts at move `from` (the moves before it are not changed in that sweep).
   */
  polish(line: Line, budget: Budget, from = 0): Line {
    let best = line;
    let sweepFrom = from;
    while (!budget.exhausted()) {
      const better = this.firstBetterNeighbor(best, sweepFrom, budget);
      if (better === undefined) break;
      best = better.line;
      sweepFrom = Math.max(0, better.at - 1);
    }
    return best;
  }

  /**
   * One random change (a move put in or left out at a random place), then {@link polish} from
   * {@link KICK_WINDOW} moves before the change: a step of an iterated local search. Returns the
   * polished line, which may score less than `line`.
   */
  perturbAndPolish(line: Line, budget: Budget): Line {
    const { walk, walkTiles, legal, random } = this;
    if (line.moves.length === 0) return line;
    const tiles = this.tilesOf(line, budget);
    const at = random.below(line.moves.length);
    this.walkFromRoot();
    for (let k = 0; k < at; k++) walkTiles.play(walk, walk.regionAt(line.moves[k]));
    const count = walk.legalMoves(legal);
    this.neighbor(tiles, at, random.below(count + 1) - 1, budget);
    return this.polish(this.lastNeighbor(line, at), budget, Math.max(0, at - KICK_WINDOW));
  }

  /** The first neighbor of `line` that scores more, changed at move `from` or later. */
  private firstBetterNeighbor(line: Line, from: number, budget: Budget): { line: Line; at: number } | undefined {
    const { walk, walkTiles, legal } = this;
    const tiles = this.tilesOf(line, budget);
    this.walkFromRoot();
    for (let k = 0; k < line.moves.length; k++) {
      if (k >= from) {
        const count = walk.legalMoves(legal);
        budget.nodes += NODE_COST.playoutMove;
        // -1: leave move k out; otherwise put legal move a before it.
        for (let a = -1; a < count; a++) {
          if (budget.exhausted()) return undefined;
          // The line's own move, when the listing names it by the cell the line took (named by
          // another cell of its region, it is tried again: the same line with another finish).
          if (a >= 0 && walkTiles.tileAt[legal[a]] === tiles[k]) continue;
          if (this.neighbor(tiles, k, a, budget) > line.score) return { line: this.lastNeighbor(line, k), at: k };
        }
      }
      walkTiles.play(walk, walk.regionAt(line.moves[k]));
    }
    return undefined;
  }

  /**
   * The score of the line changed at move k from the position in `walk`: legal move `a` put in
   * first (or move k left out, a = -1), the later moves replayed by their tiles, then a TabuColor
   * finish. {@link lastNeighbor} then builds that line.
   */
  private neighbor(tiles: Int32Array, k: number, a: number, budget: Budget): number {
    const { walk, walkTiles, trial, trialTiles, legal, played, finishLength } = this;
    trial.copyFrom(walk);
    trialTiles.copyFrom(walkTiles);
    let length = 0;
    let next = k;
    if (a < 0) next = k + 1;
    else {
      played[length++] = legal[a];
      trialTiles.play(trial, trial.regionAt(legal[a]));
    }
    for (let j = next; j < tiles.length; j++) {
      const cell = trialTiles.cellOf[tiles[j]];
      if (cell < 0) continue;
      const size = trial.regionAt(cell);
      if (size < 2) continue;
      played[length++] = cell;
      trialTiles.play(trial, size);
    }
    this.playedLength = length;
    const tabuColor = mostFrequentColor(trial, this.counts);
    randomPlayout(trial, this.random, { moves: this.finish, played: finishLength, tabuColor, tabuMinRegion: NEVER });
    budget.nodes += NODE_COST.playoutMove * (length + finishLength.length);
    return trial.score;
  }

  /** The line {@link neighbor} scored last: `line`'s first k moves, then the changed rest. */
  private lastNeighbor(line: Line, k: number): Line {
    const moves = line.moves.slice(0, k);
    for (let j = 0; j < this.playedLength; j++) moves.push(this.played[j]);
    for (let j = 0; j < this.finishLength.length; j++) moves.push(this.finish[j]);
    return { score: this.trial.score, moves };
  }

  /** Puts `walk` back at the root, each tile named by its cell there. */
  private walkFromRoot(): void {
    this.walk.copyFrom(this.root);
    this.walkTiles.reset(this.walk);
  }

  /** The tile each move of `line` takes (named by its cell at the root); a replay, charged as one. */
  private tilesOf(line: Line, budget: Budget): Int32Array {
    const { walk, walkTiles } = this;
    this.walkFromRoot();
    const tiles = new Int32Array(line.moves.length);
    for (let k = 0; k < line.moves.length; k++) {
      tiles[k] = walkTiles.tileAt[line.moves[k]];
      walkTiles.play(walk, walk.regionAt(line.moves[k]));
    }
    budget.nodes += NODE_COST.playoutMove * line.moves.length;
    return tiles;
  }
}

/** Lines this many points or more below the best are not worth polishing. */
const POLISH_MARGIN = 300;

/**
 * `best` and the search's `candidates` (each pass's successive best lines) polished within
 * `budget`: candidates best first while they are within {@link POLISH_MARGIN} of the best, then
 * perturbations of the best, each polished and kept when it scores more. Returns the best line.
 */
export function polishLines(
  best: Line,
  candidates: readonly Line[],
  polisher: LinePolisher,
  budget: Budget,
  onImprove: (line: Line) => void,
): Line {
  const improve = (line: Line) => {
    if (line.score <= best.score) return;
    best = line;
    onImprove(line);
  };
  const seen = new Set<string>();
  const ordered = [best, ...candidates].sort((a, b) => b.score - a.score);
  // A better candidate is the answer even when no budget is left to polish it.
  improve(ordered[0]);
  for (const line of ordered) {
    if (budget.exhausted() || line.score < best.score - POLISH_MARGIN) break;
    const key = line.moves.join(',');
    if (line.moves.length === 0 || seen.has(key)) continue;
    seen.add(key);
    improve(polisher.polish(line, budget));
  }
  while (best.moves.length > 0 && !budget.exhausted()) improve(polisher.perturbAndPolish(best, budget));
  return best;
}
