/**
 * A move list judged as the puzzle's referee judges it, under either protocol
 * (`docs/rules/samegame.md`; every open point is an entry of `readings.ts`).
 */
import { type ArgumentError, checkChoice, checkOptions, refuse } from '../../core/argument-error.js';
import { ok, type Result } from '../../core/result.js';
import { FORMAT_MESSAGE, parseAction } from './action.js';
import { type Board, type Cell, checkBoard, checkCells } from './board.js';
import { READINGS } from './readings.js';
import { boardIsCleared, boardIsTerminal, playMove } from './rules.js';

/** `multi-turn`: the current puzzle, one action per turn. `one-turn`: the older puzzle, one `;`-separated line. */
export type Protocol = 'multi-turn' | 'one-turn';

/** The two protocols, for option lists. */
export const PROTOCOLS: readonly Protocol[] = ['multi-turn', 'one-turn'];

/** Why an action was refused. */
export type VerdictCode = 'format' | 'out-of-bounds' | 'empty-cell' | 'single-cell' | 'empty-action';

/**
 * How the game ended: the board became terminal, the actions ran out first, the protocol's
 * action limit cut off further actions, or an action ended the game with an error.
 */
export type GameEnd = 'terminal' | 'exhausted' | 'action-limit' | 'error';

/** What happened to one action, in order. */
export interface ActionRecord {
  /** 1-based position in the move list. */
  readonly index: number;
  readonly text: string;
  readonly status: 'applied' | 'warning' | 'error';
  readonly x?: number;
  readonly y?: number;
  /** Cells removed, for an applied action. */
  readonly removed?: number;
  /** Points this action earned, clear bonus included. */
  readonly points: number;
  /** Total score after this action. */
  readonly score: number;
  readonly code?: VerdictCode;
  readonly message?: string;
}

/** The referee's verdict on a whole move list. */
export interface Verdict {
  readonly protocol: Protocol;
  readonly score: number;
  /** Applied moves. */
  readonly moves: number;
  readonly warnings: number;
  /** The final board has no legal move. */
  readonly terminal: boolean;
  /** The final board is clear (the +1000 was earned). */
  readonly cleared: boolean;
  readonly end: GameEnd;
  /** The action that ended the game with an error (1-based), only when `end` is `error`. */
  readonly error?: { readonly action: number; readonly code: VerdictCode; readonly message: string };
  readonly board: Board;
  readonly actions: readonly ActionRecord[];
}

/**
 * Splits a moves file into actions. Multi-turn: one action per line, a final newline does not
 * start another action, and an empty file holds no action. One-turn: the first line is the bot's
 * output (`READINGS.oneTurnReadsFirstLineOnly`); it is split on `;` and trailing blank pieces
 * (after a final `;`) are dropped. An empty line stays one empty action (the bot printed nothing),
 * which the referee refuses. Actions past those the referee reads (the protocol's limit and one
 * more) are left out.
 */
export function splitActions(text: string, protocol: Protocol): string[] {
  // The referee reads the protocol's limit of actions and one more (to see that more were
  // given), never further: a longer file is split only that far, so a huge one costs no array.
  const read = READINGS.actionLimit[protocol] + 1;
  if (protocol === 'multi-turn') {
    if (text === '') return [];
    const lines = text.split(/\r?\n/, read + 1);
    if (lines.length > read) return lines.slice(0, read);
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  }
  READINGS.oneTurnReadsFirstLineOnly satisfies true;
  const line = text.split(/\r?\n/, 1)[0];
  const pieces = line.split(';', read + 1);
  if (pieces.length > read) {
    // The pieces past those read are dropped; the blank ones before them only if nothing follows.
    const rest = pieces.slice(0, read).reduce((offset, piece) => offset + piece.length + 1, 0);
    pieces.length = read;
    if (/[^;\s]/.test(line.slice(rest))) return pieces;
  }
  while (pieces.length > 1 && pieces[pieces.length - 1].trim() === '') pieces.pop();
  return pieces;
}

/** How a bot's output is read: the protocol it was played under (default `multi-turn`). */
export interface RefereeOptions {
  readonly protocol?: Protocol;
}

