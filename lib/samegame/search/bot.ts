/**
 * The CodinGame bot's brain, free of I/O: it plans a whole game on the first turn and then
 * answers each turn from the plan, spending the short turn budget on improving the rest of the
 * plan (`plan-polish.ts`), or on re-planning whenever the board it receives is not the one the
 * plan expects.
 */
import { type ArgumentError, checkOptions, checkWholeNumber, refuse, SEED_RANGE } from '../../core/argument-error.js';
import { BUDGET_LIMITS, type BudgetSpec } from '../../core/budget.js';
import { createRandom, type Random } from '../../core/random.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, boardsEqual, type Cell, checkBoard, checkCells } from '../engine/board.js';
import { boardKey } from '../engine/board-key.js';
import { playMove } from '../engine/rules.js';
import { polishPlan } from './plan-polish.js';
import { solve } from './solver.js';
import { checkWeights, type Weights } from './weights.js';

/**
 * Budgets and weights of the CodinGame bot, checked by {@link BotSession.create}: times finite and
 * positive (at most a day), node budgets whole numbers from 1, weights as `solve` takes them, the
 * seed a safe whole number, known lines a `Map` of arrays of cells.
 */
export interface BotOptions {
  /** Planning time on the first turn (the puzzle allows 20 s). */
  readonly firstTurnMs: number;
  /**
   * Time of a later turn (the puzzle allows 50 ms): spent on improving the rest of the plan, or on
   * re-planning when the board is not the one the plan expects.
   */
  readonly turnMs: number;
  readonly weights?: Weights;
  readonly seed?: number;
  /**
   * When the first turn's clock started (a `performance.now()` time). The bot programs pass 0,
   * their process's start: the referee starts a turn's clock when it sends the input, which is
   * as the process starts, so start-up and reading the board are part of the first turn (a
   * program run through tsx spends about a second there, two on a busy machine). Omitted: the
   * clock starts when the first board is handed to the bot.
   */
  readonly firstTurnSince?: number;
  /**
   * The first turn's budget in nodes instead of time (`firstTurnMs` and `firstTurnSince` are then
   * unused): a plan that is the same however loaded the machine is, for tests and experiments.
   */
  readonly firstTurnNodes?: number;
  /** A later turn's budget in nodes instead of `turnMs`, for the same reason. */
  readonly turnNodes?: number;
  /**
   * Lines found offline, by board key (`boardKey`, the same for every recoloring): on a board it
   * knows, the first turn's search starts from the stored line, so the game is never worse than it.
   */
  readonly knownLines?: ReadonlyMap<string, readonly Cell[]>;
}

/** `firstTurnSince` for a bot program: its process's start, where `performance.now()` counts from. */
export const PROCESS_START = 0;

/**
 * The first turn's planning budget: what is left of `firstTurnMs` since `firstTurnSince`, and
 * never less than a later turn's budget (a bot that started too slowly still answers quickly).
 */
export function firstTurnBudgetMs(options: BotOptions, now: number = performance.now()): number {
  const spent = options.firstTurnSince === undefined ? 0 : Math.max(0, now - options.firstTurnSince);
  return Math.max(options.turnMs, options.firstTurnMs - spent);
}

/** The budget of the first turn (`first`) or of a later one: nodes when the options give them, else time. */
function turnBudget(options: BotOptions, first: boolean): BudgetSpec {
  if (first)
    return options.firstTurnNodes === undefined
      ? { timeMs: firstTurnBudgetMs(options) }
      : { nodes: options.firstTurnNodes };
  return options.turnNodes === undefined ? { timeMs: options.turnMs } : { nodes: options.turnNodes };
}

/** Default first-turn plan: a safe margin under the puzzle's 20 s. */
export const DEFAULT_FIRST_TURN_MS = 18_000;
/**
 * Default budget of a later turn: 15 of the puzzle's 50 ms. A judged later turn took its budget
 * and up to 16 ms more (reading the board, the plan's replay, a collection, waiting for a core),
 * and should stay under 35 ms so that a slower server has 15 ms to spare (the judged turns:
 * docs/benchmarks.md).
 */
export const DEFAULT_TURN_MS = 15;

/** The options {@link BotSession} knows. */
const BOT_OPTION_KEYS = [
  'firstTurnMs',
  'turnMs',
  'weights',
  'seed',
  'firstTurnSince',
  'firstTurnNodes',
  'turnNodes',
  'knownLines',
] as const;

