// Domain arbitraries for the Columns specs: instances of many shapes and color counts, and
// placements for them (some illegal in the output sense is not generated here).
import fc from 'fast-check';
import { emptyField, type Field } from '../../lib/columns/engine/field.js';
import { type GenerateOptions, generate } from '../../lib/columns/engine/generate.js';
import type { Instance, Piece, Placement } from '../../lib/columns/engine/instance.js';
import { playColumn, resolveMatches } from '../../lib/columns/engine/landing.js';
import { READINGS } from '../../lib/columns/engine/readings.js';
import type { GameResult, Verdict } from '../../lib/columns/engine/referee.js';

export const pieceArb = (colors: number, magicRate: number): fc.Arbitrary<Piece> =>
  fc
    .double({ min: 0, max: 1, noNaN: true })
    .chain(
      (r): fc.Arbitrary<Piece> =>
        r < magicRate
          ? fc.constant({ magic: true } as const)
          : fc
              .tuple(fc.nat(colors - 1), fc.nat(colors - 1), fc.nat(colors - 1))
              .map((j) => ({ magic: false, jewels: j }) as const),
    );

export const instanceArb = (maxColumns = 80): fc.Arbitrary<Instance> =>
  fc
    .record({
      // Down to the narrowest and lowest fields the engine takes (1 x 3): edges of the match scan.
      width: fc.integer({ min: 1, max: 12 }),
      height: fc.integer({ min: 3, max: 19 }),
      colors: fc.integer({ min: 1, max: 8 }),
      magic: fc.double({ min: 0, max: 0.3, noNaN: true }),
    })
    .chain(({ width, height, colors, magic }) =>
      fc
        .array(pieceArb(colors, magic), { minLength: 1, maxLength: maxColumns })
        .map((pieces) => ({ width, height, pieces })),
    );

/** An instance with placements for a prefix of its columns. */
export const gameArb = (maxColumns = 80) =>
  instanceArb(maxColumns).chain((instance) =>
    fc
      .array(
        fc.record({ position: fc.integer({ min: 1, max: instance.width }), shifts: fc.integer({ min: 0, max: 2 }) }),
        { maxLength: instance.pieces.length },
      )
      .map((placements: Placement[]) => ({ instance, placements })),
  );

/** The field a game reaches through the engine (up to its game over). */
export function reached({ instance, placements }: { instance: Instance; placements: readonly Placement[] }): Field {
  let field = emptyField(instance.width, instance.height);
  for (let i = 0; i < instance.pieces.length; i++) {
    const outcome = playColumn(field, instance.pieces[i], placements[i] ?? READINGS.defaultPlacement);
    if (outcome.gameOver) break;
    field = outcome.field;
  }
  return field;
}

/** Inclusive ranges of a settled field's shape and color count, and rows each stack leaves free. */
export interface SettledFieldShape {
  readonly width: readonly [number, number];
  readonly height: readonly [number, number];
  readonly colors: readonly [number, number];
  /** Rows kept empty above every stack before the matches settle (0: stacks may be full). */
  readonly room: number;
}

/** A settled field (random stacks with every match resolved) of the given shape ranges. */
export const settledFieldArb = ({ width, height, colors, room }: SettledFieldShape): fc.Arbitrary<Field> =>
  fc
    .record({
      width: fc.integer({ min: width[0], max: width[1] }),
      height: fc.integer({ min: height[0], max: height[1] }),
      colors: fc.integer({ min: colors[0], max: colors[1] }),
    })
    .chain(({ width: w, height: h, colors: c }) =>
      fc
        .array(fc.array(fc.nat(c - 1), { maxLength: h - room }), { minLength: w, maxLength: w })
        .map((stacks) => resolveMatches({ width: w, height: h, stacks }).field),
    );

/** `generate`'s instances for options a spec knows to be good (a refusal fails the test). */
export function generated(options: GenerateOptions): Instance[] {
  const instances = generate(options);
  if (!instances.ok) throw new Error(`generate refused ${instances.error.field}: ${instances.error.message}`);
  return instances.value;
}

/** The value of a call a spec knows to be good (a refusal fails the test). */
export function accepted<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
}

/** The game of a verdict that must be valid (placements the specs drew or a solver found). */
export function validGame(
  judged: Verdict | { ok: true; value: Verdict } | { ok: false; error: { message: string } },
): GameResult {
  const verdict = 'ok' in judged ? accepted(judged) : judged;
  if (!verdict.valid) throw new Error(`invalid placements: line ${verdict.error.line}: ${verdict.error.message}`);
  return verdict;
}

/** The error of a refused text, failing the test when the text was accepted. */
export function refusal<E>(result: { ok: true } | { ok: false; error: E }): E {
  if (result.ok) throw new Error('expected the text to be refused');
  return result.error;
}
