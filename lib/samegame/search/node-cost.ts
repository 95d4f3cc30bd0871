/**
 * What one unit of a node budget buys, per kind of work, so that `--nodes` tracks wall time
 * across settings (the tuner compares settings at equal nodes, and must not favor slow ones).
 * The costs follow a least-squares fit of solve time on the counts of each kind of work, and are
 * the ones that spread nodes a second across `rolloutFactor` settings least; a change that makes
 * one kind of work cheaper calls for a new fit (the fits are in docs/samegame-search-log.md,
 * "Figures and history once kept in code comments").
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
