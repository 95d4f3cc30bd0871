/**
 * Beam search over positions: every level keeps the `width` best positions by the evaluation,
 * with transpositions (the same cells reached by different move orders) kept once. Every
 * terminal position met is a complete game; the best one is the result.
 *
 * With rollouts, every kept position remembers the best rollout line through it (its moves and
 * its rank). The child that lies on that line inherits the rest of it, so a good rollout is
 * never forgotten by the beam: a position is ranked by the best rollout known through it, not
 * only by its own (noisy) one.
 */

import { BeamTrace } from '../../core/beam-trace.js';
import { bestFirst, indicesBestFirst } from '../../core/best-first.js';
import type { Budget } from '../../core/budget.js';
import type { Random } from '../../core/random.js';
import type { SeenHashes } from '../../core/seen-hashes.js';
import { keepDistinct } from '../../core/select-distinct.js';
import { BeamArena } from './beam-arena.js';
import { type BeamCandidates, FOUND_LINE, INHERITED_LINE, NO_LINE } from './beam-candidates.js';
import type { Evaluator } from './evaluation.js';
import { fairShareOrder } from './fair-share-order.js';
import { createParentSurvey, type Kernel, type ParentSurvey } from './kernel.js';
import type { LineStore, MoveArray } from './line-store.js';
import { NODE_COST, rolloutNodes } from './node-cost.js';
import type { PackedPositions } from './packed-positions.js';
import { mostFrequentColor, randomPlayout } from './playout.js';
import { RolloutShareFilter } from './rollout-share-filter.js';
import type { Zobrist } from './zobrist.js';

/** A complete game found by a search: its moves (cell indices, each in its own position) and score. */
export interface Line {
  readonly score: number;
  readonly moves: readonly number[];
}

/** Settings of one beam search pass. */
export interface BeamOptions {
  readonly width: number;
  readonly evaluator: Evaluator;
  readonly zobrist: Zobrist;
  readonly budget: Budget;
  /** Added to each child's value (e.g. small seeded noise to vary passes); may be omitted. */
  readonly noise?: () => number;
  /** Rollout re-ranking of the children (see {@link RolloutSettings}); omitted: the evaluation alone ranks. */
  readonly rollouts?: RolloutSettings;
  /** The buffers to use (a solve passes one arena to all its passes); omitted: the search makes its own. */
  readonly arena?: BeamArena;
  /** Called after each level with what it kept (for tests and tracing; do not keep or change the positions). */
  readonly observe?: (level: KeptLevel) => void;
}

/** The positions one beam level kept, best first, each with the best rollout line known through it. */
export interface KeptLevel {
  readonly depth: number;
  readonly positions: readonly Kernel[];
  /** Per position: moves after it (cell indices, each in its own position), or undefined. */
  readonly lines: readonly (MoveArray | undefined)[];
  /** Per position: the rollout rank of its line (-Infinity without one). */
  readonly ranks: Float64Array;
}

/**
 * Rollout re-ranking: `factor * width` children each get one TabuColor random playout (tabu
 * regions of `tabuMinRegion` cells or more may be taken early): every kept position's best
 * `factor` children by the evaluation (rounded), then the best of the rest. Every playout is a
 * complete game, so a lucky one becomes the result directly. A rollout's rank is its final score
 * plus `cellsLeft` per cell and `colorsLeft` per color still on its final board (negative
 * weights favor lines that come close to clearing, the one 1000-point move a random rollout
 * rarely makes); a child is ranked by the best rank known through it, with `blend` mixing its
 * static value back in (0 = the rollout rank alone).
 */
export interface RolloutSettings {
  readonly factor: number;
  readonly random: Random;
  readonly blend: number;
  readonly tabuMinRegion?: number;
  readonly cellsLeft?: number;
  readonly colorsLeft?: number;
  /** A contesting rollout's first moves that are contests (`rollout-contest.ts`; default 0, none). */
  readonly contestMoves?: number;
  /** Which rollouts of a level contest: those whose number (from 1) this divides (default 1, all). */
  readonly contestEvery?: number;
}

/** A finished rollout's rank: its final score plus the weighted cells and colors left. */
export function rolloutRank(
  final: Kernel,
  { cellsLeft = 0, colorsLeft = 0 }: Pick<RolloutSettings, 'cellsLeft' | 'colorsLeft'>,
): number {
  return final.score + cellsLeft * final.filled + (colorsLeft === 0 ? 0 : colorsLeft * final.colorsLeft());
}

