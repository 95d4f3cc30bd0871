/**
 * Which game a failure of the whole run belongs to. Played all at once, a failure shows where the
 * engine's answers stop matching, which is not always the game that caused it: the extra lines of
 * one game, or a crash on a game that asks for no answer, show on the next game; a crash or a
 * stall of an engine that buffers its output shows on an earlier one. Played alone, the game that
 * caused it fails again.
 */
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type EngineOptions, type EngineRun, playThroughEngine } from './engine-games.js';

/** A game that fails played alone: its index in the run, and how it fails. */
export interface LocatedFailure {
  readonly index: number;
  readonly run: Extract<EngineRun, { kind: 'disagree' | 'stalled' }>;
}

/**
 * The first of the suspects of a failure seen at game `seen` that fails played alone, or
 * undefined when none does (the engine keeps something from one game to the next).
 */
export async function locateFailure<G, O>(
  protocol: ConformanceProtocol<G, O>,
  games: readonly G[],
  seen: number,
  options: EngineOptions,
): Promise<LocatedFailure | undefined> {
  for (const index of suspects(protocol, games, seen)) {
    const run = await playThroughEngine(protocol, [games[index]], options);
    if (run.kind === 'disagree' || run.kind === 'stalled') return { index, run };
  }
  return undefined;
}

/**
 * The earliest game a failure seen at the start of game `seen`'s answer may come from: the games
 * before it back to one that asks for an answer (its extra lines, or a crash on a game of no move
 * between, show on the next answer).
 */
export function earliestSuspect<G>(
  protocol: ConformanceProtocol<G, unknown>,
  games: readonly G[],
  seen: number,
): number {
  let i = seen - 1;
  while (i > 0 && protocol.expected(games[i]).length === 0) i--;
  return Math.max(0, i);
}

/**
 * The games that may have caused a failure seen at `seen`, most likely first: that game; the games
 * before it back to {@link earliestSuspect}; then the games after it.
 */
export function suspects<G>(protocol: ConformanceProtocol<G, unknown>, games: readonly G[], seen: number): number[] {
  const order = [seen];
  const earliest = earliestSuspect(protocol, games, seen);
  for (let i = seen - 1; i >= earliest; i--) order.push(i);
  for (let i = seen + 1; i < games.length; i++) order.push(i);
  return order;
}
