/**
 * The hint of an engine that may hard-code a size (CodinGame's 15 x 15): it fails on the smallest
 * games (a 1 x 1 board, a game of no move), or only on games smaller than every game it passed.
 * Such an engine is not wrong about the rules but about the sizes it is sent: the size options
 * then check it on the sizes it supports.
 */
import type { ConformanceProtocol, GameSize } from '../testing/conformance-protocol.js';

/** Why a run says an engine may hard-code a size. */
export type SizeHintReason = 'smallest-games' | 'smaller-than-passed';

/** The hint, as `--json` gives it. */
export interface SizeHint {
  readonly reason: SizeHintReason;
  /** The options that bound the sizes (`--width`, `--height`, `--colors`). */
  readonly options: readonly string[];
  readonly message: string;
}

const SIZE_OPTIONS = ['--width', '--height', '--colors'] as const;

/** What the games of a failed run were: the failing ones, those that passed, and the smallest field the bounds allow. */
export interface FailedGames<G> {
  /** The failing games as the run drew them. */
  readonly found: readonly G[];
  /** The failing game shrunk, when it was. */
  readonly shrunk?: G;
  readonly passed: readonly G[];
  /** The narrowest and lowest field the bounds allow; undefined when they allow one size only. */
  readonly smallest: { readonly width: number; readonly height: number } | undefined;
}

const area = (size: GameSize): number => size.width * size.height;

/**
 * The hint for a failed run, or undefined when nothing points at a hard-coded size: the game shown
 * (shrunk, else found) is a game of no step or of the smallest field, or every game that passed
 * has one size and every failing game is smaller.
 */
export function sizeHint<G>(protocol: ConformanceProtocol<G, unknown>, games: FailedGames<G>): SizeHint | undefined {
  const { smallest } = games;
  const shown = games.shrunk ?? games.found[0];
  if (smallest === undefined || shown === undefined) return undefined;
  const size = protocol.sizeOf(shown);
  const tiny = size.steps === 0 || (size.width === smallest.width && size.height === smallest.height);
  const passed = games.passed.map((game) => protocol.sizeOf(game));
  const oneSize =
    passed.length > 0 && passed.every((p) => p.width === passed[0].width && p.height === passed[0].height);
  const belowPassed = oneSize && games.found.every((game) => area(protocol.sizeOf(game)) < area(passed[0]));
  if (!tiny && !belowPassed) return undefined;
  const field = protocol.game === 'samegame' ? 'board' : 'field';
  const what = tiny
    ? `on the smallest games (${size.steps === 0 ? `a game of no ${protocol.stepName}` : `a ${size.width} x ${size.height} ${field}`})`
    : `only on games smaller than the ${passed[0].width} x ${passed[0].height} ${field}s it passed`;
  const message = `the engine fails ${what}: it may hard-code a size; give the sizes it supports with --width, --height and --colors (e.g. ${protocol.sizeOptions})`;
  return { reason: tiny ? 'smallest-games' : 'smaller-than-passed', options: SIZE_OPTIONS, message };
}