/** What one beam search found. */
export interface BeamResult {
  /** The best complete game found (undefined when the budget ran out before any). */
  readonly best: Line | undefined;
  /** Every game that was the pass's best when found, in the order found (`best` is the last). */
  readonly improvements: readonly Line[];
  /**
   * True when no level dropped a distinct position: the pass searched every position reachable
   * from the root, so its best game is optimal and a wider pass cannot find more.
   */
  readonly exhaustive: boolean;
}

/** Runs one beam search from `root`: the best complete game found and whether the search was exhaustive. */
export function beamSearch(root: Kernel, options: BeamOptions): BeamResult {
  const beam = new Beam(root, options);
  while (beam.size > 0) {
    const count = beam.expand();
    if (count <= 0) break; // the budget ran out (-1), or every child was terminal (0)
    beam.advance(beam.rank(count));
  }
  return { best: beam.best, improvements: beam.improvements, exhaustive: beam.exhaustive };
}

/** Children of each kept position that get a rollout before the best of the others do. */
function perParentRollouts(rollouts: RolloutSettings): number {
  return Math.max(1, Math.round(rollouts.factor));
}

/**
 * One beam search's state and buffers, level by level: {@link expand} builds and values every
 * child of the kept positions, {@link rank} orders them (re-ranked by rollouts), {@link advance}
 * keeps the best distinct ones as the next level. A level's positions are kept packed and its
 * children only while they can still matter (`rollout-share-filter.ts`), so a slot of the beam
 * costs little more than its packed cells, its line and its trace.
 */
class Beam {
  best: Line | undefined;
  readonly improvements: Line[] = [];
  /** No level has dropped a distinct candidate (nor has the budget cut the search short) yet. */
  exhaustive = true;
  private current: PackedPositions;
  private next: PackedPositions;
  /** The position being expanded, and a child being played. */
  private readonly node: Kernel;
  private readonly scratch: Kernel;
  private readonly trace = new BeamTrace();
  private readonly candidates: BeamCandidates;
  private readonly distinct: SeenHashes;
  /** Children the last {@link expand} made that were not terminal, the dropped ones included. */
  private generated = 0;
  private readonly moves: Int32Array;
  private readonly parentTotals: ParentSurvey;
  private readonly parentHashes: Int32Array;
  private readonly rolloutMoves: Int32Array;
  private readonly rolloutLength = { length: 0 };
  private readonly colorCounts: Int32Array;
  // Rollout memory: for each position of `current`, the best rollout line known through it
  // (moves after it, in `kept`; length -1: none) and that line's rank; a candidate child's line
  // is inherited (in `kept`) or found by its rollout (in `found`).
  private kept: LineStore;
  private nextKept: LineStore;
  private readonly found: LineStore;
  private memoryStart = new Int32Array(1);
  private memoryLength = Int32Array.of(-1);
  private memoryRank = Float64Array.of(Number.NEGATIVE_INFINITY);

  constructor(
    private readonly root: Kernel,
    private readonly options: BeamOptions,
  ) {
    const cells = root.width * root.height;
    const arena = options.arena ?? new BeamArena(root);
    [this.current, this.next] = arena.positions;
    this.current.clear();
    this.current.push(root);
    this.candidates = arena.candidates;
    this.distinct = arena.distinct;
    this.node = root.clone();
    this.scratch = root.clone();
    this.moves = new Int32Array(cells);
    this.parentTotals = createParentSurvey(root.width, root.colors);
    this.parentHashes = new Int32Array(2 * (root.width + 1));
    this.rolloutMoves = new Int32Array(cells);
    this.colorCounts = new Int32Array(root.colors);
    [this.kept, this.nextKept, this.found] = arena.lines;
    this.kept.clear();
    this.found.clear();
  }

  /** Positions in the current level. */
  get size(): number {
    return this.current.size;
  }

