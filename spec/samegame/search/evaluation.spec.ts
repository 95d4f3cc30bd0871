import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../../lib/samegame/engine/text.js';
import { Evaluator, featureValues } from '../../../lib/samegame/search/evaluation.js';
import { createSurvey, Kernel } from '../../../lib/samegame/search/kernel.js';
import { DEFAULT_WEIGHTS, FEATURE_NAMES } from '../../../lib/samegame/search/weights.js';

const kernelOf = (text: string, colors = 3): Kernel => {
  const board = parseBoard(text, { colors });
  if (!board.ok) throw new Error(board.error.message);
  return Kernel.fromBoard(board.value);
};

const features = (k: Kernel): Record<string, number> => {
  const survey = createSurvey(k.width, k.height, k.colors);
  k.survey(survey);
  const values = featureValues(survey, new Float64Array(FEATURE_NAMES.length));
  return Object.fromEntries(FEATURE_NAMES.map((f, i) => [f, values[i]]));
};

describe('featureValues', () => {
  it('should measure a small board as worked by hand', () => {
    // Color 0: 5 cells in two regions (4 + 1); color 1: 3 cells, each alone; color 2: 1 cell.
    // Regions: {0 x4}, {0}, {1}, {1}, {1}, {2}.
    const k = kernelOf(['0 1 2', '0 0 1', '0 1 0'].join('\n'));
    expect(features(k)).toEqual({
      colorPotential: 9 + 1, // (5-2)^2 + (3-2)^2
      tabuPotential: 9,
      regionPoints: 4, // (4-2)^2
      singletons: 5,
      regions: 6,
      orphanColors: 1,
      clearable: 0,
      tabuRegions: 2,
    });
  });

  it('should value a terminal position at its score alone', () => {
    const k = kernelOf('0 1\n1 0', 2);
    const evaluator = new Evaluator(DEFAULT_WEIGHTS, createSurvey(2, 2, 2));
    expect(evaluator.value(k)).toBe(0);
    const pair = kernelOf('0 0 1', 2);
    pair.play(0);
    expect(new Evaluator(DEFAULT_WEIGHTS, createSurvey(3, 1, 2)).value(pair)).toBe(0);
  });
});
