// Columns: the same roles under the same names as SameGame; a solve within a node budget, checked by the referee.
// Run: npx tsx spec/examples/columns.ts datasets/columns/sample.txt
import { readFileSync } from 'node:fs';
import { formatMoves, legalMoves, parseInstance, referee, solve, start } from 'tilefall/columns';

const instance = parseInstance(readFileSync(process.argv[2] ?? 'datasets/columns/sample.txt', 'utf8'));
if (!instance.ok) throw new Error(instance.error.message);
const placements = legalMoves(start(instance.value));
const solution = solve(instance.value, { budget: { nodes: 20_000 } });
if (!solution.ok) throw new Error(solution.error.message);
const judged = referee(instance.value, formatMoves(solution.value.moves));
if (!judged.ok) throw new Error(judged.error.message);
const verdict = judged.value;
console.log(
  JSON.stringify({
    firstColumnPlacements: placements.length,
    score: solution.value.score,
    refereeScore: verdict.score,
    valid: verdict.valid,
  }),
);
