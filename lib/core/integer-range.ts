/** An inclusive range of whole numbers `[min, max]`: the one shape of every limit and drawn parameter. */
export type IntegerRange = readonly [min: number, max: number];
