import { describe, expect, it } from 'vitest';
import * as weights from '../../../lib/samegame/search/weights.js';
import { readRepoFile } from '../../support/repo.js';
import { describeWeightsContract } from '../../support/weights-contract.js';

describeWeightsContract(weights);

describe('WEIGHT_NAMES', () => {
  it('should list the features, then the search knobs', () => {
    expect(weights.WEIGHT_NAMES).toEqual([...weights.FEATURE_NAMES, ...weights.SEARCH_KNOB_NAMES]);
  });
});

describe('DEFAULT_WEIGHTS (SameGame)', () => {
  // weights.ts, the README and datasets/README say where the defaults come from and where the ones
  // before them are kept; these files are what `--weights` is pointed at to reproduce either.
  const read = (file: string) => {
    const parsed = weights.parseWeights(JSON.parse(readRepoFile(file)));
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
    return parsed.value;
  };

  it('should be the weights of the ninth retune they were chosen from', () => {
    expect(read('datasets/samegame/tuning/retune-2026-11-26-after-mix.json')).toEqual(weights.DEFAULT_WEIGHTS);
  });

  it('should keep the defaults before them as the fifth run with rolloutTabuMin 60', () => {
    const fifth = read('datasets/samegame/tuning/tuned.json');
    expect(read('datasets/samegame/tuning/defaults-before-2026-11-26.json')).toEqual({ ...fifth, rolloutTabuMin: 60 });
  });
});

describe('checkWeights', () => {
  it('should take the weights parseWeights takes within what the search takes, and refuse the others by name', () => {
    expect(weights.checkWeights(weights.DEFAULT_WEIGHTS, 'w')).toEqual({ ok: true, value: weights.DEFAULT_WEIGHTS });
    const edge = { ...weights.DEFAULT_WEIGHTS, rolloutFactor: 0, regions: -1e6, clearable: 1e6 };
    expect(weights.checkWeights(edge, 'w')).toEqual({ ok: true, value: edge });
    for (const [changes, field] of [
      [{ rolloutFactor: -0.5 }, 'w.rolloutFactor'],
      [{ rolloutFactor: 1001 }, 'w.rolloutFactor'],
      [{ regions: -1e6 - 1 }, 'w.regions'],
      [{ singletons: Number.NaN }, 'w.singletons'],
      [{ bogus: 1 }, 'w.bogus'],
    ] as const)
      expect(weights.checkWeights({ ...weights.DEFAULT_WEIGHTS, ...changes }, 'w')).toMatchObject({
        ok: false,
        error: { code: 'invalid-weights', field },
      });
    expect(weights.checkWeights(null, 'w')).toMatchObject({ ok: false, error: { field: 'w' } });
  });
});
