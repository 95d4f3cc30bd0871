/**
 * The one source of randomness in tilefall: a seeded xoroshiro128+ generator from pure-rand.
 * Same seed, same sequence; its state can be saved and restored (checkpoints).
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

const TWO_32 = 0x100000000;

/** A seeded random stream; every random choice in tilefall draws from one. */
export interface Random {
  /** An integer in [0, n), n >= 1. Fast: a 32-bit draw scaled, bias below 2^-32 * n. */
  below(n: number): number;
  /** A float in [0, 1). */
  float(): number;
  /** An exactly uniform integer in [min, max]. */
  uniform(min: number, max: number): number;
  /** The generator's state, for {@link randomFromState}. */
  state(): readonly number[];
}

function wrap(rng: ReturnType<typeof xoroshiro128plus>): Random {
  return {
    below: (n) => Math.floor(((rng.next() >>> 0) / TWO_32) * n),
    float: () => (rng.next() >>> 0) / TWO_32,
    uniform: (min, max) => uniformInt(rng, min, max),
    state: () => rng.getState(),
  };
}

/**
 * Mixes a seed (the murmur3 finalizer) so that nearby seeds start far apart: xoroshiro's first
 * draws for seeds 1, 2, 3... are otherwise correlated (consecutive seeds gave instance sizes
 * 6, 12, 11, 10, ... in a row).
 */
export function mixSeed(seed: number): number {
  let h = seed | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** A generator seeded with the integer `seed`. */
export function createRandom(seed: number): Random {
  return wrap(xoroshiro128plus(mixSeed(seed)));
}

/** A generator resumed from a saved {@link Random.state}. */
export function randomFromState(state: readonly number[]): Random {
  return wrap(xoroshiro128plusFromState(state));
}
