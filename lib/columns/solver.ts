/**
 * The Columns solver: beam search over the known sequence of columns. Every kept field is
 * expanded by each placement (position x shift, 36 at most), children are ranked by points plus
 * the weighted evaluation, and the best `width` distinct fields go on. The width adapts to the
 * budget left per column (nodes for reproducible runs, wall time for real use), so a 10^4-column
 * test fits in its time. Most children are quiet drops (no match), valued from their parent's
 * summary without a copy of the field (`quiet-drop.ts`). The answer is replayed by the immutable
 * engine before it is returned.
 */
import { Budget, type BudgetSpec } from '../core/budget.js';
import { err, ok, type Result } from '../core/result.js';
import { selectDistinctBest } from '../core/select-distinct.js';
import { ColumnsEvaluator, type ColumnsWeights, DEFAULT_COLUMNS_WEIGHTS } from './evaluation.js';
import { playGame } from './game.js';
import type { Instance } from './instance.js';
import { ColumnsKernel } from './kernel.js';
import type { Placement } from './output.js';
import { QuietDrops } from './quiet-drop.js';
import { ColumnsZobrist } from './zobrist.js';

/** Budget, weights and the widest beam allowed. */
export interface ColumnsSolveOptions {
  readonly budget: BudgetSpec;
  readonly weights?: ColumnsWeights;
  /** Widest beam allowed. */
  readonly maxWidth?: number;
}

/** The placements found and their score. */
export interface ColumnsSolution {
  readonly score: number;
  readonly placements: readonly Placement[];
  /** Children evaluated (the unit of node budgets). */
  readonly nodes: number;
}

/** A solver answer the engine disagrees with (never expected; reported rather than printed). */
export type ColumnsSolveError = { readonly code: 'engine-mismatch'; readonly message: string };

/** Solves an instance within the budget; the placements are re-scored by the engine. */
export function solveColumns(
  instance: Instance,
  options: ColumnsSolveOptions,
): Result<ColumnsSolution, ColumnsSolveError> {
  const evaluator = new ColumnsEvaluator(options.weights ?? DEFAULT_COLUMNS_WEIGHTS);
  const zobrist = new ColumnsZobrist(instance.width, instance.height);
  const quiet = new QuietDrops(evaluator, zobrist);
  const maxWidth = options.maxWidth ?? 4096;
  const { width: w, height: h, pieces } = instance;
  const k = pieces.length;
  // A time budget covers the engine's re-check at the end too (measured: about 20 microseconds
  // per column on a 12 x 19 field), so the search leaves that much, plus a margin.
  const reserveMs = 30 + (0.025 * k * (w * h)) / 228;
  const budget = new Budget(
    options.budget.timeMs === undefined
      ? options.budget
      : { ...options.budget, timeMs: Math.max(1, options.budget.timeMs - reserveMs) },
  );

  // magicAfter[i]: a magic column comes after column i.
  const magicAfter = new Uint8Array(k + 1);
  for (let i = k - 1; i >= 0; i--) magicAfter[i] = magicAfter[i + 1] || (pieces[i].magic ? 1 : 0);

  let current: ColumnsKernel[] = [new ColumnsKernel(w, h)];
  let spare: ColumnsKernel[] = [];
  const child = new ColumnsKernel(w, h);
  const parents: Int32Array[] = [];
  const codes: Int32Array[] = [];
  let value = new Float64Array(1024);
  let parent = new Int32Array(1024);
  let code = new Int32Array(1024);
  let hash = new Float64Array(1024);
  let beamWidth = 1;
  const started = performance.now();

  for (let i = 0; i < k; i++) {
    const piece = pieces[i];
    const shiftsToTry = piece.magic
      ? 1
      : piece.jewels[0] === piece.jewels[1] && piece.jewels[1] === piece.jewels[2]
        ? 1
        : 3;
    const ahead = magicAfter[i + 1] === 1;
    let count = 0;
    for (let p = 0; p < current.length; p++) {
      if (!piece.magic) quiet.setParent(current[p]);
      for (let x = 0; x < w; x++) {
        for (let s = 0; s < shiftsToTry; s++) {
          budget.nodes++;
          // A quiet drop is valued from the parent's summary; anything else is played out.
          let v = piece.magic
            ? NaN
            : quiet.value(x, piece.jewels[s], piece.jewels[(s + 1) % 3], piece.jewels[(s + 2) % 3], ahead);
          let h = quiet.hash;
          if (Number.isNaN(v)) {
            child.copyFrom(current[p]);
            if (child.play(piece, x, s) < 0) continue;
            v = evaluator.value(child, ahead);
            h = zobrist.hash(child);
          }
          if (count === value.length) {
            value = grow(value);
            parent = grow(parent);
            code = grow(code);
            hash = grow(hash);
          }
          value[count] = v;
          parent[count] = p;
          code[count] = x * 3 + s;
          hash[count] = h;
          count++;
        }
      }
    }
    if (count === 0) break; // every placement overflows: the game ends at column i + 1

    // Width for the next column from what is left: children cost about the same each.
    const perState = w * shiftsToTry;
    const columnsLeft = k - i;
    const byNodes = budget.nodesLeft() / (columnsLeft * perState);
    const msPerChild = (performance.now() - started) / Math.max(1, budget.nodes);
    const byTime = budget.msLeft() / (columnsLeft * perState * Math.max(msPerChild, 1e-6));
    beamWidth = Math.max(1, Math.min(maxWidth, Math.floor(Math.min(byNodes, byTime))));

    const chosen = selectDistinctBest(value, hash, count, beamWidth);
    const kept = chosen.length;
    const keptParent = Int32Array.from(chosen, (c) => parent[c]);
    const keptCode = Int32Array.from(chosen, (c) => code[c]);
    const next: ColumnsKernel[] = [];
    for (let n = 0; n < kept; n++) {
      const kernel = spare.pop() ?? new ColumnsKernel(w, h);
      kernel.copyFrom(current[keptParent[n]]);
      kernel.play(piece, Math.floor(keptCode[n] / 3), keptCode[n] % 3);
      next.push(kernel);
    }
    parents.push(keptParent.subarray(0, kept));
    codes.push(keptCode.subarray(0, kept));
    spare = spare.concat(current);
    current = next;
  }

  // The best final field by score; its line back through the levels.
  let bestIndex = 0;
  for (let n = 1; n < current.length; n++) if (current[n].score > current[bestIndex].score) bestIndex = n;
  const placements: Placement[] = [];
  for (let level = parents.length - 1, index = bestIndex; level >= 0; level--) {
    const c = codes[level][index];
    placements.push({ position: Math.floor(c / 3) + 1, shifts: c % 3 });
    index = parents[level][index];
  }
  placements.reverse();
  const claimed = current[bestIndex]?.score ?? 0;
  const check = playGame(instance, placements);
  // When the search ended early (every placement overflowed), the engine plays the defaults
  // after the placements and the game ends at once: the score is what the placements earned.
  if (check.score !== claimed)
    return err({
      code: 'engine-mismatch',
      message: `the engine scores the solver's output ${check.score}, the solver ${claimed}`,
    });
  return ok({ score: check.score, placements, nodes: budget.nodes });
}

function grow<T extends Float64Array | Int32Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
