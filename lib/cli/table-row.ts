/** Plain-text tables of the CLI's reports (bench, judge, compare). */

/** A table row: each value right-aligned in its column's width, one space between columns. */
export const tableRow = (widths: readonly number[], values: readonly (string | number)[]): string =>
  values.map((v, i) => String(v).padStart(widths[i])).join(' ');
