/** `tilefall samegame verify`: the referee's verdict on a move list, as a table or JSON. */
import { terminalJson } from '../../core/control-characters.js';
import { judgeActions, splitActions, type Verdict } from '../../samegame/engine/referee.js';
import { formatBoardLines } from '../../samegame/engine/text.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { OPTIONS } from '../options.js';
import { readBoardFile, readInputText } from '../read-input.js';
import { BOARD_SHAPE_OPTIONS, boardShape, GAME_FILE_OPTIONS, PROTOCOL_OPTION } from './options.js';

export const verifyCommand = defineCommand({
  name: 'verify',
  describe: "judge a move list as the puzzle's referee does",
  options: {
    ...GAME_FILE_OPTIONS,
    protocol: PROTOCOL_OPTION,
    ...BOARD_SHAPE_OPTIONS,
    json: OPTIONS.json,
  },
  examples: [
    [
      '$0 samegame verify --board datasets/samegame/demo-board.txt --moves datasets/samegame/demo-moves.txt',
      'judge the bundled demo game',
    ],
    [
      '$0 samegame verify --board b.txt --moves line.txt --protocol one-turn --json',
      'judge a one-turn output line, as JSON',
    ],
  ],
  run: (options) => {
    const board = readBoardFile(options.board, boardShape(options));
    const actions = splitActions(readInputText(options.moves), options.protocol);
    const verdict = judgeActions(board, actions, options.protocol);
    process.stdout.write(options.json ? `${terminalJson(verdictJson(verdict))}\n` : verdictTable(verdict));
    return verdict.end === 'error' ? EXIT.verdictError : EXIT.ok;
  },
});

/** The `--json` contract of `verify`. */
export function verdictJson(verdict: Verdict): object {
  return {
    score: verdict.score,
    moves: verdict.moves,
    warnings: verdict.warnings,
    terminal: verdict.terminal,
    cleared: verdict.cleared,
    end: verdict.end,
    ...(verdict.error ? { error: verdict.error } : {}),
    board: formatBoardLines(verdict.board),
  };
}

const ENDINGS: Record<Verdict['end'], string> = {
  terminal: 'no legal move left',
  exhausted: 'the actions ran out before the game ended',
  'action-limit': 'the protocol action limit was reached',
  error: 'an action ended the game with an error',
};

/** A readable per-action table and a summary. */
export function verdictTable(verdict: Verdict): string {
  const rows = verdict.actions.map((a) => {
    const result = a.status === 'applied' ? 'applied' : `${a.status}: ${a.code}`;
    const removed = a.removed === undefined ? '' : String(a.removed);
    const text = a.text.length > 18 ? `${a.text.slice(0, 17)}…` : a.text;
    return `${String(a.index).padStart(4)}  ${JSON.stringify(text).padEnd(20)}  ${result.padEnd(22)} ${removed.padStart(7)} ${String(a.points).padStart(7)} ${String(a.score).padStart(7)}`;
  });
  const header = `${'#'.padStart(4)}  ${'action'.padEnd(20)}  ${'result'.padEnd(22)} ${'removed'.padStart(7)} ${'points'.padStart(7)} ${'score'.padStart(7)}`;
  const lines = [header, ...rows, ''];
  lines.push(`score     ${verdict.score}${verdict.cleared ? ' (board cleared, +1000 included)' : ''}`);
  lines.push(`moves     ${verdict.moves} applied, ${verdict.warnings} warnings (${verdict.protocol})`);
  lines.push(`end       ${verdict.end}: ${ENDINGS[verdict.end]}`);
  if (verdict.error)
    lines.push(`error     action ${verdict.error.action} (${verdict.error.code}): ${verdict.error.message}`);
  lines.push('board', ...formatBoardLines(verdict.board).map((l) => `  ${l}`), '');
  return lines.join('\n');
}