  /**
   * Plays and values every child of the current level; terminal children are complete games.
   * Returns the number of candidates kept, or -1 when the budget ran out first.
   */
  expand(): number {
    const { budget, evaluator, zobrist, noise, rollouts, width } = this.options;
    const { scratch, node, moves, current, memoryStart, memoryLength, trace, parentTotals, parentHashes } = this;
    const { candidates } = this;
    const survey = evaluator.survey;
    const filter = rollouts
      ? new RolloutShareFilter(candidates, perParentRollouts(rollouts), Math.ceil(rollouts.factor * width))
      : undefined;
    candidates.clear();
    this.generated = 0;
    for (let p = 0; p < current.size; p++) {
      if (budget.exhausted()) {
        this.exhaustive = false;
        return -1;
      }
      current.load(p, node);
      const rememberedMove = memoryLength[p] < 0 ? -1 : node.moveOf(this.kept.data[memoryStart[p]]);
      // The parent's regions and column hashes, summed column by column, once for all its
      // children: a child then surveys only the columns its move changed and their neighbors,
      // not everything from the move's left neighbor on, and hashes only the changed ones (the
      // same games, faster: the search log).
      const moveCount = node.surveyParent(parentTotals, moves);
      zobrist.columnHashes(node, parentHashes);
      filter?.beginParent();
      filter?.makeRoom(moveCount);
      for (let m = 0; m < moveCount; m++) {
        // A position of a large board has hundreds of children: look at the budget every 16.
        if ((m & 15) === 15 && budget.exhausted()) {
          this.exhaustive = false;
          return -1;
        }
        scratch.copyFrom(node);
        scratch.regionAt(moves[m]);
        scratch.removeRegion();
        budget.nodes += NODE_COST.child;
        scratch.surveyChild(survey, parentTotals);
        const v = evaluator.valueOfSurveyed(scratch);
        if (survey.moveCount === 0) {
          if (this.best === undefined || scratch.score > this.best.score) {
            this.best = { score: scratch.score, moves: trace.lineTo(trace.depth, p, moves[m]) };
            this.improvements.push(this.best);
          }
          continue;
        }
        // The columns may be replaced when they grow: read them after the slot is made.
        const c = filter ? filter.add() : candidates.add(1);
        candidates.value[c] = noise ? v + noise() : v;
        candidates.parent[c] = p;
        candidates.move[c] = moves[m];
        candidates.hash[c] = zobrist.hashFrom(scratch, parentHashes, scratch.changedFrom, scratch.changedTo + 1);
        const inherits = moves[m] === rememberedMove;
        candidates.source[c] = inherits ? INHERITED_LINE : NO_LINE;
        candidates.start[c] = memoryStart[p] + 1;
        candidates.length[c] = memoryLength[p] - 1;
        candidates.rank[c] = inherits ? this.memoryRank[p] : Number.NEGATIVE_INFINITY;
        this.generated++;
        filter?.offer(c);
      }
    }
    filter?.finish();
    return candidates.count;
  }

  /** The candidates best first: by value, then re-ranked by rollouts when they are on. */
  rank(count: number): Int32Array {
    const { rollouts } = this.options;
    if (rollouts) return this.rankByRollouts(count, rollouts);
    return indicesBestFirst(this.candidates.value, count);
  }

  /**
   * Gives `factor * width` candidates one rollout each, every kept position's best ones (by
   * value) first, then ranks those and the ones that inherit a remembered line by the best
   * rollout rank known through them.
   */
  private rankByRollouts(count: number, rollouts: RolloutSettings): Int32Array {
    const { scratch, current, rolloutMoves, rolloutLength, trace } = this;
    const { parent, move, value, source, start, length, rank: childRank } = this.candidates;
    const wanted = Math.min(count, Math.ceil(rollouts.factor * this.options.width));
    // The static value ranks one position's children well, but tells little between children
    // of different positions (its correlation with a child's rollout rank across a level is near
    // zero at most depths): so each position's best `factor` children get the rollouts, rather
    // than the best of the whole level, which crowd under a few positions. The candidates left
    // without a rollout are kept only when they inherit a line, and sorted again below.
    const order = fairShareOrder(value, parent, count, current.size, perParentRollouts(rollouts), wanted);
    const { contestMoves: contestAllowance = 0, contestEvery = 1 } = rollouts;
    let probed = 0;
    // A rollout on a large board is thousands of moves: the budget is checked before each one.
    for (; probed < wanted && !this.options.budget.exhausted(); probed++) {
      const c = order[probed];
      current.load(parent[c], scratch);
      scratch.regionAt(move[c]);
      scratch.removeRegion();
      const tabu = mostFrequentColor(scratch, this.colorCounts);
      const contestMoves = (probed + 1) % contestEvery === 0 ? contestAllowance : 0;
      randomPlayout(scratch, rollouts.random, {
        moves: rolloutMoves,
        played: rolloutLength,
        tabuColor: tabu,
        tabuMinRegion: rollouts.tabuMinRegion,
        contestMoves,
      });
      this.options.budget.nodes += rolloutNodes(rolloutLength.length, contestMoves);
      if (this.best === undefined || scratch.score > this.best.score) {
        const line = trace.lineTo(trace.depth, parent[c], move[c]);
        for (let i = 0; i < rolloutLength.length; i++) line.push(rolloutMoves[i]);
        this.best = { score: scratch.score, moves: line };
        this.improvements.push(this.best);
      }
      const rank = rolloutRank(scratch, rollouts);
      if (rank > childRank[c]) {
        childRank[c] = rank;
        source[c] = FOUND_LINE;
        start[c] = this.found.append(rolloutMoves, 0, rolloutLength.length);
        length[c] = rolloutLength.length;
      }
    }
    // Unprobed children without a line are dropped (the filter dropped some already).
    if (probed < this.generated) this.exhaustive = false;
    let ranked = probed;
    for (let r = probed; r < count; r++) if (source[order[r]] !== NO_LINE) order[ranked++] = order[r];
    for (let r = 0; r < ranked; r++) {
      const c = order[r];
      value[c] = rollouts.blend * value[c] + (1 - rollouts.blend) * childRank[c];
    }
    return order.subarray(0, ranked).sort(bestFirst(value));
  }

