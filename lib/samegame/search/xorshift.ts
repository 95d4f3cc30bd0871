/**
 * The xorshift32 generator of the playouts' draws: a playout seeds it with one draw of its
 * `Random` and then steps it with {@link xorshift} (a few integer operations the compiler
 * inlines), so the hot loop needs no call into the generator library and the game still depends
 * only on the seed.
 */
import type { Random } from '../../core/random.js';

/** A nonzero xorshift32 state drawn from `random` (a zero state would stay zero). */
export function xorshiftSeed(random: Random): number {
  return (random.below(0x7fffffff) + 1) | 0;
}

/** The xorshift32 state after `s` (nonzero in, nonzero out; a 32-bit signed integer). */
export function xorshift(s: number): number {
  let next = s ^ (s << 13);
  next ^= next >>> 17;
  return next ^ (next << 5);
}
