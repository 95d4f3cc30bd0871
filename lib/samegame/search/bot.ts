/**
 * The CodinGame bot's brain, free of I/O: it plans a whole game on the first turn and then
 * answers each turn from the plan, spending the short turn budget on improving the rest of the
 * plan (`plan-polish.ts`), or on re-planning whenever the board it receives is not the one the
 * plan expects.
 */
import type { BudgetSpec } from '../../core/budget.js';
import { createRandom, type Random } from '../../core/random.js';
import { type Board, boardsEqual, type Cell } from '../engine/board.js';
import { boardKey } from '../engine/board-key.js';
import { play } from '../engine/rules.js';
import { polishPlan } from './plan-polish.js';
import { solve } from './solver.js';
import type { Weights } from './weights.js';

/** Budgets and weights of the CodinGame bot. */
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

/** One CodinGame game: plans on the first turn, then answers from the plan (improving it) or re-plans. */
export class BotSession {
  private plan: Cell[] = [];
  private expected: Board | undefined;
  private turn = 0;
  /** Draws for the later turns' polishing (the solves draw from their own seeded streams). */
  private readonly random: Random;
  private replanCount = 0;
  private improvedCount = 0;

  constructor(private readonly options: BotOptions) {
    this.random = createRandom(options.seed ?? 1);
  }

  /** How many times the bot had to re-plan (the board differed from the plan's). */
  get replans(): number {
    return this.replanCount;
  }

  /** How many later turns found a better rest of the plan. */
  get improvedTurns(): number {
    return this.improvedCount;
  }

  /** The action for this turn's board, or undefined when the board has no legal move. */
  move(board: Board): Cell | undefined {
    const first = this.turn++ === 0;
    const onPlan = !first && this.expected !== undefined && boardsEqual(board, this.expected);
    if (!onPlan) {
      if (!first) this.replanCount++;
      const solution = solve(board, {
        budget: turnBudget(this.options, first),
        weights: this.options.weights,
        seed: this.options.seed,
        knownLine: this.options.knownLines?.get(boardKey(board)),
      });
      this.plan = solution.ok ? [...solution.value.moves] : [];
    } else {
      const polished = polishPlan(board, this.plan, turnBudget(this.options, false), this.random);
      if (polished !== this.plan) {
        this.plan = [...polished];
        this.improvedCount++;
      }
    }
    const next = this.plan.shift();
    if (next === undefined) return undefined;
    const outcome = play(board, next);
    this.expected = outcome.ok ? outcome.value.board : undefined;
    return next;
  }

  /** The whole plan for a one-turn game. */
  static planAll(board: Board, options: BotOptions): Cell[] {
    const solution = solve(board, {
      budget: turnBudget(options, true),
      weights: options.weights,
      seed: options.seed,
      knownLine: options.knownLines?.get(boardKey(board)),
    });
    return solution.ok ? [...solution.value.moves] : [];
  }
}
