// Conformance testing from TypeScript: your engine's answers to generated games, compared with
// the rules by tilefall/testing in your own fast-check run (docs/conformance.md).
// Run: npx tsx spec/examples/testing.ts
import fc from 'fast-check';
import {
  formatDisagreement,
  type SamegameGame,
  type SamegameStep,
  samegameDisagreement,
  samegameGames,
  samegameSteps,
} from 'tilefall/testing';

/** Stands in for your engine: the points and rows, top row first, after each move of the game. */
const myEngine = (game: SamegameGame): SamegameStep[] => {
  const steps = samegameSteps(game);
  return steps.ok ? steps.value : [];
};

const boards = samegameGames({ width: 15, height: 15, colors: 5 });
if (!boards.ok) throw new Error(boards.error.message); // a size outside the engine's limits
let games = 0;
fc.assert(
  fc.property(boards.value, (game) => {
    games++;
    const found = samegameDisagreement(game, myEngine(game));
    if (!found.ok) throw new Error(found.error.message); // steps that are not { points, rows }
    if (found.value) {
      const text = formatDisagreement(found.value);
      throw new Error(text.ok ? text.value : text.error.message);
    }
  }),
  { seed: 1 },
);
console.log(JSON.stringify({ games }));
