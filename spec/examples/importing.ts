// Importing: the engine is plain immutable data and pure functions, with typed errors.
// Run: npx tsx spec/examples/importing.ts
import { type Result, samegame } from 'tilefall';

const built = samegame.boardFromRows([
  [1, 1, 2],
  [0, 1, 2],
  [0, 3, 4],
]);
if (!built.ok) throw new Error(built.error.message); // a refusal names the cell: rows[2][0]
const board = built.value;
const moves = samegame.legalMoves(board);
const played = samegame.play(board, { x: 1, y: 1 });
const refused: Result<unknown, samegame.MoveError> = samegame.play(board, { x: 1, y: 0 });
console.log(
  JSON.stringify({
    legalMoves: moves.length,
    points: played.ok ? played.value.points : null,
    unchanged: samegame.formatBoard(board) === '1 1 2\n0 1 2\n0 3 4',
    refused: refused.ok ? null : refused.error.code,
  }),
);