  /** Keeps the best `width` distinct candidates of `order` as the next level. */
  advance(order: Int32Array): void {
    const { current, next, scratch } = this;
    const { parent, move, hash, rank: childRank } = this.candidates;
    const chosen = keepDistinct(order, hash, this.options.width);
    // A full level may have dropped distinct positions (duplicates of kept ones cost nothing).
    if (chosen.length === this.options.width && this.droppedDistinct(order, chosen)) this.exhaustive = false;
    const keptParent = Int32Array.from(chosen, (c) => parent[c]);
    const keptMove = Int32Array.from(chosen, (c) => move[c]);
    next.clear();
    next.reserve(chosen.length);
    for (let i = 0; i < chosen.length; i++) {
      current.load(keptParent[i], scratch);
      scratch.regionAt(keptMove[i]);
      scratch.removeRegion();
      next.push(scratch);
    }
    this.keepLines(chosen);
    this.memoryRank = Float64Array.from(chosen, (c) => childRank[c]);
    if (this.options.observe) this.observeLevel();
    this.trace.push(keptParent, keptMove);
    this.trace.compact();
    this.current = next;
    this.next = current;
  }

  /** Shows the level just kept (in `next`) to the `observe` callback. */
  private observeLevel(): void {
    const { data } = this.kept;
    this.options.observe?.({
      depth: this.trace.depth,
      positions: Array.from({ length: this.next.size }, (_, i) => {
        const k = this.root.clone();
        this.next.load(i, k);
        return k;
      }),
      lines: Array.from(this.memoryLength, (length, i) =>
        length < 0 ? undefined : data.subarray(this.memoryStart[i], this.memoryStart[i] + length),
      ),
      ranks: this.memoryRank,
    });
  }

  /** Copies the lines of the `chosen` candidates into a fresh store: the next level's memory. */
  private keepLines(chosen: Int32Array): void {
    const { source, start, length } = this.candidates;
    const { nextKept } = this;
    nextKept.clear();
    this.memoryStart = new Int32Array(chosen.length);
    this.memoryLength = new Int32Array(chosen.length).fill(-1);
    for (let i = 0; i < chosen.length; i++) {
      const c = chosen[i];
      if (source[c] === NO_LINE) continue;
      const from = source[c] === INHERITED_LINE ? this.kept.data : this.found.data;
      this.memoryStart[i] = nextKept.append(from, start[c], length[c]);
      this.memoryLength[i] = length[c];
    }
    this.nextKept = this.kept;
    this.kept = nextKept;
    this.found.clear();
  }

  /** Whether `order` holds a position that none of the `chosen` candidates is. */
  private droppedDistinct(order: Int32Array, chosen: Int32Array): boolean {
    const { hash } = this.candidates;
    this.distinct.clear(chosen.length + 1);
    for (let i = 0; i < chosen.length; i++) this.distinct.add(hash[chosen[i]]);
    for (let r = 0; r < order.length; r++) if (this.distinct.add(hash[order[r]])) return true;
    return false;
  }
}
