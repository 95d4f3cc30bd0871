/**
 * Comparing an engine's answer with the rules, step by step and line by line, and showing where
 * they part. Both protocols answer each move with a few lines (the points, then the board), so
 * one comparison serves both games.
 */
import { type ArgumentError, checkWholeNumber, isPlainObject, refuse } from '../core/argument-error.js';
import { escapeControlCharacters } from '../core/control-characters.js';
import { ok, type Result } from '../core/result.js';
import { isArrayOf, isString, MOST_LINES } from './dense-array.js';

/** One move of a game as a correct engine answers it. */
export interface ExpectedStep {
  /** The move as the game's text gives it (`x y`, or `p s` and the piece). */
  readonly move: string;
  /** The board before the move, in the answer's form. */
  readonly before: readonly string[];
  /** The lines a correct engine prints for this move. */
  readonly lines: readonly string[];
}

/** Where an engine's answer first parts from the rules. */
export interface Disagreement {
  /** The move, counted from 1. */
  readonly step: number;
  /** The move as the game's text gives it. */
  readonly move: string;
  /** The board before the move. */
  readonly before: readonly string[];
  /** The first line of the step that differs, counted from 1 (one past the last when lines are missing). */
  readonly line: number;
  /** What a correct engine prints for the move. */
  readonly expected: readonly string[];
  /** What the engine printed for it (fewer lines when its answer ended early). */
  readonly received: readonly string[];
}

/**
 * Whether a received line says what the expected one does: the same words, however many spaces
 * separate them (a trailing space or a `\r` is no disagreement).
 */
export function linesAgree(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const a = expected.trim().split(/\s+/);
  const b = received.trim().split(/\s+/);
  return a.length === b.length && a.every((word, i) => word === b[i]);
}

/** The first line where `received` parts from `expected` within one step, or 0 when they agree. */
export function firstDifferentLine(expected: readonly string[], received: readonly string[]): number {
  const lines = Math.max(expected.length, received.length);
  for (let i = 0; i < lines; i++) {
    if (i >= expected.length || !linesAgree(expected[i], received[i])) return i + 1;
  }
  return 0;
}

/**
 * The first step where the received answers part from the expected ones, or undefined when every
 * step agrees. A received answer with fewer steps parts at the first missing one; steps beyond the
 * expected ones are ignored here (a stream reader sees them as the next game's).
 */
export function firstDisagreement(
  expected: readonly ExpectedStep[],
  received: readonly (readonly string[])[],
): Disagreement | undefined {
  for (let s = 0; s < expected.length; s++) {
    const answer = received[s] ?? [];
    const line = firstDifferentLine(expected[s].lines, answer);
    if (line > 0) return disagreementAt(expected[s], s + 1, line, answer);
  }
  return undefined;
}

/** The disagreement at `step` of a game, line `line` of the step. */
export function disagreementAt(
  expected: ExpectedStep,
  step: number,
  line: number,
  received: readonly string[],
): Disagreement {
  return { step, move: expected.move, before: expected.before, line, expected: expected.lines, received };
}

/**
 * A disagreement as text: the move and the board it was played on, then the expected and the
 * received lines side by side, the lines that differ marked, control characters written as their
 * escapes (`\u001b`) so that an engine's output cannot drive the terminal. A value that is not a
 * {@link Disagreement} (whole step and line numbers from 1, a move and lines of text) is refused,
 * naming the field.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { formatDisagreement, samegameDisagreement, samegameGames, samegameSteps } from 'tilefall/testing';
 *
 * const games = samegameGames();
 * if (!games.ok) throw new Error(games.error.message);
 * const [game] = fc.sample(games.value, { seed: 2, numRuns: 1 });
 * const steps = samegameSteps(game);
 * if (!steps.ok) throw new Error(steps.error.message);
 * // An engine that never adds the clear bonus, as an example of one that parts from the rules.
 * const found = samegameDisagreement(game, steps.value.map((step) => ({ ...step, points: step.points % 1000 })));
 * if (found.ok && found.value) {
 *   const text = formatDisagreement(found.value);
 *   if (text.ok) console.log(text.value);
 * }
 * ```
 */
export function formatDisagreement(disagreement: Disagreement): Result<string, ArgumentError<'invalid-option'>> {
  const checked = checkDisagreement(disagreement);
  return checked.ok ? ok(disagreementText(disagreement)) : checked;
}

/** `value` as a disagreement: whole step and line numbers from 1, a move, and arrays of lines. */
function checkDisagreement(value: unknown): Result<undefined, ArgumentError<'invalid-option'>> {
  const field = 'disagreement';
  if (!isPlainObject(value)) return refuse('invalid-option', field, 'a disagreement', value);
  for (const key of ['step', 'line'] as const) {
    const checked = checkWholeNumber('invalid-option', `${field}.${key}`, value[key], [1, Number.MAX_SAFE_INTEGER]);
    if (!checked.ok) return checked;
  }
  if (typeof value.move !== 'string') return refuse('invalid-option', `${field}.move`, 'a string', value.move);
  for (const key of ['before', 'expected', 'received'] as const) {
    const lines = value[key];
    if (!isArrayOf(lines, isString, MOST_LINES))
      return refuse('invalid-option', `${field}.${key}`, `an array of at most ${MOST_LINES} lines of text`, lines);
  }
  return ok(undefined);
}

/** The text of a disagreement the comparison found (checked by its maker). */
export function disagreementText(disagreement: Disagreement): string {
  const { step, move, before, line, expected, received } = disagreement;
  const left = ['expected', ...expected];
  const right = ['received', ...received];
  // An engine's lines are shown with their control characters escaped: the text goes to a terminal.
  const safe = (l: string | undefined) => (l === undefined ? undefined : escapeControlCharacters(l));
  // A reduce, not Math.max(...lines): an answer of many lines is no argument list.
  const width = left.reduce((most, l) => Math.max(most, escapeControlCharacters(l).length), 0);
  const rows: string[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const differs = i > 0 && !linesAgree(left[i] ?? '', right[i]) && (left[i] !== undefined || right[i] !== undefined);
    const mark = i === 0 ? '   ' : differs ? ' ≠ ' : '   ';
    const shown = safe(right[i]) ?? (i > 0 && i <= expected.length ? '(nothing)' : '');
    rows.push(`  ${(safe(left[i]) ?? '').padEnd(width)} ${mark} ${shown}`.trimEnd());
  }
  return [
    ...(before.length === 0 ? [`step ${step}, move ${move}:`] : [`step ${step}, move ${move}, on the board:`]),
    ...before.map((l) => `  ${escapeControlCharacters(l)}`),
    `the answers part at line ${line} of the step:`,
    ...rows,
  ].join('\n');
}
