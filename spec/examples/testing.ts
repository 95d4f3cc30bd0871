// Conformance testing from TypeScript: your engine's answers to generated games, compared with
// the rules by tilefall/testing in your own fast-check run (docs/conformance.md).
// Run: npx tsx spec/examples/testing.ts
import fc from 'fast-check';
import { formatDisagreement, samegameDisagreement, samegameGames, samegameSteps } from 'tilefall/testing';

/** Stands in for your engine: the points and rows, top row first, after each move of the game. */
const myEngine = (game: Parameters<typeof samegameSteps>[0]) => samegameSteps(game);

let games = 0;
fc.assert(
  fc.property(samegameGames({ width: 15, height: 15, colors: 5 }), (game) => {
    games++;
    const found = samegameDisagreement(game, myEngine(game));
    if (found) throw new Error(formatDisagreement(found));
  }),
  { seed: 1 },
);
console.log(JSON.stringify({ games }));
