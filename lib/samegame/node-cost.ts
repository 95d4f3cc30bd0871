/**
 * What one unit of a node budget buys, per kind of work, so that `--nodes` tracks wall time
 * across settings (the tuner compares settings at equal nodes, and must not favour slow ones).
 * Measured on standard boards (2026-11-21, a least-squares fit over twelve settings of
 * `rolloutFactor` and `rolloutTabuMin`): a child's expansion (copy, move, survey of every
 * region, hash) takes about 4.0 µs, a rollout move about 0.8 µs with its flood fills. Counting
 * a child as one node, like a rollout move, made nodes per second vary 2.5-fold across those
 * settings; counting it as five, 1.9-fold.
 */
export const NODE_COST = {
  /** A child position built and evaluated (beam levels and greedy steps). */
  child: 5,
  /** One move of a random playout (rollouts and the greedy line's finishing playout). */
  playoutMove: 1,
} as const;
