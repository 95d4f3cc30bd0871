/**
 * What one unit of a node budget buys, per kind of work, so that `--nodes` tracks wall time
 * across settings (the tuner compares settings at equal nodes, and must not favour slow ones).
 *
 * Refitted 2026-11-26 after the cheaper child survey and the rollout contests (a least-squares
 * fit of solve time on the counts of each kind of work, 84 solves of validation boards of the
 * random and equal kinds at 2,000,000 and 8,000,000 nodes, `rolloutFactor` 1 to 16): a child
 * (copy, move, survey of the columns it changed, hash) takes about 3.1 µs, a plain rollout move
 * 0.85 µs, a contest move (three candidates drawn and their fall contacts counted) 1.6 to 2.2 µs.
 * Nodes per second, across `rolloutFactor` settings on one board, varied by 1.16 to 1.23 x on
 * average with these costs, against 1.30 to 1.42 x with the costs of the first fit (2026-11-21:
 * child 5, every rollout move 1), when a child cost 4.0 µs. Checked again 2026-11-27 after the
 * bitmask rollouts (mask-playout.ts) made rollout moves cheaper: these costs still spread nodes a
 * second across `rolloutFactor` 1 to 16 least (1.26 x, against 1.30 to 1.41 for 5 or 6 a child;
 * docs/samegame-search-log.md).
 */
export const NODE_COST = {
  /** A child position built and evaluated (beam levels and greedy steps). */
  child: 4,
  /** One move of a random playout (rollouts and the greedy line's finishing playout). */
  playoutMove: 1,
  /** One of a rollout's contest moves (`rollout-contest.ts`): the best of a few drawn regions. */
  contestMove: 2,
} as const;

/** The nodes a rollout of `length` moves costs when its first `contestMoves` moves are contests. */
export function rolloutNodes(length: number, contestMoves: number): number {
  const contests = Math.min(length, contestMoves);
  return NODE_COST.contestMove * contests + NODE_COST.playoutMove * (length - contests);
}
