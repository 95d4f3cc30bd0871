/**
 * A Columns test as plain data: the field size and the known sequence of falling columns, and a
 * placement (where and how a bot puts one column). Their text forms are in `text.ts`.
 */
import type { IntegerRange } from '../../core/integer-range.js';
import { JEWEL_COLORS, type Jewel, MAX_FIELD } from './field.js';

/** A falling column: three jewels bottom to top, or a magic column. */
export type Piece =
  | { readonly magic: true }
  | { readonly magic: false; readonly jewels: readonly [Jewel, Jewel, Jewel] };

/** A test: field width and height and the sequence of columns. */
export interface Instance {
  readonly width: number;
  readonly height: number;
  readonly pieces: readonly Piece[];
}

/** Where a column goes: 1-based position and the number of cyclic shifts (0..2). */
export interface Placement {
  readonly position: number;
  readonly shifts: number;
}

/**
 * What the engine accepts: the statement's sizes (`STATEMENT_SHAPE`) and any sane size beyond them,
 * so experiments fit; colors are the letters a..z.
 */
export const LIMITS: { readonly [K in 'width' | 'height' | 'columns' | 'colors']: IntegerRange } = {
  width: [1, MAX_FIELD.width],
  height: [3, MAX_FIELD.height],
  columns: [1, 1_000_000],
  colors: [1, JEWEL_COLORS],
};

/** The statement's sizes: what a contest test holds. */
export const STATEMENT_SHAPE: { readonly [K in 'width' | 'height' | 'columns']: IntegerRange } = {
  width: [6, 12],
  height: [13, 19],
  columns: [1, 10_000],
};

/**
 * The pieces read so far, by token: one frozen object per distinct piece (at most 26^3 + 1), shared
 * by every column that is that piece. A dataset at the size cap holds millions of columns, which
 * as objects of their own cost some 100 bytes each (gigabytes); shared, 8 bytes each.
 */
const PIECES = new Map<string, Piece>();

/** A piece from its three characters (`***` or three letters a..z, bottom to top), shared and frozen. */
export function pieceFromToken(token: string): Piece {
  const known = PIECES.get(token);
  if (known !== undefined) return known;
  const piece: Piece =
    token === '***'
      ? Object.freeze({ magic: true })
      : Object.freeze({
          magic: false,
          jewels: Object.freeze([
            token.charCodeAt(0) - 97,
            token.charCodeAt(1) - 97,
            token.charCodeAt(2) - 97,
          ] as const),
        });
  PIECES.set(token, piece);
  return piece;
}

/** The piece's three characters. */
export function pieceToken(piece: Piece): string {
  return piece.magic ? '***' : piece.jewels.map((j) => String.fromCharCode(97 + j)).join('');
}

/** The colors of an instance's regular columns, ascending. */
export function instanceColors(instance: Instance): Jewel[] {
  const seen = new Set<Jewel>();
  for (const piece of instance.pieces) if (!piece.magic) for (const jewel of piece.jewels) seen.add(jewel);
  return [...seen].sort((a, b) => a - b);
}
