/**
 * A bot's output judged as the statement scores it: an output that breaks the format is invalid
 * and scores 0; a valid one is played column by column, columns after its last placement at the
 * default placement, until the sequence ends or a column sticks out.
 */
import { emptyField, type Field } from './field.js';
import type { Instance, Placement } from './instance.js';
import { READINGS } from './readings.js';
import { playColumn } from './rules.js';
import { type OutputError, parseOutput } from './text.js';

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
  | { readonly valid: false; readonly score: 0; readonly error: OutputError }
  | ({ readonly valid: true; readonly placements: readonly Placement[] } & GameResult);

/** Plays `instance` with `placements`; columns after the last placement use the default placement. */
export function playGame(instance: Instance, placements: readonly Placement[]): GameResult {
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

/** Judges a bot's output text for `instance`, as the statement scores it. */
export function referee(instance: Instance, output: string): Verdict {
  const placements = parseOutput(output, instance.width, instance.pieces.length);
  if (!placements.ok) return { valid: false, score: 0, error: placements.error };
  return { valid: true, placements: placements.value, ...playGame(instance, placements.value) };
}
