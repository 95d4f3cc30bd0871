/**
 * Two sides (weight sets, programs) scored on the same items (instances, boards), summed up as
 * the paired difference B - A with its standard error: what the `compare` commands of both games
 * and `columns bench --against` report.
 */
import { pairedDifference } from './statistics.js';

/** One item's scores under the two weight sets. */
export interface ComparedInstance {
  readonly a: number;
  readonly b: number;
}

/** The summary of a comparison: totals, B against A in percent, the paired difference and how often B scored more. */
export interface ComparisonSummary {
  readonly totalA: number;
  readonly totalB: number;
  /** 100 * (totalB / totalA - 1); 0 when A scored nothing. */
  readonly percent: number;
  /** Mean of b - a over the items, with its standard error. */
  readonly meanDifference: number;
  readonly standardError: number;
  readonly bBetter: number;
  readonly aBetter: number;
  readonly n: number;
}

/** A whole comparison: each item's scores, in item order, and their summary. */
export interface Comparison {
  readonly rows: readonly ComparedInstance[];
  readonly summary: ComparisonSummary;
}

/**
 * Whether side B of item `index` (from 0) runs before side A when the two run one after the
 * other: on every other item, so that neither always meets a warmer JIT or a calmer host.
 */
export const bRunsFirst = (index: number): boolean => index % 2 === 1;

/** Sums up the scores of a comparison. */
export function summarizeComparison(rows: readonly ComparedInstance[]): ComparisonSummary {
  const totalA = rows.reduce((s, r) => s + r.a, 0);
  const totalB = rows.reduce((s, r) => s + r.b, 0);
  const difference = pairedDifference(
    rows.map((r) => r.b),
    rows.map((r) => r.a),
  );
  return {
    totalA,
    totalB,
    percent: totalA > 0 ? 100 * (totalB / totalA - 1) : 0,
    meanDifference: difference.mean,
    standardError: difference.standardError,
    bBetter: rows.filter((r) => r.b > r.a).length,
    aBetter: rows.filter((r) => r.a > r.b).length,
    n: rows.length,
  };
}
