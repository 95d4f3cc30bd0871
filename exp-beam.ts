import { readFileSync } from 'node:fs';
import { parseBoards } from './lib/samegame/text.js';
import { Kernel, createSurvey } from './lib/samegame/kernel.js';
import { Evaluator, DEFAULT_WEIGHTS } from './lib/samegame/evaluation.js';
import { Zobrist } from './lib/samegame/zobrist.js';
import { Budget } from './lib/samegame/budget.js';
import { beamSearch } from './lib/samegame/beam.js';
import { createRandom } from './lib/core/random.js';
// Exploration on generated boards (never the standard 20).
const b = parseBoards(readFileSync(process.env.BOARDS ?? 'datasets/samegame/demo-board.txt','utf8'));
if (!b.ok) throw 1;
const W = Number(process.argv[2] ?? 100); const n = Number(process.argv[3] ?? 20);
const factor = Number(process.argv[4] ?? 0); const blend = Number(process.argv[5] ?? 0);
let total = 0; const t0 = performance.now(); const scores: number[] = [];
for (const board of b.value.slice(0, n)) {
  const ev = new Evaluator(process.env.W ? { ...DEFAULT_WEIGHTS, ...JSON.parse(process.env.W) } : DEFAULT_WEIGHTS, createSurvey(15, 15, 5));
  const r = beamSearch(Kernel.fromBoard(board), { width: W, evaluator: ev, zobrist: new Zobrist(225, 5), budget: new Budget({}), rollouts: factor > 0 ? { factor, random: createRandom(1), blend } : undefined });
  total += r?.score ?? 0; scores.push(r?.score ?? 0);
}
console.log(`W=${W} f=${factor} blend=${blend} mean=${(total/scores.length).toFixed(0)} time/board=${((performance.now()-t0)/scores.length/1000).toFixed(2)}s`, scores.join(' '));
