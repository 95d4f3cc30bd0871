// Solving: the best line found within a node budget (reproducible), checked by the referee.
// Run: npx tsx spec/examples/solving.ts datasets/samegame/demo-board.txt
import { readFileSync } from 'node:fs';
import { DEFAULT_WEIGHTS, formatMoves, parseBoard, referee, STANDARD_SHAPE, solve } from 'tilefall/samegame';

const board = parseBoard(readFileSync(process.argv[2] ?? 'datasets/samegame/demo-board.txt', 'utf8'), STANDARD_SHAPE);
if (!board.ok) throw new Error(board.error.message);
const solution = solve(board.value, { budget: { nodes: 50_000 }, weights: DEFAULT_WEIGHTS, seed: 1 });
if (!solution.ok) throw new Error(solution.error.message);
const check = referee(board.value, formatMoves(solution.value.moves));
if (!check.ok) throw new Error(check.error.message);
console.log(JSON.stringify({ score: solution.value.score, refereeScore: check.value.score, moves: check.value.moves }));
