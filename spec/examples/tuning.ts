// Tuning: evolve SameGame's weights on a few generated boards (tiny settings, in this thread).
// Run: npx tsx spec/examples/tuning.ts
import { formatBoard, generate, tuningGame } from 'tilefall/samegame';
import { createTaskRunner, defaultGaSettings, tune } from 'tilefall/tuner';

const boards = (seed: number, count: number) => {
  const generated = generate({ count, seed });
  if (!generated.ok) throw new Error(generated.error.message);
  return generated.value.map(formatBoard);
};
const runner = createTaskRunner(0); // worker threads; 0 runs every solve in this thread
if (!runner.ok) throw new Error(runner.error.message);
const result = await tune({
  game: tuningGame,
  train: boards(1, 2),
  validate: boards(2, 2),
  settings: defaultGaSettings(4, 2, 7),
  nodes: 2_000,
  runner: runner.value,
});
await runner.value.close();
if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`); // e.g. options.train[3]: …
const { weights, validation } = result.value;
console.log(
  JSON.stringify({
    weights: Object.keys(weights).length,
    tuned: validation.tuned.mean,
    start: validation.start.mean,
    generations: result.value.history.length,
  }),
);
