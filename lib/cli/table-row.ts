/** Plain text of the CLI's reports: table rows (bench, judge, compare), and numbers as a person reads them. */

/** A table row: each value right-aligned in its column's width, one space between columns. */
export const tableRow = (widths: readonly number[], values: readonly (string | number)[]): string =>
  values.map((v, i) => String(v).padStart(widths[i])).join(' ');

/** A whole number as a person reads it, digits grouped by thousands: `1,234,567`. */
export const grouped = (n: number): string => n.toLocaleString('en-US');

/** A count with its noun, singular for one: `1 move`, `1,234 moves`. */
export const countOf = (n: number, noun: string): string => `${grouped(n)} ${noun}${n === 1 ? '' : 's'}`;
