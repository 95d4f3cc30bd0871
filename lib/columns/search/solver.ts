/**
 * The Columns solver: beam search over the known sequence of columns. Every kept field is
 * expanded by each placement (position x shift, 36 at most), children are ranked by points plus
 * the weighted evaluation, and the best `width` distinct fields go on, few from any one parent
 * (`diverse-selection.ts`). The width adapts to the budget left per column (nodes for
 * reproducible runs, wall time for real use), so a 10^4-column test fits in its time. Most
 * children are quiet drops (no match), valued from their parent's summary without a copy of the
 * field (`quiet-drop.ts`). The answer is replayed by the immutable
 * engine before it is returned, unless the caller turns that off (`recheck`).
 */

import { type ArgumentError, checkOptions, checkWholeNumber } from '../../core/argument-error.js';
import { BeamTrace } from '../../core/beam-trace.js';
import { Budget, type BudgetSpec, checkBudget } from '../../core/budget.js';
import { kthSmallest } from '../../core/kth-value.js';
import { err, ok, type Result } from '../../core/result.js';
import { grow } from '../../core/typed-arrays.js';
import { checkInstance } from '../engine/checks.js';
import { type Instance, instanceColors, type Piece, type Placement } from '../engine/instance.js';
import { judgePlacements } from '../engine/referee.js';
import { ChainProbe } from './chain-potential.js';
import { selectDiverse } from './diverse-selection.js';
import { Evaluator } from './evaluation.js';
import { Kernel } from './kernel.js';
import { QuietDrops } from './quiet-drop.js';
import { RecentPace } from './recent-pace.js';
import { Retreat, type SavedBeam } from './retreat.js';
import { checkWeights, DEFAULT_WEIGHTS, type Weights, weightsForColors } from './weights.js';
import { Zobrist } from './zobrist.js';

/**
 * Budget, weights and the widest beam allowed. Nothing else: an unknown key is refused
 * (`invalid-option`), as a misspelt option would otherwise be ignored.
 */
export interface SolveOptions {
  /**
   * How long the search runs (see `checkBudget`: a limit named, finite and positive). The search
   * stops there, wherever it is: the columns after its last placement take the default placement.
   */
  readonly budget: BudgetSpec;
  /** Default {@link DEFAULT_WEIGHTS}; checked as `parseWeights` checks a file. */
  readonly weights?: Weights;
  /**
   * Widest beam allowed, 1 to 65,536 (default 4,096). The beam is also kept narrow enough for a
   * column's children to fit in about 128 MB: a field 64 wide and 256 tall allows 19 fields.
   */
  readonly maxWidth?: number;
}

/**
 * The search's own switches, for the search log's experiments and the single-file submission:
 * not part of the package's API (`solveWith`), so that they can change without a major version.
 */
export interface SearchSwitches {
  /**
   * When every placement overflows, go back up to 256 columns and replay storing nothing (see
   * `retreat.ts`; default true). The answer is never worse than without it.
   */
  readonly retreat?: boolean;
  /**
   * Replay the answer with the immutable engine before returning it (default true), so the score
   * reported is the engine's. The single-file submission turns it off: any placements are a valid
   * output, so the check only guards the score the solver reports, and the time it needs (kept
   * back from the search, a share that grows with the game's length) goes to the search instead.
   * Without it, a search its budget stopped before the last column reports its placements'
   * points alone (the default placements after them may earn more).
   */
  readonly recheck?: boolean;
  /**
   * The share of a kept field's weighted chain potential its children carry when the probe's
   * places are handed out (default: the solver's tuned share, `INHERITED_POTENTIAL`; 0: by the
   * evaluation alone).
   */
  readonly inheritedPotential?: number;
  /** How the next level shares its places out among the kept fields' children (see {@link Diversity}). */
  readonly diversity?: Partial<Diversity>;
  /**
   * The clock a time budget is read on, in milliseconds (default `performance.now`): a clock
   * that stands still lets a spec play a spent time budget without timing anything.
   */
  readonly clock?: () => number;
}

/** How the next level shares its places out among the kept fields' children (`diverse-selection.ts`). */
export interface Diversity {
  /**
   * The share of the places one kept field's children may take while other fields' children are
   * left, rounded up to a whole child. Default 0.01: one child a field up to a width of 100;
   * 1: no cap (the search before it).
   */
  readonly share: number;
  /** How far down the distinct children, in multiples of the width (at least 1), the capped walk looks. Default 4. */
  readonly pool: number;
}

