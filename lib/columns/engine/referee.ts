/**
 * A bot's output judged as the statement scores it: an output that breaks the format is invalid
 * and scores 0; a valid one is played column by column, columns after its last placement at the
 * default placement, until the sequence ends or a column sticks out.
 */
import { emptyField, type Field } from './field.js';
import type { Instance, Placement } from './instance.js';
import { playColumn } from './landing.js';
import { formatMoves, parseMoves } from './moves.js';
import { READINGS } from './readings.js';
import { placementError } from './rules.js';
import type { TextError } from './text.js';

/** The outcome of a whole game. */
export interface GameResult {
  readonly score: number;
  /** Points of each column played, in order (defaults included; the column that ended the game is not). */
  readonly pointsPerColumn: readonly number[];
  /** 1-based index of the column whose landing ended the game, or null. */
  readonly gameOverAt: number | null;
  readonly field: Field;
}

/** The verdict on an output text: invalid (score 0, with the reason) or the game it plays. */
export type Verdict =
  | { readonly valid: false; readonly score: 0; readonly error: TextError }
  | ({ readonly valid: true; readonly placements: readonly Placement[] } & GameResult);

/**
 * Plays `instance` with `placements`: the verdict the referee gives the output
 * `formatMoves(placements)` (invalid for a placement out of range or more placements than
 * columns); columns after the last placement use the default placement.
 */
export function playMoves(instance: Instance, placements: readonly Placement[]): Verdict {
  const fits = (p: Placement) => placementError(p, instance.width) === undefined;
  if (placements.length > instance.pieces.length || !placements.every(fits))
    return referee(instance, formatMoves(placements));
  return { valid: true, placements, ...playedGame(instance, placements) };
}

/** The game `placements` play (each one in range); columns after the last use the default placement. */
export function playedGame(instance: Instance, placements: readonly Placement[]): GameResult {
  let field = emptyField(instance.width, instance.height);
  const pointsPerColumn: number[] = [];
  let score = 0;
  for (let i = 0; i < instance.pieces.length; i++) {
    const outcome = playColumn(field, instance.pieces[i], placements[i] ?? READINGS.defaultPlacement);
    if (outcome.gameOver) return { score, pointsPerColumn, gameOverAt: i + 1, field };
    field = outcome.field;
    score += outcome.points;
    pointsPerColumn.push(outcome.points);
  }
  return { score, pointsPerColumn, gameOverAt: null, field };
}

/**
 * Judges a bot's output text for `instance`, as the statement scores it.
 *
 * @example
 * ```ts
 * import { parseInstance, referee } from 'tilefall/columns';
 *
 * const instance = parseInstance('6 13\n3\naab\nbba\nccc\n');
 * if (!instance.ok) throw new Error(instance.error.message);
 * const verdict = referee(instance.value, '3\n1 0\n2 0\n3 0\n');
 * if (verdict.valid) console.log(verdict.score, verdict.gameOverAt);
 * else console.log(`line ${verdict.error.line}: ${verdict.error.message}`); // scores 0
 * ```
 */
export function referee(instance: Instance, output: string): Verdict {
  const placements = parseMoves(output, instance);
  if (!placements.ok) return { valid: false, score: 0, error: placements.error };
  return { valid: true, placements: placements.value, ...playedGame(instance, placements.value) };
}
