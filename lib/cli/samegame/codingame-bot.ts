/**
 * Entry point of the single-file CodinGame bot (`npm run build:codingame`): plays the
 * multi-turn protocol on stdin/stdout with the default weights and budgets (the environment's
 * `TILEFALL_FIRST_TURN_MS` and `TILEFALL_TURN_MS` change the budgets, for tests). A build with
 * `--lines FILE` embeds lines found offline (`TILEFALL_PACKED_LINES`, set by the build).
 */

import { lineReader, playProtocol } from '../../samegame/node/protocol-io.js';
import { DEFAULT_FIRST_TURN_MS, DEFAULT_TURN_MS, PROCESS_START } from '../../samegame/search/bot.js';
import { unpackLines } from '../../samegame/search/packed-lines.js';

declare const TILEFALL_PACKED_LINES: string | undefined;

const firstTurnMs = Number(process.env.TILEFALL_FIRST_TURN_MS ?? DEFAULT_FIRST_TURN_MS);
const turnMs = Number(process.env.TILEFALL_TURN_MS ?? DEFAULT_TURN_MS);
const knownLines = unpackLines(typeof TILEFALL_PACKED_LINES === 'string' ? TILEFALL_PACKED_LINES : '');
const options = { firstTurnMs, turnMs, firstTurnSince: PROCESS_START, knownLines };
void playProtocol('multi-turn', options, lineReader(process.stdin), (line) => process.stdout.write(`${line}\n`));
