// Rules conformance: the referee's verdict on a bot's moves, exactly as CodinGame gives it.
// Run: npx tsx spec/examples/conformance.ts datasets/samegame/demo-board.txt datasets/samegame/demo-moves.txt
import { readFileSync } from 'node:fs';
import { parseBoard, referee, STANDARD_SHAPE } from 'tilefall/samegame';

const [boardFile = 'datasets/samegame/demo-board.txt', movesFile = 'datasets/samegame/demo-moves.txt'] =
  process.argv.slice(2);
const board = parseBoard(readFileSync(boardFile, 'utf8'), STANDARD_SHAPE);
if (!board.ok) {
  console.error(`${boardFile}: ${board.error.message}`);
  process.exit(2);
}
const judged = referee(board.value, readFileSync(movesFile, 'utf8'), { protocol: 'multi-turn' });
if (!judged.ok) throw new Error(judged.error.message);
const { score, moves, end, error } = judged.value;
console.log(JSON.stringify({ score, moves, end, error: error ?? null }));
