/**
 * The SameGame weights: one per evaluation feature (`evaluation.ts`) and per search knob, with
 * the range the tuner searches and the shipped defaults. Weights files are JSON objects
 * of these names; `parseWeights` validates one.
 */
import type { ArgumentError } from '../../core/argument-error.js';
import { parseNamedWeights, type WeightsError } from '../../core/named-weights.js';
import { err, ok, type Result } from '../../core/result.js';

/** The features, in a fixed order (the order of weight vectors in the tuner). */
export const FEATURE_NAMES = [
  'colorPotential',
  'tabuPotential',
  'regionPoints',
  'singletons',
  'regions',
  'orphanColors',
  'clearable',
  'tabuRegions',
] as const;

/** The name of one evaluation feature. */
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Search knobs the tuner evolves beside the features: how many children per beam slot get a
 * rollout (`rolloutFactor`), how much of a child's rank is its static value rather than its
 * rollout (`rolloutBlend`, 0 = rollout only), and the smallest tabu-color region a rollout may
 * still take (`rolloutTabuMin`; its upper bound, 60, means never), and what a rollout's final
 * board costs in its rank: points per cell left (`rolloutCellsLeft`) and per color left
 * (`rolloutColorsLeft`).
 */
export const SEARCH_KNOB_NAMES = [
  'rolloutFactor',
  'rolloutBlend',
  'rolloutTabuMin',
  'rolloutCellsLeft',
  'rolloutColorsLeft',
] as const;

/** The name of one search knob. */
export type SearchKnobName = (typeof SEARCH_KNOB_NAMES)[number];

/** Every tunable weight: the features, then the search knobs. */
export const WEIGHT_NAMES: readonly WeightName[] = [...FEATURE_NAMES, ...SEARCH_KNOB_NAMES];

/** The name of any tunable weight: a feature or a search knob. */
export type WeightName = FeatureName | SearchKnobName;

/** One weight per feature and per search knob. */
export type Weights = Readonly<Record<WeightName, number>>;

/** What each feature measures, for `--help`, the solver guide and the tuner's report. */
export const WEIGHT_DOCS: Readonly<Record<WeightName, string>> = {
  rolloutFactor: 'children per kept beam slot that are re-ranked by a TabuColor rollout',
  rolloutBlend: "share of a rolled-out child's rank taken from its static value (0 = rollout only)",
  rolloutTabuMin: 'smallest region of the tabu color a rollout may take while other moves exist (60 = never)',
  rolloutCellsLeft:
    "points added to a rollout's rank per cell left on its final board (negative: prefer lines that nearly clear)",
  rolloutColorsLeft: "points added to a rollout's rank per color left on its final board",
  colorPotential: 'sum over colors of (cells of that color - 2)^2: points if each color went in one move',
  tabuPotential: '(cells of the most frequent color - 2)^2: the big final move a TabuColor strategy keeps for the end',
  regionPoints: 'sum over current regions of (size - 2)^2: points on the board right now',
  singletons: 'cells whose region has one cell',
  regions: 'number of regions',
  orphanColors: 'colors with exactly one cell left (that cell can never be removed)',
  clearable: '1 when no color has exactly one cell left (the clear bonus is still possible), else 0',
  tabuRegions: 'regions of the most frequent color (fewer means it is gathering for one big move)',
};

/**
 * The range the tuner searches for each weight. `regions` and `tabuRegions` reach far past the
 * defaults because a retune once stopped at their old bounds, and a run must be free to go past
 * where the last one ended (the search log).
 */
export const WEIGHT_BOUNDS: Readonly<Record<WeightName, readonly [number, number]>> = {
  rolloutFactor: [0.5, 16],
  rolloutBlend: [0, 1],
  rolloutTabuMin: [2, 60],
  rolloutCellsLeft: [-200, 20],
  rolloutColorsLeft: [-400, 50],
  colorPotential: [0, 2],
  tabuPotential: [0, 2],
  regionPoints: [0, 2],
  singletons: [-60, 10],
  regions: [-120, 10],
  orphanColors: [-400, 50],
  clearable: [-200, 1000],
  tabuRegions: [-60, 60],
};

/**
 * The defaults: a re-tuning's choice, shipped because it beat the weights before it at the
 * contest's 20 s, where a node budget could not tell them apart (the run, its output file, the
 * weights before and the measurements are in docs/samegame-search-log.md, "Figures and history
 * once kept in code comments"). Few children per kept slot get a rollout, so the beam runs wide,
 * and they are ranked by their rollouts alone (`rolloutBlend` 0); `rolloutTabuMin` 60: rollouts
 * never take a tabu region early.
 */
export const DEFAULT_WEIGHTS: Weights = {
  colorPotential: 0.4078811021268568,
  tabuPotential: 0,
  regionPoints: 0.6007948422440401,
  singletons: -39.53499325582199,
  regions: -39.97585773470828,
  orphanColors: -15.822292177631937,
  clearable: 245.7591787926222,
  tabuRegions: 10,
  rolloutFactor: 2.857664248753972,
  rolloutBlend: 0,
  rolloutTabuMin: 60,
  rolloutCellsLeft: -40.51541027519255,
  rolloutColorsLeft: -16.09978292930947,
};

/**
 * The values the search takes for each weight, far wider than the tuner's {@link WEIGHT_BOUNDS}:
 * past these a weight no longer means anything (a negative or a huge `rolloutFactor` cannot be
 * a count of rollouts, a feature weight past a million outweighs every score a board can hold).
 */
export const WEIGHT_LIMIT = 1e6;

/** The most rollouts per kept beam slot the search takes. */
export const MAX_ROLLOUT_FACTOR = 1000;

/** The range the search takes for `name`. */
const searchRange = (name: WeightName): readonly [number, number] =>
  name === 'rolloutFactor' ? [0, MAX_ROLLOUT_FACTOR] : [-WEIGHT_LIMIT, WEIGHT_LIMIT];

/**
 * Validates parsed JSON (a plain object or a tuner output) as {@link Weights}, naming the first
 * bad field: every weight named, no other name, each a finite number. `solve` takes a narrower
 * range still, what the search can use (see `checkWeights`).
 */
export function parseWeights(json: unknown): Result<Weights, WeightsError> {
  return parseNamedWeights(json, WEIGHT_NAMES);
}

/**
 * `value` as weights the search can use, or a refusal naming the weight at fault under `field`:
 * complete and finite ({@link parseWeights}), each from -1,000,000 to 1,000,000 and
 * `rolloutFactor` from 0 to 1,000.
 */
export function checkWeights(value: unknown, field: string): Result<Weights, ArgumentError<'invalid-weights'>> {
  const weights = parseWeights(value);
  if (!weights.ok) {
    const at = weights.error.field === '(root)' ? field : `${field}.${weights.error.field}`;
    return err({ code: 'invalid-weights', field: at, message: `${field}: ${weights.error.message}` });
  }
  for (const name of WEIGHT_NAMES) {
    const [min, max] = searchRange(name);
    const weight = weights.value[name];
    if (weight < min || weight > max)
      return err({
        code: 'invalid-weights',
        field: `${field}.${name}`,
        message: `${field}: weight "${name}" must be from ${min} to ${max}, found ${weight}`,
      });
  }
  return ok(weights.value);
}
