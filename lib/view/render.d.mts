/** Types of `render.mjs` (plain JavaScript, because the replay page embeds its text). */

/** Okabe and Ito's color-blind-safe palette. */
export declare const PALETTE: readonly string[];
/** One glyph per color. */
export declare const GLYPHS: string;
/** The color index of a cell character ('a' is 0), or -1 for an empty cell ('.'). */
export declare function cellColor(ch: string): number;

/** Drawing options of a SameGame board. */
export interface SameGameSvgOptions {
  readonly size?: number;
  readonly colors?: number;
  readonly glyphs?: boolean;
  /** Cell indices (column-major, bottom to top) to outline. */
  readonly outline?: readonly number[];
  readonly label?: string;
}

/** Drawing options of a Columns field. */
export interface ColumnsSvgOptions {
  readonly size?: number;
  readonly colors?: number;
  readonly glyphs?: boolean;
  /** Cell indices (column-major, bottom to top) of matched jewels. */
  readonly marks?: readonly number[];
  /** The next column above the field. */
  readonly incoming?: {
    readonly x: number;
    readonly jewels: string;
    readonly magicColor?: string;
    readonly gameOver?: boolean;
  };
  readonly label?: string;
}

/** A SameGame board as an SVG document. */
export declare function sameGameSvg(cells: string, width: number, height: number, options?: SameGameSvgOptions): string;
/** A Columns field as an SVG document. */
export declare function columnsSvg(cells: string, width: number, height: number, options?: ColumnsSvgOptions): string;