/**
 * Judges a bot's output text for `board` as the puzzle's referee does: split into actions by the
 * protocol (see {@link Protocol}), then played in order until the game ends. Whatever the text
 * holds is the verdict's to judge; a value that is not a valid board (`invalid-board`), an
 * output that is not a string or options that are not {@link RefereeOptions} (`invalid-option`)
 * are refused, with the field at fault.
 *
 * @example
 * ```ts
 * import { parseBoard, referee } from 'tilefall/samegame';
 *
 * const board = parseBoard('1 0 0\n0 1 1');
 * if (!board.ok) throw new Error(board.error.message);
 * const verdict = referee(board.value, '1 0\n0 0\n', { protocol: 'multi-turn' });
 * if (verdict.ok) console.log(verdict.value.score, verdict.value.end, verdict.value.cleared); // 1 'terminal' false
 * ```
 */
export function referee(board: Board, output: string, options: RefereeOptions = {}): Result<Verdict, ArgumentError> {
  const checked = checkRefereeArguments(board, output, options);
  if (!checked.ok) return checked;
  const { protocol } = checked.value;
  return ok(judgeActions(checked.value.board, splitActions(output, protocol), protocol));
}

/** The board and protocol of a call of {@link referee} or `replay`, once its arguments are checked. */
export function checkRefereeArguments(
  board: unknown,
  output: unknown,
  options: unknown,
): Result<{ readonly board: Board; readonly protocol: Protocol }, ArgumentError> {
  const checked = checkBoard(board);
  if (!checked.ok) return checked;
  if (typeof output !== 'string') return refuse('invalid-option', 'output', "a string (the bot's output)", output);
  const fields = checkOptions('invalid-option', 'options', options, ['protocol']);
  if (!fields.ok) return fields;
  const { protocol = 'multi-turn' } = fields.value;
  const chosen = checkChoice('invalid-option', 'options.protocol', protocol, PROTOCOLS);
  if (!chosen.ok) return chosen;
  return ok({ board: checked.value, protocol: chosen.value });
}

/** Plays `actions` (already split, one string per action) from `board` under `protocol`: the referee's verdict. */
export function judgeActions(board: Board, actions: readonly string[], protocol: Protocol): Verdict {
  return judgeAll(new RefereeGame(board, protocol), actions);
}

/**
 * Replays a solver's line (cells in the positions they are played in) with the referee's checks
 * but no protocol limit: a line on a large board may be longer than a protocol reads. The verdict
 * is `terminal` or `exhausted` when every move is legal, `error` at the first one that is not
 * (a whole-number cell off the board is `out-of-bounds`, as the referee judges it). A value that
 * is not a valid board (`invalid-board`), `moves` that are not an array of cells with
 * whole-number coordinates (`invalid-cell`) are refused, with the field at fault (`moves[3].x`).
 *
 * @example
 * ```ts
 * import { parseBoard, playMoves } from 'tilefall/samegame';
 *
 * const board = parseBoard('1 0 0\n0 1 1');
 * if (!board.ok) throw new Error(board.error.message);
 * const verdict = playMoves(board.value, [
 *   { x: 1, y: 0 },
 *   { x: 0, y: 0 },
 * ]);
 * if (verdict.ok) console.log(verdict.value.score, verdict.value.end); // 1 'terminal'
 * ```
 */
export function playMoves(board: Board, moves: readonly Cell[]): Result<Verdict, ArgumentError> {
  const checked = checkBoard(board);
  if (!checked.ok) return checked;
  const cells = checkCells(moves, 'moves');
  if (!cells.ok) return cells;
  return ok(judgeLine(checked.value, cells.value));
}

/** {@link playMoves} of a valid board and whole-number cells: the engine's own, for the lines the search found. */
export function judgeLine(board: Board, moves: readonly Cell[]): Verdict {
  const game = new RefereeGame(board, 'multi-turn', Number.POSITIVE_INFINITY);
  for (const move of moves) {
    if (!game.wantsAction()) break;
    game.judgeCell(move);
  }
  return game.verdict();
}

function judgeAll(game: RefereeGame, actions: readonly string[]): Verdict {
  judgeWhileWanted(game, actions);
  return game.verdict();
}

/** Feeds `actions` to `game` in order until it stops asking (the rest is never read, as on the site). */
export function judgeWhileWanted(game: RefereeGame, actions: readonly string[]): void {
  for (const action of actions) {
    if (!game.wantsAction()) break;
    game.judge(action);
  }
}

