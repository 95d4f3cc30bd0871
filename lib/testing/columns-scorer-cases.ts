/**
 * Cases for checking a user's Columns scorer: an instance and an output text, drawn by fast-check
 * from the conformance games (`columns-games.ts`) and then bent toward the statement's scoring
 * corners: an output that places every column, one that places a few (the rest take the default
 * `1 0`), none; a position or a shift out of range; text after the placements; more placements than
 * columns, fewer lines than `t` says, a token that is not a number. The games' tall piles end some
 * of them mid-way, at a placed column or at a default one. Each case shrinks toward a small game and
 * an output that places every column.
 */
import fc from 'fast-check';
import type { Instance } from '../columns/engine/instance.js';
import { judgeOutput, type Verdict } from '../columns/engine/referee.js';
import type { ArgumentError } from '../core/argument-error.js';
import { ok, type Result } from '../core/result.js';
import { type ColumnsGameOptions, columnsGames } from './columns-games.js';

/** An instance and the output text a scorer is given for it. */
export interface ScorerCase {
  readonly instance: Instance;
  readonly output: string;
}

/** How a case's output is bent away from a plain list of every placement. */
const BENDS = [
  'every column',
  'a few columns',
  'no column',
  'position out of range',
  'shift out of range',
  'trailing text',
  'too many placements',
  'missing placement',
  'not a number',
] as const;

/** The scoring corners a case may reach, as the statement's referee reads its output. */
export const SCORER_CORNERS = [
  'every column placed',
  'default placements played',
  'empty output (t = 0)',
  'game over at a placed column',
  'game over at a default placement',
  'position out of range',
  'shift out of range',
  'text after the placements',
  'more placements than columns',
  'output ends before a placement',
  'a token that is not a whole number',
] as const;

/** One of {@link SCORER_CORNERS}. */
export type ScorerCorner = (typeof SCORER_CORNERS)[number];

/** Out-of-range values for a position (`w` wide field) and for a shift. */
const badPosition = (width: number, pick: number): number => [0, width + 1, width + 7][pick % 3];
const badShift = (pick: number): number => [3, 4, 10][pick % 3];
/** What may follow the placements: another placement, a number, a word. */
const TRAILING = ['1 0', '0', 'x', 'end'];
/** Tokens that are not whole numbers. */
const NOT_NUMBERS = ['-1', '1.0', 'a', '+1'];

/**
 * The cases within the same bounds as the conformance games (`columnsGames`); an option outside the
 * engine's limits is refused there, and so here.
 */
export function columnsScorerCases(
  options: ColumnsGameOptions = {},
): Result<fc.Arbitrary<ScorerCase>, ArgumentError<'invalid-option'>> {
  const games = columnsGames(options);
  if (!games.ok) return games;
  const arbitrary = fc
    .record({
      game: games.value,
      bend: fc.nat({ max: BENDS.length - 1 }),
      cut: fc.nat(),
      which: fc.nat(),
      pick: fc.nat({ max: 11 }),
    })
    .map(({ game, bend, cut, which, pick }): ScorerCase => {
      const { instance } = game;
      const k = game.placements.length;
      let lines = game.placements.map((p) => `${p.position} ${p.shifts}`);
      let count = k;
      let trailing: string[] = [];
      const at = which % Math.max(1, lines.length);
      switch (BENDS[bend]) {
        case 'a few columns':
          count = cut % k;
          lines = lines.slice(0, count);
          break;
        case 'no column':
          count = 0;
          lines = [];
          break;
        case 'position out of range':
          lines[at] = `${badPosition(instance.width, pick)} ${game.placements[at].shifts}`;
          break;
        case 'shift out of range':
          lines[at] = `${game.placements[at].position} ${badShift(pick)}`;
          break;
        case 'trailing text':
          trailing = [TRAILING[pick % TRAILING.length]];
          break;
        case 'too many placements':
          count = k + 1;
          lines.push('1 0');
          break;
        case 'missing placement':
          lines = lines.slice(0, cut % k);
          count = lines.length + 1;
          break;
        case 'not a number':
          lines[at] = pick % 2 === 0 ? `${NOT_NUMBERS[pick % 4]} 0` : `1 ${NOT_NUMBERS[pick % 4]}`;
          break;
        default:
          break;
      }
      return { instance, output: [String(count), ...lines, ...trailing].map((l) => `${l}\n`).join('') };
    });
  return ok(arbitrary);
}

/** The score the statement gives a case's output, and its verdict. */
export function scorerCaseVerdict(c: ScorerCase): Verdict {
  return judgeOutput(c.instance, c.output);
}

/** The corners the case reaches, read from the referee's verdict on it. */
export function scorerCaseCorners(c: ScorerCase): ScorerCorner[] {
  const verdict = scorerCaseVerdict(c);
  if (!verdict.valid) {
    const { code, message } = verdict.error;
    if (code === 'unexpected-token') return ['text after the placements'];
    if (code === 'missing') return ['output ends before a placement'];
    if (code === 'not-a-whole-number') return ['a token that is not a whole number'];
    if (message.startsWith('t ')) return ['more placements than columns'];
    if (message.startsWith('p ')) return ['position out of range'];
    return ['shift out of range'];
  }
  const corners: ScorerCorner[] = [];
  const placed = verdict.placements.length;
  const columns = c.instance.pieces.length;
  if (placed === columns) corners.push('every column placed');
  if (placed === 0) corners.push('empty output (t = 0)');
  const played = verdict.gameOverAt === null ? columns : verdict.gameOverAt - 1;
  if (played > placed) corners.push('default placements played');
  if (verdict.gameOverAt !== null) {
    corners.push(verdict.gameOverAt <= placed ? 'game over at a placed column' : 'game over at a default placement');
  }
  return corners;
}

/** A case in a few words: the field, the columns and what the output places. */
export function scorerCaseSummary(c: ScorerCase): string {
  const { width, height, pieces } = c.instance;
  const columns = `${pieces.length} column${pieces.length === 1 ? '' : 's'}`;
  return `${width} x ${height}, ${columns}, ${scorerCaseCorners(c).join(', ')}`;
}
