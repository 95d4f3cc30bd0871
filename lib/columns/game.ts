/** A whole Columns game: every column of the instance, placed by the output or by the default. */
import { emptyField, type Field } from './field.js';
import type { Instance } from './instance.js';
import type { Placement } from './output.js';
import { READINGS } from './readings.js';
import { playColumn } from './rules.js';

/** The outcome of a whole game, as `verify` reports it. */
export interface GameResult {
  readonly score: number;
  /** Points of each column played, in order (defaults included; the column that ended the game is not). */
  readonly pointsPerColumn: readonly number[];
  /** 1-based index of the column whose landing ended the game, or null. */
  readonly gameOverAt: number | null;
  readonly field: Field;
}

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
