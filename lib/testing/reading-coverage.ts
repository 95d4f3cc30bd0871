/**
 * Where a reading of an open rule shows in the games: the corners that exercise it (every one of
 * them must be reached for the reading to be covered), every game, or nowhere in the protocol.
 * `vectors` makes sure each reading a protocol can show is in at least one vector and names it.
 */

/** How one reading shows in the games. */
export type ReadingCoverage<C extends string> =
  | { readonly corners: readonly C[] }
  | { readonly every: string }
  | { readonly outside: string };

/** The readings a set of games does not cover yet: those whose corners are not all among `reached`. */
export function uncoveredReadings<C extends string>(
  readings: Readonly<Record<string, ReadingCoverage<C>>>,
  reached: ReadonlySet<string>,
): string[] {
  return Object.entries(readings)
    .filter(([, coverage]) => 'corners' in coverage && !coverage.corners.every((corner) => reached.has(corner)))
    .map(([name]) => name);
}