/** The placements found and their score. */
export interface Solution {
  readonly score: number;
  readonly moves: readonly Placement[];
  /** Children evaluated (the unit of node budgets). */
  readonly nodes: number;
}

/**
 * Why there is no solution: an argument refused ({@link ArgumentError}: the instance, the budget,
 * the weights or another option, naming the field), or a solver answer the engine disagrees with
 * (never expected; reported rather than printed).
 */
export type SolveError = ArgumentError | { readonly code: 'engine-mismatch'; readonly message: string };

/** The widest beam `maxWidth` may ask for. */
export const MAX_BEAM_WIDTH = 65_536;

/** The beam's width by default. */
const DEFAULT_MAX_WIDTH = 4096;

/**
 * Solves an instance within the budget; the placements are re-scored by the engine before they
 * are returned. Every argument is checked first: the instance (as `checkInstance`: sizes within
 * `LIMITS`, pieces magic or three jewels a..z), the budget, the weights and `maxWidth`, each
 * refused as a value naming the field (`options.budget.nodes`). The search stops at its budget
 * (its time, or its nodes) even before the last column; the engine's re-check comes after, and
 * costs what `playMoves` does.
 *
 * @example
 * ```ts
 * import { formatMoves, generate, solve } from 'tilefall/columns';
 *
 * const instances = generate({ seed: 1, columns: 1_000 });
 * if (!instances.ok) throw new Error(instances.error.message);
 * const solution = solve(instances.value[0], { budget: { timeMs: 2_000 } });
 * if (solution.ok) console.log(solution.value.score, formatMoves(solution.value.moves));
 * ```
 */
export function solve(instance: Instance, options: SolveOptions): Result<Solution, SolveError> {
  const checked = checkSolveArguments(instance, options);
  if (!checked.ok) return checked;
  return solveWith(checked.value.instance, checked.value.options, {});
}

/** The options of a solve of `instance`, each checked, or the refusal of the first bad one. */
function checkSolveArguments(
  instance: unknown,
  options: unknown,
): Result<{ readonly instance: Instance; readonly options: SolveOptions }, SolveError> {
  const valid = checkInstance(instance);
  if (!valid.ok) return valid;
  const fields = checkOptions('invalid-option', 'options', options, ['budget', 'weights', 'maxWidth']);
  if (!fields.ok) return fields;
  const { budget, weights, maxWidth } = fields.value;
  const limits = checkBudget(budget, 'options.budget');
  if (!limits.ok) return limits;
  const used = weights === undefined ? ok(undefined) : checkWeights(weights, 'options.weights');
  if (!used.ok) return used;
  const widest =
    maxWidth === undefined
      ? ok(undefined)
      : checkWholeNumber('invalid-option', 'options.maxWidth', maxWidth, [1, MAX_BEAM_WIDTH]);
  if (!widest.ok) return widest;
  const checked: SolveOptions = {
    budget: limits.value,
    ...(used.value === undefined ? {} : { weights: used.value }),
    ...(widest.value === undefined ? {} : { maxWidth: widest.value }),
  };
  return ok({ instance: valid.value, options: checked });
}

