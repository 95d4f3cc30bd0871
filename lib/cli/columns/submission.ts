/**
 * Entry point of the single-file Columns submission (`npm run build:columns`): reads the
 * contest's input on stdin and prints an output within the time limit, as a contest judge runs
 * a program. The time (default 3.5 s, `TILEFALL_COLUMNS_SECONDS` to change it) counts from the
 * process start, like the contest's 4 s.
 */
import { readFileSync } from 'node:fs';
import { formatMoves } from '../../columns/engine/moves.js';
import { readInstance } from '../../columns/engine/text.js';
import { solveWith } from '../../columns/search/solver.js';
import { DEFAULT_COLUMNS_SECONDS, timeLeftFromProcessStartMs } from './time.js';

const seconds = Number(process.env.TILEFALL_COLUMNS_SECONDS ?? DEFAULT_COLUMNS_SECONDS);

const instance = readInstance(readFileSync(0, 'utf8'));
if (!instance.ok) {
  process.stderr.write(`columns: stdin line ${instance.error.line}: ${instance.error.message}\n`);
  process.exitCode = 2;
} else {
  // No engine re-check: every placement is a valid output, so the check would only guard the
  // score the solver reports (which the judge computes itself), and its time is worth more to
  // the search. `columns bench --submission` scores each output with the engine.
  const budget = { timeMs: timeLeftFromProcessStartMs(seconds) };
  const solution = solveWith(instance.value, { budget }, { recheck: false });
  process.stdout.write(solution.ok ? formatMoves(solution.value.moves) : '0\n');
}
