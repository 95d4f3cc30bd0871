// A toy game built at run time, as a user's program is: asynchronous, and failing ('crash', score
// 0) whenever the weight `a` is above the config's `crashAbove`. Its score otherwise is the toy's.
import type { GameConfig, TuningGame } from '../../lib/core/tuning-game.js';
import { tuningGame as toy } from './toy-game.js';

export function tuningGameFrom(config: GameConfig): TuningGame {
  const crashAbove = config.crashAbove as number;
  return {
    ...toy,
    name: 'failing-toy',
    module: import.meta.url,
    config,
    score: async (instance, weights, nodes, seed) =>
      weights.a > crashAbove
        ? { score: 0, failure: 'crash' }
        : { score: toy.score(instance, weights, nodes, seed) as number },
  };
}