/** `solve` with the search's own switches set (see {@link SearchSwitches}); its arguments are not checked. */
export function solveWith(
  instance: Instance,
  options: SolveOptions,
  switches: SearchSwitches,
): Result<Solution, SolveError> {
  const recheck = switches.recheck !== false;
  const clock = switches.clock ?? (() => performance.now());
  // The caller's budget as given: the search stops there. The one it plans with keeps time back.
  const limit = new Budget(options.budget, clock);
  const budget = new Budget(options.budget, clock);
  budget.reserve(RETURN_RESERVE_MS + (recheck ? recheckReserveMs(instance) : 0));
  const beam = new ColumnsBeam(instance, options.weights ?? DEFAULT_WEIGHTS, switches.inheritedPotential, {
    share: switches.diversity?.share ?? PARENT_SHARE,
    pool: switches.diversity?.pool ?? DIVERSITY_POOL,
  });
  const pace = new RecentPace(PACE_WINDOW, clock());
  const maxWidth = Math.min(options.maxWidth ?? DEFAULT_MAX_WIDTH, beam.widestInMemory);
  const k = instance.pieces.length;
  const retreat = switches.retreat === false ? undefined : new Retreat();
  // The best line of a beam that died, in case its replay ends worse.
  let died: { placements: Placement[]; score: number } | undefined;
  for (let i = 0; i < k; i++) {
    limit.nodes = budget.nodes;
    if (limit.exhausted()) break;
    retreat?.pass(i, beam);
    const count = beam.expand(i, budget, retreat?.storesNothing(i));
    if (count === 0) {
      // Every placement overflows: go back to a saved beam and replay from there storing
      // nothing, or, when that was already tried here, the game ends at column i + 1.
      const line = beam.bestLine();
      if (died === undefined || line.score > died.score) died = line;
      // On a clock, a replay must fit in what is left at the narrowest beam (a late death near
      // the end would otherwise overrun it).
      const fits = (column: number) =>
        budget.timeLeftMs() / (k - column) >= TIME_FLOOR_WIDTH * beam.nodesPerState(i, false) * pace.timePerUnitMs();
      const back = retreat?.goBack(i, beam, fits) ?? -1;
      if (back < 0) break;
      i = back - 1;
      continue;
    }
    pace.record(clock(), budget.nodes);
    const share = columnShare(budget, k - i, pace.timePerUnitMs());
    // Chain potential is worth more than width, down to a beam of POTENTIAL_FLOOR_WIDTH fields:
    // below that (long games on a short clock), the width gets the whole budget.
    const nodes = Math.min(share.byNodes, share.byTime);
    const withPotential = beam.measuresPotential && nodes >= POTENTIAL_FLOOR_WIDTH * beam.nodesPerState(i, true);
    const width = nextWidth(share, beam.nodesPerState(i, withPotential), maxWidth);
    if (withPotential) beam.addChainPotential(i, count, beam.potentialMeasures(i, width, nodes), budget);
    beam.advance(i, count, width);
  }
  const last = beam.bestLine();
  const { placements, score } = died !== undefined && died.score > last.score ? died : last;
  if (!recheck) return ok({ score, moves: placements, nodes: budget.nodes });
  return rechecked(instance, placements, score, budget.nodes);
}

/**
 * The answer as the engine scores it: the placements must earn exactly the points the search
 * counted; the default placements after them (a search its budget stopped early, or one that died,
 * whose next column overflows at once) may add more, which the engine's score includes.
 */
function rechecked(
  instance: Instance,
  placements: readonly Placement[],
  score: number,
  nodes: number,
): Result<Solution, SolveError> {
  const check = judgePlacements(instance, placements);
  const own = check.valid ? check.pointsPerColumn.slice(0, placements.length).reduce((a, b) => a + b, 0) : -1;
  if (own !== score) {
    return err({
      code: 'engine-mismatch',
      message: `the engine scores the solver's placements ${own}, the solver ${score}`,
    });
  }
  return ok({ score: check.score, moves: placements, nodes });
}

/**
 * The share of its parent's weighted chain potential a child is ranked with when the probe's
 * places are handed out (1: as if it kept the whole). A field one jewel from a long chain mostly
 * keeps it when the next column lands elsewhere; ranked by the evaluation alone, the few places
 * (a handful a kept field) went to children chosen by the other features, and the beam lost the
 * fields it had kept for their chains. Once measured, a child's value holds its own potential
 * only. The whole share beat a half, and more than the whole did no better
 * (docs/columns-search-log.md, "Figures and history once kept in code comments").
 */
export const INHERITED_POTENTIAL = 1;

/**
 * The share of the next level's places one kept field's children may take while other fields'
 * children are left, rounded up: one child a field on the narrow beams of long games. Ranked by
 * value alone, a narrow beam filled up with one field's siblings and lost the lines the other
 * fields carried; one a field beat two and no cap, and on the wide beams of short games the cap
 * grows so the best line is not cut (docs/columns-search-log.md, "Children a kept field may pass on").
 */
export const PARENT_SHARE = 0.01;

/**
 * How far down the distinct children, in multiples of the width, a field's best child still
 * takes a place before another field's second child: further down, a field's line is let go.
 */
export const DIVERSITY_POOL = 4;

/**
 * The cells a column's children may hold in all (a byte each, and a byte of marks), about
 * 128 MB: wide enough for the default width on the statement's fields, 19 fields on the
 * largest the engine takes.
 */
const MAX_CHILD_CELLS = 2 ** 26;

/** Milliseconds a time budget keeps back for returning the answer. */
const RETURN_RESERVE_MS = 30;

/**
 * Milliseconds a time budget keeps back for the engine's re-check of the answer: 40 microseconds
 * a column per 228 cells of the field. It runs once, so cold (its code not yet optimized by the
 * JIT), and its time grows with the columns and the cells (the cold re-check's cost is in the
 * search log).
 */
