/**
 * A Columns game as replay data: every column of an output as the engine plays it, with the
 * incoming column's shift and target, what a magic column cleared, and each step of the matching
 * loop (the field it found matches in, the matched jewels, the combo and the points), computed
 * here so that a picture of the game draws only what it is given.
 */
import { type ArgumentError, refuse } from '../../core/argument-error.js';
import { ok, type Result } from '../../core/result.js';
import { checkInstance } from './checks.js';
import { emptyField, type Field, jewelLetter } from './field.js';
import { type Instance, instanceColors, type Placement, pieceToken } from './instance.js';
import { playColumn, shiftJewels } from './landing.js';
import { READINGS } from './readings.js';
import { judgeOutput } from './referee.js';
import type { TextError } from './text.js';

/** One step of a column's matching loop, or a magic column's clear. */
export interface ReplayStage {
  /** The field of this stage: each stack's letters bottom to top, stacks left to right joined by '/'. */
  readonly field: string;
  /** Jewels about to clear (cell indices), with the combo (absent for a magic clear) and their points. */
  readonly marks?: readonly number[];
  readonly combo?: number;
  readonly points?: number;
}

/** One column of the game, and the field after it. */
export interface ReplayColumn {
  /** The column's three characters as the input gives them (`***` for magic). */
  readonly token: string;
  /** Its jewels bottom to top after the shift, as they land (`***` for magic). */
  readonly landing: string;
  readonly position: number;
  readonly shifts: number;
  /** Placed by the default placement (after the output's last line), not by the output. */
  readonly byDefault: boolean;
  readonly points: number;
  /** Total after this column. */
  readonly total: number;
  /** The field after this column, in the form of {@link ReplayStage.field}. */
  readonly field: string;
  /** The color a magic column cleared (its letter). */
  readonly magicColor?: string;
  /** A magic clear and each step of the matching loop, when something cleared. */
  readonly stages?: readonly ReplayStage[];
  /** This column stuck out of the field and ended the game (it scored nothing). */
  readonly gameOver?: boolean;
}

/** A whole game: the field's shape, the verdict and one entry per column played. */
export interface Replay {
  readonly game: 'columns';
  readonly width: number;
  readonly height: number;
  /** Colors present in the instance (for the palette). */
  readonly colors: number;
  readonly valid: boolean;
  /** Why the output is invalid (it then scores 0 and no column is played). */
  readonly error?: TextError;
  readonly score: number;
  readonly gameOverAt: number | null;
  /** Columns in the instance. */
  readonly columnCount: number;
  /** Entry k is column k + 1; the last one ended the game when `gameOverAt` is set. */
  readonly columns: readonly ReplayColumn[];
}

/**
 * The field as replay data: each stack's letters bottom to top, stacks left to right joined by
 * '/' (a 10,000-column replay holds 10,000 fields; most of a field is empty cells, left out).
 */
export const replayStacks = (field: Field): string => field.stacks.map((s) => s.map(jewelLetter).join('')).join('/');

/** The field as one character per cell, column by column, bottom to top ('.' empty): what `--svg` draws. */
export function replayCells(field: Field): string {
  let out = '';
  for (const stack of field.stacks) out += stack.map(jewelLetter).join('') + '.'.repeat(field.height - stack.length);
  return out;
}

function markedCells(marked: readonly (readonly boolean[])[], height: number): number[] {
  const cells: number[] = [];
  marked.forEach((column, x) => {
    column.forEach((m, y) => {
      if (m) cells.push(x * height + y);
    });
  });
  return cells;
}

/**
 * The replay of an output text for `instance`, as the statement scores it. Refused as values,
 * as the referee refuses them: an `instance` the engine does not take (`invalid-instance`) and an
 * `output` that is not a string (`invalid-option`).
 */
export function replay(
  instance: Instance,
  output: string,
): Result<Replay, ArgumentError<'invalid-instance' | 'invalid-option'>> {
  const checked = checkInstance(instance);
  if (!checked.ok) return checked;
  if (typeof output !== 'string') return refuse('invalid-option', 'output', 'a string', output);
  return ok(replayOutput(checked.value, output));
}

/** {@link replay} of an instance known to be good. */
export function replayOutput(instance: Instance, output: string): Replay {
  // The largest color's letter, not a spread of every jewel (too many arguments for a long instance).
  const colors = 1 + (instanceColors(instance).at(-1) ?? 0);
  const base = { game: 'columns' as const, width: instance.width, height: instance.height, colors };
  const verdict = judgeOutput(instance, output);
  if (!verdict.valid) {
    return {
      ...base,
      valid: false,
      error: verdict.error,
      score: 0,
      gameOverAt: null,
      columnCount: instance.pieces.length,
      columns: [],
    };
  }
  const columns: ReplayColumn[] = [];
  let field = emptyField(instance.width, instance.height);
  let total = 0;
  for (let i = 0; i < instance.pieces.length; i++) {
    const piece = instance.pieces[i];
    const placement: Placement = verdict.placements[i] ?? READINGS.defaultPlacement;
    const outcome = playColumn(field, piece, placement);
    const landing = piece.magic ? '***' : shiftJewels(piece.jewels, placement.shifts).map(jewelLetter).join('');
    const entry = {
      token: pieceToken(piece),
      landing,
      position: placement.position,
      shifts: placement.shifts,
      byDefault: i >= verdict.placements.length,
    };
    if (outcome.gameOver) {
      columns.push({ ...entry, points: 0, total, field: replayStacks(field), gameOver: true });
      break;
    }
    total += outcome.points;
    const stages: ReplayStage[] = [];
    if (outcome.magicColor !== null) {
      // The field the magic column landed on, its color's jewels marked: they all clear.
      const color = jewelLetter(outcome.magicColor);
      const marks = [...replayCells(field)].flatMap((ch, index) => (ch === color ? [index] : []));
      stages.push({ field: replayStacks(field), marks, points: outcome.magicCleared * READINGS.pointsPerMagicJewel });
    }
    for (const step of outcome.steps) {
      stages.push({
        field: replayStacks(step.field),
        marks: markedCells(step.marked, instance.height),
        combo: step.combo,
        points: step.points,
      });
    }
    field = outcome.field;
    columns.push({
      ...entry,
      points: outcome.points,
      total,
      field: replayStacks(field),
      ...(outcome.magicColor === null ? {} : { magicColor: jewelLetter(outcome.magicColor) }),
      ...(stages.length > 0 ? { stages } : {}),
    });
  }
  if (total !== verdict.score) throw new Error(`the replay totals ${total}, the referee ${verdict.score}`);
  return {
    ...base,
    valid: true,
    score: verdict.score,
    gameOverAt: verdict.gameOverAt,
    columnCount: instance.pieces.length,
    columns,
  };
}
