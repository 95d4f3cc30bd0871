/**
 * Entry point of the single-file CodinGame bot (`npm run build:codingame`): plays the
 * multi-turn protocol on stdin/stdout with the default weights and budgets.
 */
import { DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS } from '../samegame/bot.js';
import { lineReader, playProtocol } from '../samegame/protocol-io.js';

const firstTurnMs = Number(process.env.TILEFALL_FIRST_TURN_MS ?? DEFAULT_FIRST_TURN_MS);
// The first turn's clock runs from this process's start (performance.now() counts from there).
const options = { firstTurnMs, turnMs: DEFAULT_TURN_MS, firstTurnSince: 0 };
void playProtocol('multi-turn', options, lineReader(process.stdin), (line) => process.stdout.write(`${line}\n`));
