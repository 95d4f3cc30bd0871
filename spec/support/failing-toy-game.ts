// A toy game built at run time, as a user's program is: asynchronous, and failing ('crash', score
// 0) whenever the weight `a` is above the config's `crashAbove`. Its score otherwise is the toy's.
// Where `a` is above `throwAbove`, its score throws instead, and above `nanAbove` it scores NaN: a
// game gone wrong, which the tuner must answer with an error, not a throw or a NaN. On the instance
// `invalidOn`, every genome's game fails as 'invalid', with a referee's message as its detail.
import type { GameConfig, TuningGame } from '../../lib/core/tuning-game.js';
import { tuningGame as toy } from './toy-game.js';

export function tuningGameFrom(config: GameConfig): TuningGame {
  const crashAbove = config.crashAbove as number;
  const throwAbove = (config.throwAbove as number | undefined) ?? Number.POSITIVE_INFINITY;
  const nanAbove = (config.nanAbove as number | undefined) ?? Number.POSITIVE_INFINITY;
  const invalidOn = config.invalidOn as string | undefined;
  return {
    ...toy,
    name: 'failing-toy',
    module: import.meta.url,
    config,
    score: async (instance, weights, nodes, seed) => {
      if (weights.a > throwAbove) throw new Error('the toy broke\nat line 2');
      if (weights.a > nanAbove) return { score: Number.NaN };
      if (instance === invalidOn)
        return { score: 0, failure: 'invalid', detail: `line 1: instance ${instance} refused` };
      return weights.a > crashAbove
        ? { score: 0, failure: 'crash', detail: 'exit code 3; stderr: boom' }
        : { score: toy.score(instance, weights, nodes, seed) as number };
    },
  };
}
