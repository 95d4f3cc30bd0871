/**
 * A bot's output judged as the statement scores it: an output that breaks the format is invalid
 * and scores 0; a valid one is played column by column, columns after its last placement at the
 * default placement, until the sequence ends or a column sticks out.
 */
import { type ArgumentError, refuse } from '../../core/argument-error.js';
import { ok, type Result } from '../../core/result.js';
import { checkInstance, checkPlacements } from './checks.js';
import { emptyField, type Field } from './field.js';
import type { Instance, Placement } from './instance.js';
import { playColumn } from './landing.js';
import { formatMoves, readMoves } from './moves.js';
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
 * columns); columns after the last placement use the default placement. Refused as values, not
 * judged: an `instance` the engine does not take (`invalid-instance`, naming the field), and
 * `placements` that are not an array of placements of whole numbers (`invalid-cell`).
 */
export function playMoves(
  instance: Instance,
  placements: readonly Placement[],
): Result<Verdict, ArgumentError<'invalid-instance' | 'invalid-cell'>> {
  const checked = checkInstance(instance);
  if (!checked.ok) return checked;
  const moves = checkPlacements(placements);
  if (!moves.ok) return moves;
  return ok(judgePlacements(checked.value, moves.value));
}

/** {@link playMoves} of an instance and placements known to be good (whole numbers, any range). */
export function judgePlacements(instance: Instance, placements: readonly Placement[]): Verdict {
  if (placements.length > instance.pieces.length) return judgeOutput(instance, `${placements.length}\n`);
  const fits = (p: Placement) => placementError(p, instance.width) === undefined;
  if (!placements.every(fits)) return judgeOutput(instance, formatMoves(placements));
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
 * Judges a bot's output text for `instance`, as the statement scores it: an output that breaks
 * the format is a verdict (invalid, score 0). Refused as values, not judged: an `instance` the
 * engine does not take (`invalid-instance`, naming the field) and an `output` that is not a
 * string (`invalid-option`).
 *
 * @example
 * ```ts
 * import { parseInstance, referee } from 'tilefall/columns';
 *
 * const instance = parseInstance('6 13\n3\naab\nbba\nccc\n');
 * if (!instance.ok) throw new Error(instance.error.message);
 * const judged = referee(instance.value, '3\n1 0\n2 0\n3 0\n');
 * if (!judged.ok) throw new Error(judged.error.message); // not an instance, or not a string
 * const verdict = judged.value;
 * if (verdict.valid) console.log(verdict.score, verdict.gameOverAt);
 * else console.log(`line ${verdict.error.line}: ${verdict.error.message}`); // scores 0
 * ```
 */
export function referee(
  instance: Instance,
  output: string,
): Result<Verdict, ArgumentError<'invalid-instance' | 'invalid-option'>> {
  const checked = checkInstance(instance);
  if (!checked.ok) return checked;
  if (typeof output !== 'string') return refuse('invalid-option', 'output', 'a string', output);
  return ok(judgeOutput(checked.value, output));
}

/** {@link referee} of an instance known to be good. */
export function judgeOutput(instance: Instance, output: string): Verdict {
  const placements = readMoves(output, instance.width, instance.pieces.length);
  if (!placements.ok) return { valid: false, score: 0, error: placements.error };
  return { valid: true, placements: placements.value, ...playedGame(instance, placements.value) };
}