/** `value` as bot options, or the first option at fault. */
export function checkBotOptions(value: unknown): Result<BotOptions, ArgumentError> {
  const fields = checkOptions('invalid-option', 'options', value, BOT_OPTION_KEYS);
  if (!fields.ok) return fields;
  const given = fields.value;
  for (const key of ['firstTurnMs', 'turnMs'] as const) {
    const ms = given[key];
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0 || ms > BUDGET_LIMITS.timeMs)
      return refuse(
        'invalid-budget',
        `options.${key}`,
        `a positive number of milliseconds, at most ${BUDGET_LIMITS.timeMs}`,
        ms,
      );
  }
  for (const key of ['firstTurnNodes', 'turnNodes'] as const) {
    if (given[key] === undefined) continue;
    const nodes = checkWholeNumber('invalid-budget', `options.${key}`, given[key], [1, BUDGET_LIMITS.nodes]);
    if (!nodes.ok) return nodes;
  }
  const since = given.firstTurnSince;
  if (since !== undefined && (typeof since !== 'number' || !Number.isFinite(since)))
    return refuse('invalid-option', 'options.firstTurnSince', 'a finite performance.now() time', since);
  let weights: Weights | undefined;
  if (given.weights !== undefined) {
    const checked = checkWeights(given.weights, 'options.weights');
    if (!checked.ok) return checked;
    weights = checked.value;
  }
  if (given.seed !== undefined) {
    const seed = checkWholeNumber('invalid-option', 'options.seed', given.seed, SEED_RANGE);
    if (!seed.ok) return seed;
  }
  const lines = checkKnownLines(given.knownLines);
  if (!lines.ok) return lines;
  // The copy checkOptions made, with the weights checkWeights copied: what the session plays with.
  return ok({ ...given, ...(weights === undefined ? {} : { weights }) } as unknown as BotOptions);
}

/** Known lines: absent, or a `Map` from board keys to arrays of cells. */
function checkKnownLines(value: unknown): Result<unknown, ArgumentError> {
  if (value === undefined) return ok(value);
  if (!(value instanceof Map))
    return refuse('invalid-option', 'options.knownLines', 'a Map of board keys to lines', value);
  for (const [key, line] of value) {
    const field = `options.knownLines.get(${typeof key === 'string' ? JSON.stringify(key.slice(0, 40)) : '…'})`;
    if (typeof key !== 'string')
      return refuse('invalid-option', 'options.knownLines', 'keyed by board keys (strings)', key);
    const cells = checkCells(line, field);
    if (!cells.ok) return cells;
  }
  return ok(value);
}

/**
 * One CodinGame game: plans on the first turn, then answers from the plan (improving it) or
 * re-plans. Start one with {@link BotSession.create}, which checks the options.
 */
export class BotSession {
  private plan: Cell[] = [];
  private expected: Board | undefined;
  private turn = 0;
  /** Draws for the later turns' polishing (the solves draw from their own seeded streams). */
  private readonly random: Random;
  private replanCount = 0;
  private improvedCount = 0;

  private constructor(private readonly options: BotOptions) {
    this.random = createRandom(options.seed ?? 1);
  }

  /**
   * A session for one game, or the first option at fault: a time or node budget that is not
   * finite and positive (`invalid-budget`), weights `solve` would refuse (`invalid-weights`), or
   * another option that is not what {@link BotOptions} says (`invalid-option`).
   *
   * @example
   * ```ts
   * import { BotSession, generate } from 'tilefall/samegame';
   *
   * const session = BotSession.create({ firstTurnMs: 1_000, turnMs: 15 });
   * const boards = generate({ seed: 3 });
   * if (session.ok && boards.ok) console.log(session.value.move(boards.value[0])); // the first move
   * ```
   */
  static create(options: BotOptions): Result<BotSession, ArgumentError> {
    const checked = checkBotOptions(options);
    return checked.ok ? ok(new BotSession(checked.value)) : checked;
  }

  /** How many times the bot had to re-plan (the board differed from the plan's). */
  get replans(): number {
    return this.replanCount;
  }

  /** How many later turns found a better rest of the plan. */
  get improvedTurns(): number {
    return this.improvedCount;
  }

  /**
   * The action for this turn's board, or undefined when the board has no legal move, or is not a
   * valid board (which the referee never sends: such a turn is not counted).
   */
  move(board: Board): Cell | undefined {
    const checked = checkBoard(board);
    if (!checked.ok) return undefined;
    const position = checked.value;
    const first = this.turn++ === 0;
    const onPlan = !first && this.expected !== undefined && boardsEqual(position, this.expected);
    if (!onPlan) {
      if (!first) this.replanCount++;
      const solution = solve(position, {
        budget: turnBudget(this.options, first),
        weights: this.options.weights,
        seed: this.options.seed,
        knownLine: this.options.knownLines?.get(boardKey(position)),
      });
      this.plan = solution.ok ? [...solution.value.moves] : [];
    } else {
      const polished = polishPlan(position, this.plan, turnBudget(this.options, false), this.random);
      if (polished !== this.plan) {
        this.plan = [...polished];
        this.improvedCount++;
      }
    }
    const next = this.plan.shift();
    if (next === undefined) return undefined;
    const outcome = playMove(position, next);
    this.expected = outcome.ok ? outcome.value.board : undefined;
    return next;
  }

  /**
   * The whole plan for a one-turn game, or the first argument at fault: a value that is not a
   * valid board (`invalid-board`), or options {@link BotSession.create} would refuse.
   */
  static planAll(board: Board, options: BotOptions): Result<Cell[], ArgumentError> {
    const checkedBoard = checkBoard(board);
    if (!checkedBoard.ok) return checkedBoard;
    const checked = checkBotOptions(options);
    if (!checked.ok) return checked;
    const solution = solve(checkedBoard.value, {
      budget: turnBudget(checked.value, true),
      weights: checked.value.weights,
      seed: checked.value.seed,
      knownLine: checked.value.knownLines?.get(boardKey(checkedBoard.value)),
    });
    if (solution.ok) return ok([...solution.value.moves]);
    return solution.error.code === 'engine-mismatch' ? ok([]) : err(solution.error);
  }
}