function recheckReserveMs(instance: Instance): number {
  return (0.04 * instance.pieces.length * (instance.width * instance.height)) / 228;
}

/**
 * Columns over which the time a child costs is measured: recent enough that a slow start (the JIT
 * warming up) does not keep the beam narrow for the rest of the game, where a beam of one or two
 * fields dies early on hard instances.
 */
const PACE_WINDOW = 64;

/**
 * The narrowest beam a time budget allows, even when the clock says the time is spent: one field
 * alone dies within a few hundred columns on hard instances, and four fields for the last
 * columns cost a few tens of milliseconds, well inside the contest's 4 s.
 */
const TIME_FLOOR_WIDTH = 4;

/**
 * The narrowest beam the chain potential is paid for: below it (long games on a short clock), the
 * width gets the whole budget. Since children are ranked with their parents' potential
 * ({@link INHERITED_POTENTIAL}), the potential pays on narrow beams too (the search log).
 */
const POTENTIAL_FLOOR_WIDTH = 2;

/** The nodes one column may spend: its even share of the node budget and of the clock left (Infinity when unset). */
interface ColumnShare {
  readonly byNodes: number;
  readonly byTime: number;
}

/** The next column's share of the budget left, converting time to nodes at `timePerNodeMs`. */
function columnShare(budget: Budget, columnsLeft: number, timePerNodeMs: number): ColumnShare {
  return {
    byNodes: budget.nodesLeft() / columnsLeft,
    byTime: budget.timeLeftMs() / (columnsLeft * Math.max(timePerNodeMs, 1e-6)),
  };
}

/** The width for the next column from its share: kept fields cost about `perState` nodes each. */
function nextWidth(share: ColumnShare, perState: number, maxWidth: number): number {
  const byNodes = share.byNodes / perState;
  const byTime = share.byTime / perState;
  // A node budget is exact (reproducible runs); only the time-based width has a floor.
  return Math.max(1, Math.min(maxWidth, Math.floor(byNodes), Math.max(TIME_FLOOR_WIDTH, Math.floor(byTime))));
}

/** Distinct placements of a piece: a magic or one-color column looks the same at every shift. */
const shiftsToTry = (piece: Piece): number =>
  piece.magic || (piece.jewels[0] === piece.jewels[1] && piece.jewels[1] === piece.jewels[2]) ? 1 : 3;

/**
 * One beam over an instance's columns: {@link expand} values every placement of column i on
 * every kept field, {@link advance} keeps the best distinct children as the next level.
 */
class ColumnsBeam {
  private readonly evaluator: Evaluator;
  private readonly zobrist: Zobrist;
  private readonly quiet: QuietDrops;
  private readonly probe: ChainProbe;
  private readonly potentialWeight: number;
  private readonly potentialFactor: number;
  /** Points of value per point of a parent's potential while the probe's places are handed out. */
  private readonly inheritedWeight: number;
  /** Nodes spent measuring chain potentials so far, and how many candidates they measured. */
  private probeNodes = 0;
  private measures = 0;
  private current: Kernel[];
  private spare: Kernel[] = [];
  /**
   * The field of each candidate of the column last expanded that was played on a kernel (a
   * matching drop, a magic column, a measured child), so that measuring or keeping it does not
   * play it again; undefined for the others.
   */
  private played: (Kernel | undefined)[] = [];
  private readonly trace = new BeamTrace();
  private value = new Float64Array(1024);
  private parent = new Int32Array(1024);
  private code = new Int32Array(1024);
  private hash = new Float64Array(1024);
  /** Each candidate's measured chain potential (0 when not measured), valid while {@link measured}. */
  private potential = new Float64Array(1024);
  /** Whether the candidates of the column last expanded had their potentials measured. */
  private measured = false;
  /** The chain potential each kept field was measured with (0 when not measured). */
  private keptPotential = new Float64Array(1);
  /** magicAfter[i]: a magic column comes after column i. */
  private readonly magicAfter: Uint8Array;
  /**
   * The widest beam whose children fit in {@link MAX_CHILD_CELLS}: each child played out holds a
   * field of its own until the next level is chosen, so a wide beam on a big field would need
   * gigabytes.
   */
  readonly widestInMemory: number;