/**
 * One game as the referee runs it, an action at a time (the bot harness feeds it a bot's answers
 * turn by turn; {@link judgeActions} feeds it a whole move list). Before each action the referee looks
 * for the end: a terminal board, or the protocol's action limit.
 */
export class RefereeGame {
  private current: Board;
  private score = 0;
  private moves = 0;
  private warnings = 0;
  private end: GameEnd | undefined;
  private error: Verdict['error'];
  private readonly records: ActionRecord[] = [];

  constructor(
    board: Board,
    readonly protocol: Protocol,
    private readonly actionLimit: number = READINGS.actionLimit[protocol],
  ) {
    this.current = board;
  }

  /** The position the next action is played on (the board a multi-turn bot is sent). */
  get board(): Board {
    return this.current;
  }

  /**
   * True while the referee would ask for another action; false once the game has ended (an
   * error), the board is terminal, or the protocol's limit is reached (which then ends it).
   */
  wantsAction(): boolean {
    if (this.end !== undefined) return false;
    READINGS.terminalCheckedBeforeEachAction satisfies true;
    if (boardIsTerminal(this.current)) {
      this.end = 'terminal';
      return false;
    }
    READINGS.actionLimitNeedsMoreActions satisfies true; // asked only when an action would follow
    if (this.records.length >= this.actionLimit) {
      this.end = 'action-limit';
      return false;
    }
    return true;
  }

  /** Judges one action (call only while {@link wantsAction}); returns its record. */
  judge(text: string): ActionRecord {
    const index = this.records.length + 1;
    const { score, protocol } = this;
    const parsed = parseAction(text);
    if (!parsed.ok) {
      // "Empty action provided" is the multi-turn referee's check on a blank line; the one-turn
      // referee has none and finds x missing in an empty piece.
      const asFormat =
        protocol === 'one-turn' && parsed.error.code === 'empty-action' && READINGS.emptyOneTurnActionIsFormatError;
      const error = asFormat
        ? { action: index, code: 'format' as const, message: FORMAT_MESSAGE }
        : { action: index, code: parsed.error.code, message: parsed.error.message };
      return this.fail({ index, text, status: 'error', points: 0, score, ...error }, error);
    }
    return this.judgeMove(text, parsed.value);
  }

  /**
   * Judges a move given as a whole-number cell rather than as text (a solver's line: no cell
   * is too large to name, where the text form reads 32-bit integers); its text is `x y`.
   */
  judgeCell(cell: Cell): ActionRecord {
    return this.judgeMove(`${cell.x} ${cell.y}`, cell);
  }

  private judgeMove(text: string, { x, y }: Cell): ActionRecord {
    const index = this.records.length + 1;
    const { score, protocol } = this;
    const outcome = playMove(this.current, { x, y });
    if (!outcome.ok) {
      const { code, message } = outcome.error;
      // Out of bounds is an error in both protocols; an empty or single cell may only warn.
      if (READINGS.illegalMoveIsWarning[protocol] && code !== 'out-of-bounds') {
        this.warnings++;
        return this.record({ index, text, status: 'warning', x, y, points: 0, score, code, message });
      }
      const error = { action: index, code, message };
      return this.fail({ index, text, status: 'error', x, y, points: 0, score, code, message }, error);
    }
    this.current = outcome.value.board;
    const points = outcome.value.points;
    this.score += points;
    this.moves++;
    return this.record({
      index,
      text,
      status: 'applied',
      x,
      y,
      removed: outcome.value.removed,
      points,
      score: this.score,
    });
  }

  /** The verdict on the actions judged so far. */
  verdict(): Verdict {
    const terminal = boardIsTerminal(this.current);
    return {
      protocol: this.protocol,
      score: this.score,
      moves: this.moves,
      warnings: this.warnings,
      terminal,
      cleared: boardIsCleared(this.current),
      end: this.end ?? (terminal ? 'terminal' : 'exhausted'),
      ...(this.error ? { error: this.error } : {}),
      board: this.current,
      actions: [...this.records],
    };
  }

  private record(record: ActionRecord): ActionRecord {
    this.records.push(record);
    return record;
  }

  private fail(record: ActionRecord, error: NonNullable<Verdict['error']>): ActionRecord {
    this.error = error;
    this.end = 'error';
    return this.record(record);
  }
}
