import { describe, expect, it } from 'vitest';
import * as weights from '../../lib/samegame/weights.js';
import { describeWeightsContract } from '../support/weights-contract.js';

describeWeightsContract(weights);

describe('WEIGHT_NAMES', () => {
  it('should list the features, then the search knobs', () => {
    expect(weights.WEIGHT_NAMES).toEqual([...weights.FEATURES, ...weights.SEARCH_KNOBS]);
  });
});