  constructor(
    private readonly instance: Instance,
    weights: Weights,
    inheritedPotential = INHERITED_POTENTIAL,
    private readonly diversity: Diversity = { share: PARENT_SHARE, pool: DIVERSITY_POOL },
  ) {
    const { width: w, height: h, pieces } = instance;
    const colors = instanceColors(instance);
    // Every weight from the color-adjusted set, the chain potential's too (a color band may set any).
    const used = weightsForColors(weights, colors.length);
    this.evaluator = new Evaluator(used, colors);
    this.zobrist = new Zobrist(w, h);
    this.quiet = new QuietDrops(this.evaluator, this.zobrist);
    this.current = [new Kernel(w, h)];
    this.probe = new ChainProbe(w, h, colors);
    this.potentialWeight = used.chainPotential;
    this.potentialFactor = used.potentialFactor;
    this.inheritedWeight = inheritedPotential * used.chainPotential;
    const childCells = 3 * w * this.current[0].cells.length;
    this.widestInMemory = Math.max(1, Math.floor(MAX_CHILD_CELLS / childCells));
    this.magicAfter = new Uint8Array(pieces.length + 1);
    for (let i = pieces.length - 1; i >= 0; i--)
      this.magicAfter[i] = this.magicAfter[i + 1] || (pieces[i].magic ? 1 : 0);
  }

  /** Children of one kept field for column i. */
  private childrenPerState(i: number): number {
    return this.instance.width * shiftsToTry(this.instance.pieces[i]);
  }

  /** Whether the weights use chain potential at all. */
  get measuresPotential(): boolean {
    return this.potentialWeight !== 0;
  }

  /** Nodes one kept field costs at column i: its children, and (with the potential) `potentialFactor` measures. */
  nodesPerState(i: number, withPotential: boolean): number {
    return this.childrenPerState(i) + (withPotential ? this.potentialFactor * this.nodesPerMeasure() : 0);
  }

  /** Nodes one chain-potential measure costs: the average so far, or a guess of one drop per stack and 3 colors. */
  private nodesPerMeasure(): number {
    return this.measures > 0 ? this.probeNodes / this.measures : 1 + 3 * this.instance.width;
  }

  /**
   * How many candidates of column i get their chain potential measured: `potentialFactor` per
   * kept field, as far as `share` (nodes this column may spend) goes after the fields' children.
   */
  potentialMeasures(i: number, width: number, share: number): number {
    const wanted = Math.ceil(this.potentialFactor * width);
    const affordable = Math.floor((share - width * this.childrenPerState(i)) / this.nodesPerMeasure());
    return Math.max(0, Math.min(wanted, affordable));
  }

  /**
   * Adds the weighted chain potential to the values of the best `measured` of the `count`
   * candidates (by the evaluation plus a share of the parent's potential, see
   * {@link INHERITED_POTENTIAL}); the others can then only fill places that duplicates leave
   * empty. Each measured candidate is played on a scratch field first.
   */
  addChainPotential(i: number, count: number, measured: number, budget: Budget): void {
    if (measured === 0) return;
    this.measured = true;
    const { value, parent, code, played, probe, potential, keptPotential, inheritedWeight } = this;
    const piece = this.instance.pieces[i];
    for (let c = 0; c < count; c++) value[c] += inheritedWeight * keptPotential[parent[c]];
    // The candidates at or above the measured-th best value (ties may add a few).
    const cutoff = measured >= count ? Number.NEGATIVE_INFINITY : kthSmallest(value, count, count - measured);
    const dropsBefore = probe.drops;
    let measuredCount = 0;
    for (let c = 0; c < count; c++) {
      if (value[c] < cutoff) {
        value[c] = Number.NEGATIVE_INFINITY;
        potential[c] = 0;
        continue;
      }
      let child = played[c];
      if (child === undefined) {
        child = this.takeKernel();
        child.copyFrom(this.current[parent[c]]);
        child.play(piece, Math.floor(code[c] / 3), code[c] % 3);
        played[c] = child;
      }
      measuredCount++;
      potential[c] = probe.measure(child);
      // A measured child is worth its own potential, not its parent's.
      value[c] += this.potentialWeight * potential[c] - inheritedWeight * keptPotential[parent[c]];
    }
    const spent = measuredCount + probe.drops - dropsBefore;
    budget.nodes += spent;
    this.probeNodes += spent;
    this.measures += measuredCount;
  }

  /** The kept fields and the trace's depth before column `i`, to come back to (see {@link Retreat}). */
  save(i: number): SavedBeam {
    return {
      column: i,
      fields: this.current.map((field) => field.clone()),
      potentials: this.keptPotential.slice(),
      depth: this.trace.depth,
    };
  }

