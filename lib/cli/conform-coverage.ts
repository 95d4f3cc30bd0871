/**
 * What a `conform` run covered: the corners of the rules its games reached, those it missed, and
 * those the user's `--width/--height/--colors` rule out, so that a user knows which rule cases an
 * agreement stands for without tallying `vectors`' index.
 */
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { countOf } from './table-row.js';

/** The corners of a run, each list in the protocol's order. */
export interface CornerCoverage {
  /** The corners the games that agreed reached. */
  readonly reached: readonly string[];
  /** The corners the bounds allow that no game that agreed reached. */
  readonly missed: readonly string[];
  /** The corners no game within the bounds can reach. */
  readonly unreachable: readonly string[];
}

/** The coverage of `agreed`, the games the engine answered as the rules do, within bounds ruling out `unreachable`. */
export function cornerCoverage<G>(
  protocol: ConformanceProtocol<G, unknown>,
  agreed: readonly G[],
  unreachable: readonly string[],
): CornerCoverage {
  const found = new Set(agreed.flatMap((game) => protocol.cornersOf(game)));
  const ruledOut = new Set(unreachable);
  return {
    reached: protocol.corners.filter((corner) => found.has(corner)),
    missed: protocol.corners.filter((corner) => !found.has(corner) && !ruledOut.has(corner)),
    unreachable: protocol.corners.filter((corner) => ruledOut.has(corner) && !found.has(corner)),
  };
}

/**
 * The coverage line: `corners reached: K of M`, then the missed corners and those the bounds rule
 * out. `agreed` is the count of games that agreed when the run failed (their corners are counted).
 */
export function coverageLine(coverage: CornerCoverage, agreed?: number): string {
  const total = coverage.reached.length + coverage.missed.length + coverage.unreachable.length;
  const by = agreed === undefined ? '' : ` by the ${countOf(agreed, 'game')} that agreed`;
  const parts = [`corners reached${by}: ${coverage.reached.length} of ${total}`];
  if (coverage.missed.length > 0) parts.push(`missed: ${coverage.missed.join(', ')}`);
  if (coverage.unreachable.length > 0)
    parts.push(`ruled out by --width/--height/--colors: ${coverage.unreachable.join(', ')}`);
  return parts.join('; ');
}
