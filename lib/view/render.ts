/**
 * Pictures of positions as SVG markup, for both games: used by Node (`--svg`) and, inlined, by
 * the replay page, so a position is drawn by one piece of code everywhere. No imports, because
 * the page embeds this file's JavaScript (`page.ts`). Nothing here knows a rule of a game: every
 * cell, mark and outline is given.
 */

/** Drawing options of a SameGame board. */
export interface SameGameSvgOptions {
  readonly size?: number;
  readonly colors?: number;
  readonly glyphs?: boolean;
  /** Cell indices (column-major, bottom to top) to outline. */
  readonly outline?: readonly number[];
  readonly label?: string;
}

/** The next column above a Columns field. */
export interface IncomingColumn {
  /** Its target column, 0-based. */
  readonly x: number;
  /** Its jewels bottom to top after the shift, `***` for magic. */
  readonly jewels: string;
  /** For magic, the color it will clear. */
  readonly magicColor?: string;
  /** True when it is the column that ends the game. */
  readonly gameOver?: boolean;
}

/** Drawing options of a Columns field. */
export interface ColumnsSvgOptions {
  readonly size?: number;
  readonly colors?: number;
  readonly glyphs?: boolean;
  /** Cell indices (column-major, bottom to top) of matched jewels. */
  readonly marks?: readonly number[];
  readonly incoming?: IncomingColumn | undefined;
  readonly label?: string;
}

/** Okabe and Ito's color-blind-safe palette; past eight colors, glyphs tell colors apart. */
export const PALETTE: readonly string[] = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
  '#999999',
];

/** One glyph per color (shown on request, and always past eight colors). */
export const GLYPHS: string = '●▲■◆★✚✖♥ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The color index of a cell character ('a' is 0), or -1 for an empty cell ('.'). */
export function cellColor(ch: string): number {
  return ch === '.' ? -1 : ch.charCodeAt(0) - 97;
}

/** One tile at pixel (`x`, `y`), with its color's glyph when asked. */
function tile(x: number, y: number, size: number, color: number, glyph: boolean, extra: string): string {
  const fill = PALETTE[color % PALETTE.length];
  const shade = color >= PALETTE.length ? ' fill-opacity="0.55"' : '';
  let out = `<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="${size / 6}" fill="${fill}"${shade}${extra}/>`;
  if (glyph) {
    const fontSize = Math.round(size * 0.55);
    out += `<text x="${x + size / 2}" y="${y + size / 2}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central" fill="#111" font-family="sans-serif">${GLYPHS[color] ?? '?'}</text>`;
  }
  return out;
}

/** The edges of a set of cells that face a cell outside the set: an outline of a region. */
function outline(
  indices: readonly number[],
  height: number,
  size: number,
  left: number,
  top: number,
  stroke: string,
  width: number,
): string {
  const set = new Set(indices);
  let d = '';
  for (const i of indices) {
    const x = Math.floor(i / height);
    const y = i % height;
    const px = left + x * size;
    const py = top + (height - 1 - y) * size;
    if (!set.has(i + 1) || y === height - 1) d += `M${px} ${py}h${size}`;
    if (!set.has(i - 1) || y === 0) d += `M${px} ${py + size}h${size}`;
    if (!set.has(i - height)) d += `M${px} ${py}v${size}`;
    if (!set.has(i + height)) d += `M${px + size} ${py}v${size}`;
  }
  return d === ''
    ? ''
    : `<path d="${d}" stroke="${stroke}" stroke-width="${width}" fill="none" stroke-linecap="square"/>`;
}

/**
 * A SameGame board: `cells` holds one character per cell, column by column, bottom to top
 * ('.' empty, 'a' color 0 ...). `outline` lists cell indices to draw around (the region the
 * next move removes).
 */
export function sameGameSvg(cells: string, width: number, height: number, options: SameGameSvgOptions = {}): string {
  const size = options.size ?? 24;
  const colors = options.colors ?? 5;
  const glyphs = options.glyphs === true || colors > PALETTE.length;
  const w = width * size;
  const h = height * size;
  let body = `<rect width="${w}" height="${h}" fill="#1d1f24"/>`;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const color = cellColor(cells[x * height + y]);
      if (color >= 0) body += tile(x * size, (height - 1 - y) * size, size, color, glyphs, '');
    }
  }
  if (options.outline && options.outline.length > 0) {
    body += outline(options.outline, height, size, 0, 0, '#ffffff', 4);
    body += outline(options.outline, height, size, 0, 0, '#000000', 1.5);
  }
  const label = options.label ?? `SameGame board ${width} x ${height}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${body}</svg>`;
}

/**
 * A Columns field: `cells` holds one character per cell, column by column, bottom to top ('.'
 * empty, 'a' ... 'z' jewels). `marks` lists cell indices of matched jewels; `incoming` draws the
 * next column above the field: its target column (0-based), its jewels bottom to top after the
 * shift ('***' for magic) and, for magic, the color it will clear. `gameOver` marks it as the
 * column that ended the game.
 */
export function columnsSvg(cells: string, width: number, height: number, options: ColumnsSvgOptions = {}): string {
  const size = options.size ?? 20;
  const glyphs = options.glyphs === true || (options.colors ?? 0) > PALETTE.length;
  const top = 3 * size + 6;
  const w = width * size;
  const h = top + height * size;
  let body = `<rect width="${w}" height="${h}" fill="#ffffff"/><rect y="${top}" width="${w}" height="${height * size}" fill="#1d1f24"/>`;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      const color = cellColor(cells[x * height + y]);
      if (color >= 0) body += tile(x * size, top + (height - 1 - y) * size, size, color, glyphs, '');
    }
  }
  for (const i of options.marks ?? []) {
    const x = Math.floor(i / height);
    const y = i % height;
    const cx = x * size + size / 2;
    const cy = top + (height - 1 - y) * size + size / 2;
    body += `<circle cx="${cx}" cy="${cy}" r="${size * 0.42}" fill="none" stroke="#ffffff" stroke-width="3"/><circle cx="${cx}" cy="${cy}" r="${size * 0.42}" fill="none" stroke="#000000" stroke-width="1.2"/>`;
  }
  const incoming = options.incoming;
  if (incoming) {
    const x = incoming.x * size;
    const stroke = incoming.gameOver ? '#d00000' : '#333333';
    body += `<rect x="${x}" y="0" width="${size}" height="${3 * size}" fill="none" stroke="${stroke}" stroke-width="${incoming.gameOver ? 3 : 1}" stroke-dasharray="${incoming.gameOver ? '' : '3 2'}"/>`;
    for (let k = 0; k < 3; k++) {
      const ch = incoming.jewels[k];
      const py = (2 - k) * size;
      if (ch === '*') {
        const color = incoming.magicColor === undefined ? -1 : cellColor(incoming.magicColor);
        const fill = color >= 0 ? PALETTE[color % PALETTE.length] : '#ffffff';
        body += `<rect x="${x + 2}" y="${py + 2}" width="${size - 4}" height="${size - 4}" fill="${fill}" stroke="#000" stroke-dasharray="2 2"/><text x="${x + size / 2}" y="${py + size / 2}" font-size="${Math.round(size * 0.7)}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">*</text>`;
      } else {
        body += tile(x, py, size, cellColor(ch), glyphs, '');
      }
    }
  }
  const label = options.label ?? `Columns field ${width} x ${height}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${body}</svg>`;
}
