// A toy game for the tuner's specs: the score is highest at a known target vector, plus a small
// seeded wobble so that seeds matter, as they do for a real solver.
import { ok } from '../../lib/core/result.js';
import type { TuningGame } from '../../lib/core/tuning-game.js';

export const TOY_TARGET = { a: 3, b: -2, c: 0.5 };

export const tuningGame: TuningGame = {
  name: 'toy',
  module: import.meta.url,
  spec: {
    names: ['a', 'b', 'c'],
    bounds: [
      [-10, 10],
      [-10, 10],
      [-10, 10],
    ],
  },
  defaults: { a: -9, b: 9, c: -9 },
  splitInstances: (text) => ok(text.split('\n').filter((l) => l.trim() !== '')),
  score(instance, w, nodes, seed) {
    const scale = Number(instance);
    const distance = (w.a - TOY_TARGET.a) ** 2 + (w.b - TOY_TARGET.b) ** 2 + (w.c - TOY_TARGET.c) ** 2;
    const wobble = ((seed >>> 0) % 1000) / 1000;
    return scale * (1000 - distance) + wobble + nodes * 0;
  },
};
