// A board is read once, at the boundary: every public function then works on the copy it
// checked (issue 81). A caller's board may hold getters or be a Proxy (its type allows it) whose
// fields answer otherwise on a later read; such a board made `replay` throw from inside. Played
// as checked, it must answer exactly what the plain board it first showed answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as samegame from '../../lib/samegame/index.js';
import { fickle } from '../support/fickle.js';
import { hostileValue } from '../support/hostile-values.js';
import { boardArb } from './arbitraries.js';

const tinyBoard = boardArb({ maxWidth: 4, maxHeight: 4, maxColors: 3 });

/** A tiny board and the same board with one field that changes after its first read. */
const boardAndFickle = tinyBoard.chain((board) =>
  fc
    .tuple(fc.constantFrom('width', 'height', 'colors', 'cells') as fc.Arbitrary<keyof samegame.Board>, hostileValue)
    .map(([key, later]) => ({ board, fickleBoard: () => fickle(board, key, later) })),
);

/** Every public function of tilefall/samegame that takes a board, called on `board` alone. */
const calls: ReadonlyArray<readonly [string, (board: samegame.Board) => unknown]> = [
  ['play', (b) => samegame.play(b, { x: 0, y: 0 })],
  [
    'playMoves',
    (b) =>
      samegame.playMoves(b, [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ]),
  ],
  ['referee', (b) => samegame.referee(b, '0 0\n1 0\n')],
  ['replay', (b) => samegame.replay(b, '0 0\n1 0\n')],
  ['solve', (b) => samegame.solve(b, { budget: { nodes: 200 }, seed: 1 })],
  ['perft', (b) => samegame.perft(b, 2)],
  ['planAll', (b) => samegame.BotSession.planAll(b, { firstTurnMs: 1000, turnMs: 10, firstTurnNodes: 200 })],
  ['legalMoves', samegame.legalMoves],
  ['isTerminal', samegame.isTerminal],
  ['isCleared', samegame.isCleared],
  ['boardKey', samegame.boardKey],
  ['formatBoard', samegame.formatBoard],
  ['formatBoards', (b) => samegame.formatBoards([b])],
  ['boardRows', samegame.boardRows],
  ['regionAt', (b) => samegame.regionAt(b, { x: 0, y: 0 })],
  ['colorAt', (b) => samegame.colorAt(b, { x: 0, y: 0 })],
];

describe('a board whose fields change after they are read', () => {
  it.each(calls)('should be played by %s as the board it was when checked', (_name, call) => {
    fc.assert(
      fc.property(boardAndFickle, ({ board, fickleBoard }) => {
        expect(call(fickleBoard())).toEqual(call(board));
      }),
    );
  });
});
