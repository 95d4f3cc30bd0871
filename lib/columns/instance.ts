/**
 * A Columns test: the field size and the known sequence of columns, parsed from the statement's
 * input form (`w h`, then `k`, then k tokens of three characters) with zod and typed errors.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../core/result.js';
import type { Jewel } from './field.js';
import { clip, lastContentLine, readWholeNumber, type TokenError, tokenize } from './tokens.js';

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

/** The statement's limits; the library accepts any sane size beyond them. */
export const STATEMENT_LIMITS = { width: [6, 12], height: [13, 19], columns: [1, 10_000] } as const;
const SANE = { minWidth: 1, maxWidth: 64, minHeight: 3, maxHeight: 256, maxColumns: 1_000_000 } as const;

/** A refused input: the line and what is wrong. */
export type InputError = TokenError;

const pieceTokenSchema = z.string().regex(/^(\*\*\*|[a-z]{3})$/);

/** A piece from its three characters. */
export function pieceFromToken(token: string): Piece {
  if (token === '***') return { magic: true };
  return { magic: false, jewels: [token.charCodeAt(0) - 97, token.charCodeAt(1) - 97, token.charCodeAt(2) - 97] };
}

/** The piece's three characters. */
export function pieceToken(piece: Piece): string {
  return piece.magic ? '***' : piece.jewels.map((j) => String.fromCharCode(97 + j)).join('');
}

/** Parses the statement's input. Any whitespace may separate tokens. */
export function parseInstance(text: string): Result<Instance, InputError> {
  const tokens = tokenize(text);
  const lastLine = lastContentLine(text);
  const integer = (index: number, name: string, min: number, max: number) =>
    readWholeNumber(tokens, index, name, min, max, lastLine);
  const width = integer(0, 'the width w', SANE.minWidth, SANE.maxWidth);
  if (!width.ok) return width;
  const height = integer(1, 'the height h', SANE.minHeight, SANE.maxHeight);
  if (!height.ok) return height;
  const count = integer(2, 'the column count k', 1, SANE.maxColumns);
  if (!count.ok) return count;
  const pieces: Piece[] = [];
  for (let i = 0; i < count.value; i++) {
    const t = tokens[3 + i];
    if (t === undefined) return err({ line: lastLine, message: `the input ends after ${i} of ${count.value} columns` });
    if (!pieceTokenSchema.safeParse(t.token).success) {
      return err({ line: t.line, message: `column ${i + 1} "${clip(t.token)}" is not *** or three lowercase letters` });
    }
    pieces.push(pieceFromToken(t.token));
  }
  const extra = tokens[3 + count.value];
  if (extra !== undefined)
    return err({ line: extra.line, message: `unexpected "${clip(extra.token)}" after the ${count.value} columns` });
  return ok({ width: width.value, height: height.value, pieces });
}

/** The instance in the statement's input form. */
export function formatInstance(instance: Instance): string {
  return `${instance.width} ${instance.height}\n${instance.pieces.length}\n${instance.pieces.map(pieceToken).join('\n')}\n`;
}