  /** Goes back to a saved beam (which stays usable for another return). */
  restore(saved: SavedBeam): void {
    for (const k of this.current) this.spare.push(k);
    this.current = saved.fields.map((field) => field.clone());
    this.keptPotential = saved.potentials.slice();
    this.trace.truncate(saved.depth);
  }

  /**
   * Values every placement of column `i` on every kept field; returns how many are legal. With
   * `storeNothing`, jewels stored for a coming magic column are worth nothing (a retreat's replay).
   */
  expand(i: number, budget: Budget, storeNothing = false): number {
    const { evaluator, zobrist, quiet, current, played } = this;
    const w = this.instance.width;
    const piece = this.instance.pieces[i];
    const shifts = shiftsToTry(piece);
    const ahead = !storeNothing && this.magicAfter[i + 1] === 1;
    this.measured = false;
    let count = 0;
    for (let p = 0; p < current.length; p++) {
      if (!piece.magic) quiet.setParent(current[p]);
      for (let x = 0; x < w; x++) {
        for (let s = 0; s < shifts; s++) {
          budget.nodes++;
          // A quiet drop is valued from the parent's summary; anything else is played out.
          let v = piece.magic
            ? Number.NaN
            : quiet.value(x, piece.jewels[s], piece.jewels[(s + 1) % 3], piece.jewels[(s + 2) % 3], ahead);
          let h = quiet.hash;
          let child: Kernel | undefined;
          if (Number.isNaN(v)) {
            child = this.takeKernel();
            child.copyFrom(current[p]);
            if (child.play(piece, x, s) < 0) {
              this.spare.push(child);
              continue;
            }
            v = evaluator.value(child, ahead);
            h = zobrist.hash(child);
          }
          played[count] = child;
          if (count === this.value.length) this.growCandidates();
          this.value[count] = v;
          this.parent[count] = p;
          this.code[count] = x * 3 + s;
          this.hash[count] = h;
          count++;
        }
      }
    }
    return count;
  }

  /** Keeps the best `width` distinct of the `count` candidates of column `i` as the next level, few from any one parent. */
  advance(i: number, count: number, width: number): void {
    const piece = this.instance.pieces[i];
    const { share, pool } = this.diversity;
    const rule = { width, pool, cap: Math.max(1, Math.ceil(share * width)) };
    const chosen = selectDiverse(this.value, this.hash, this.parent, this.current.length, count, rule);
    const keptParent = Int32Array.from(chosen, (c) => this.parent[c]);
    const keptCode = Int32Array.from(chosen, (c) => this.code[c]);
    // An unmeasured column leaves an earlier one's potentials behind: its fields carry none.
    this.keptPotential = this.measured
      ? Float64Array.from(chosen, (c) => this.potential[c])
      : new Float64Array(chosen.length);
    const next: Kernel[] = [];
    for (let n = 0; n < chosen.length; n++) {
      let kernel = this.played[chosen[n]];
      if (kernel === undefined) {
        kernel = this.takeKernel();
        kernel.copyFrom(this.current[keptParent[n]]);
        kernel.play(piece, Math.floor(keptCode[n] / 3), keptCode[n] % 3);
      } else this.played[chosen[n]] = undefined;
      next.push(kernel);
    }
    this.trace.push(keptParent, keptCode);
    for (const k of this.current) this.spare.push(k);
    this.recyclePlayed(count);
    this.current = next;
  }

  /** The best final field's placements (read back through the levels) and score. */
  bestLine(): { placements: Placement[]; score: number } {
    const { current } = this;
    let best = 0;
    for (let n = 1; n < current.length; n++) if (current[n].score > current[best].score) best = n;
    const placements = this.trace.line(best).map((c) => ({ position: Math.floor(c / 3) + 1, shifts: c % 3 }));
    return { placements, score: current[best]?.score ?? 0 };
  }

  /** A kernel from the spares, or a new one. */
  private takeKernel(): Kernel {
    return this.spare.pop() ?? new Kernel(this.instance.width, this.instance.height);
  }

  /** Gives the played fields of the first `count` candidates back to the spares. */
  private recyclePlayed(count: number): void {
    const { played } = this;
    for (let c = 0; c < count; c++) {
      const k = played[c];
      if (k !== undefined) {
        this.spare.push(k);
        played[c] = undefined;
      }
    }
  }

  private growCandidates(): void {
    this.value = grow(this.value);
    this.parent = grow(this.parent);
    this.code = grow(this.code);
    this.hash = grow(this.hash);
    this.potential = grow(this.potential);
  }
}
