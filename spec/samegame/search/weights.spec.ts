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
