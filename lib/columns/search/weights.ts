/**
 * The Columns weights: one per evaluation feature (`evaluation.ts`) and per search knob, with the
 * range the tuner searches and the shipped defaults. Weights files are JSON objects of
 * these names.
 */
import type { ArgumentError } from '../../core/argument-error.js';
import { parseNamedWeights, type WeightsError } from '../../core/named-weights.js';
import { err, type Result } from '../../core/result.js';
import { LIMITS } from '../engine/instance.js';

/** The Columns evaluation features, in weight-vector order. */
export const FEATURE_NAMES = [
  'jewels',
  'magicTarget',
  'dominantColor',
  'maxHeight',
  'danger',
  'bumpiness',
  'pairs',
  'chainPotential',
] as const;

/** The name of one Columns evaluation feature. */
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Search knobs the tuner evolves beside the features: how many children per kept beam slot get
 * their chain potential measured (`potentialFactor`).
 */
export const SEARCH_KNOB_NAMES = ['potentialFactor'] as const;

/** The name of one Columns search knob. */
export type SearchKnobName = (typeof SEARCH_KNOB_NAMES)[number];

/** Every tunable weight: the features, then the search knobs (the order of weight vectors in the tuner). */
export const WEIGHT_NAMES: readonly WeightName[] = [...FEATURE_NAMES, ...SEARCH_KNOB_NAMES];

/** The name of any tunable weight: a feature or a search knob. */
export type WeightName = FeatureName | SearchKnobName;

/** One weight per Columns feature and search knob. */
export type Weights = Readonly<Record<WeightName, number>>;

/** What each Columns feature and search knob measures. */
export const WEIGHT_DOCS: Readonly<Record<WeightName, string>> = {
  jewels: 'jewels on the field (stored for a magic column), while a magic column is still to come',
  magicTarget:
    'jewels of the largest color showing on some stack top (what a magic column could clear now), while magic is to come',
  dominantColor: 'jewels of the most frequent color on the field, while magic is to come',
  maxHeight: 'height of the tallest stack',
  danger: 'sum over stacks of (height - (h - 6))^2 where positive: how close the field is to overflowing',
  bumpiness: 'sum of height differences between neighboring stacks',
  pairs: 'neighboring equal jewels in any of the four directions (material for matches and chains)',
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
 * The solver's default Columns weights: a genetic tuning round's choice, except `maxHeight` and
 * `bumpiness`, kept from an earlier round because the tuner's values made flat, full fields that
 * overflowed on long games with many colors on small fields. They shipped for beating the weights
 * before at the contest clock, not only at the tuner's node budget (the rounds, their output
 * files and the measurements are in docs/columns-search-log.md, "Figures and history once kept in
 * code comments").
 */
export const DEFAULT_WEIGHTS: Weights = {
  jewels: 29.067072486339637,
  magicTarget: 5.158270368922822,
  dominantColor: 32.14036688220335,
  maxHeight: -13.31211432292509,
  danger: -14.752427155617625,
  bumpiness: 1.055246702466373,
  pairs: 26.282021640229914,
  chainPotential: 0.43773910930763116,
  potentialFactor: 4.6858317094018425,
};

/**
 * The `potentialFactor` a search takes: children measured per kept field, from none to every
 * child the widest field has (3 shifts at each of its positions). A negative one would make a
 * kept field cost less than its children and the beam outgrow its budget.
 */
export const POTENTIAL_FACTOR_RANGE: readonly [number, number] = [0, 3 * LIMITS.width[1]];

/**
 * Validates parsed JSON (a plain object or a tuner output) as {@link Weights}, naming the first
 * bad field: every weight a finite number, nothing else, and `potentialFactor` from 0 to 192
 * (children measured per kept field: none to every child of the widest field).
 */
export function parseWeights(json: unknown): Result<Weights, WeightsError> {
  const weights = parseNamedWeights(json, WEIGHT_NAMES);
  if (!weights.ok) return weights;
  const [min, max] = POTENTIAL_FACTOR_RANGE;
  const factor = weights.value.potentialFactor;
  if (factor < min || factor > max)
    return err({
      code: 'invalid-weights',
      field: 'potentialFactor',
      message: `weight "potentialFactor" must be from ${min} to ${max}, found ${factor}`,
    });
  return weights;
}

/** `value` as the weights of a solve ({@link parseWeights}), or a refusal naming `field.weight`. */
export function checkWeights(value: unknown, field: string): Result<Weights, ArgumentError<'invalid-weights'>> {
  const weights = parseWeights(value);
  if (weights.ok) return weights;
  const at = weights.error.field === '(root)' ? field : `${field}.${weights.error.field}`;
  return err({ code: 'invalid-weights', field: at, message: `${field}: ${weights.error.message}` });
}

/** Weights an instance's color count sets over whatever the weights say: from `fromColors` to `toColors` colors, `set`. */
export interface ColorRule {
  readonly fromColors: number;
  readonly toColors: number;
  readonly set: Partial<Weights>;
}

/**
 * The color rules, each measured at the contest clock on generated games against the solver
 * without it (docs/columns-search-log.md, "Few colors, flat fields"; the figures of each rule are
 * in "Figures and history once kept in code comments"). No two rules that hold for one color
 * count set the same weight (a spec checks), so their order does not matter.
 * - Three colors or fewer: the dominant color is worth nothing (almost every drop matches, a
 *   magic column clears a third of the field anyway, and storing one color only costs chains).
 * - Five colors or fewer want flat fields, `bumpiness` -7 (with few colors almost any jewel next
 *   to its own color makes a match, so a flat field keeps chains coming, as the statement's
 *   quickstart shows by scoring well there with lowest-stack placements alone); the defaults'
 *   `bumpiness` was tuned on mixed sets, where 7-8-color small fields overflow when kept flat.
 * - Six colors, `bumpiness` -4: a milder flattening (-7 did worse there).
 * - Eight colors or more store less, `jewels` 20 (the defaults' value was tuned on mixed sets;
 *   with many colors the field runs fuller and stored jewels rarely find a match). Seven colors
 *   have no rule: a lower `jewels` there was within the noise.
 */
export const COLOR_RULES: readonly ColorRule[] = [
  { fromColors: 1, toColors: 3, set: { dominantColor: 0 } },
  { fromColors: 1, toColors: 5, set: { bumpiness: -7 } },
  { fromColors: 6, toColors: 6, set: { bumpiness: -4 } },
  { fromColors: 8, toColors: 26, set: { jewels: 20 } },
];

/** The weights a search of an instance with `colors` colors uses: `weights` with every {@link COLOR_RULES} rule that holds applied. */
export function weightsForColors(weights: Weights, colors: number): Weights {
  let used = weights;
  for (const rule of COLOR_RULES) {
    if (colors >= rule.fromColors && colors <= rule.toColors) used = { ...used, ...rule.set };
  }
  return used;
}
