/**
 * The Columns weights: one per evaluation feature (`evaluation.ts`), with the range the genetic
 * tuner searches and the shipped defaults. Weights files are JSON objects of these names.
 */
import { parseNamedWeights, type WeightsError } from '../core/named-weights.js';
import type { Result } from '../core/result.js';

/** The Columns evaluation features, each with one weight, in weight-vector order. */
export const WEIGHT_NAMES = [
  'jewels',
  'magicTarget',
  'dominantColor',
  'maxHeight',
  'danger',
  'bumpiness',
  'pairs',
  'chainPotential',
  'potentialFactor',
] as const;

/** The name of one Columns feature. */
export type WeightName = (typeof WEIGHT_NAMES)[number];

/** One weight per Columns feature. */
export type Weights = Readonly<Record<WeightName, number>>;

/** What each Columns feature measures. */
export const WEIGHT_DOCS: Readonly<Record<WeightName, string>> = {
  jewels: 'jewels on the field (stored for a magic column), while a magic column is still to come',
  magicTarget:
    'jewels of the largest colour showing on some stack top (what a magic column could clear now), while magic is to come',
  dominantColor: 'jewels of the most frequent colour on the field, while magic is to come',
  maxHeight: 'height of the tallest stack',
  danger: 'sum over stacks of (height - (h - 6))^2 where positive: how close the field is to overflowing',
  bumpiness: 'sum of height differences between neighbouring stacks',
  pairs: 'neighbouring equal jewels in any of the four directions (material for matches and chains)',
  chainPotential:
    'points per point of chain potential: the most one more jewel dropped on a stack would set off (see potentialFactor)',
  potentialFactor:
    'children per kept beam slot whose chain potential is measured (the best by the other features); the rest are dropped',
};

/** The range the tuner searches for each Columns weight. */
export const WEIGHT_BOUNDS: Readonly<Record<WeightName, readonly [number, number]>> = {
  jewels: [0, 60],
  magicTarget: [0, 60],
  dominantColor: [0, 60],
  maxHeight: [-200, 0],
  danger: [-2000, 0],
  bumpiness: [-60, 10],
  pairs: [-20, 40],
  chainPotential: [0, 2],
  potentialFactor: [1, 8],
};

/**
 * The solver's default Columns weights: the genetic tuner's second round (datasets/columns/tuning/
 * tuned-long.json, README), on long games (k = 3000) at the bench's nodes per column. It beat the
 * first round's weights (tuned on k = 1000, which beat the hand-set start by 71 %) by 5.6 % on
 * held-out long instances. `chainPotential` and `potentialFactor` came after 0.4.0 and were
 * chosen by hand on the validation sets; a third tuning round with them (README, "Columns tuning")
 * did not beat these values. `danger` was -26.14 until the retreats (`retreat.ts`) made an
 * overflow cost a replay instead of the game: -15 then scored +2.0 % on `validate-long.txt`,
 * +1.4 % on `validate.txt`, +1.8 % on 3-colour games and +4.6 % on long 7-8-colour games at
 * the node budgets of the contest clock (README); -10 and -5 did better on the first three but
 * died more on the last, 0 died on the validation set too. `dominantColor` was 7.43: 0 scored
 * +4.2 % on 3-colour games (where the bench's ratio is decided; +3.6 % in an earlier measurement)
 * and -1.1 % to +0.6 % (within the noise) on the other four sets (README).
 */
export const DEFAULT_WEIGHTS: Weights = {
  jewels: 31.39776231679443,
  magicTarget: 17.36294178062144,
  dominantColor: 0,
  maxHeight: -13.31211432292509,
  danger: -15,
  bumpiness: 1.055246702466373,
  pairs: 21.89820890824369,
  chainPotential: 0.5,
  potentialFactor: 3,
};

/** Validates parsed JSON (a plain object or a tuner output) as {@link Weights}, naming the first bad field. */
export function parseWeights(json: unknown): Result<Weights, WeightsError> {
  return parseNamedWeights(json, WEIGHT_NAMES);
}
