/**
 * An integer drawn from one range but shrunk within a wider one: a game of CodinGame's 15 x 15
 * is drawn at 15 x 15 and can still shrink to 1 x 1. fast-check's own integers shrink only within
 * the range they draw from, and a oneof does not shrink from one of its arbitraries to another.
 */
import fc from 'fast-check';

class DrawnInteger extends fc.Arbitrary<number> {
  private readonly drawn: fc.Arbitrary<number>;
  private readonly shrunk: fc.Arbitrary<number>;

  constructor(draw: readonly [number, number], shrink: readonly [number, number]) {
    super();
    this.drawn = fc.integer({ min: draw[0], max: draw[1] });
    this.shrunk = fc.integer({ min: shrink[0], max: shrink[1] });
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<number> {
    // The drawn integer's shrinking context belongs to the narrow range: start afresh in the wide one.
    return new fc.Value(this.drawn.generate(random, biasFactor).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is number {
    return this.shrunk.canShrinkWithoutContext(value);
  }

  shrink(value: number, context: unknown): fc.Stream<fc.Value<number>> {
    return this.shrunk.shrink(value, context);
  }
}

/** An integer drawn uniformly from `draw` that shrinks toward the minimum of `shrink` (which holds `draw`). */
export function drawnInteger(draw: readonly [number, number], shrink: readonly [number, number]): fc.Arbitrary<number> {
  return new DrawnInteger(draw, shrink);
}
