/**
 * The hint of an engine that may hard-code a size (CodinGame's 15 x 15): it fails on the smallest
 * games (a 1 x 1 board, a game of no move), only on games smaller than every game it passed, or
 * it gave no answer of the protocol's form to a game of one step and passed no game with a step
 * (an engine that answers a game of no move right shrinks to a game of one step, which a rule's
 * bug shrinks to as well: only the missing answer tells the two apart).
 * Such an engine is not wrong about the rules but about the sizes it is sent: the size options
 * then check it on the sizes it supports.
 */
import type { ConformanceProtocol, GameSize } from '../testing/conformance-protocol.js';

/** Why a run says an engine may hard-code a size. */
export type SizeHintReason = 'smallest-games' | 'smaller-than-passed' | 'no-answer';

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
  /** Whether the engine's answer where it parted was missing or not of the protocol's form (a stall, an early end, garbage). */
  readonly unanswered?: boolean;
}

const area = (size: GameSize): number => size.width * size.height;

/**
 * The hint for a failed run, or undefined when nothing points at a hard-coded size: the game shown
 * (shrunk, else found) is a game of no step or of the smallest field, every game that passed
 * has one size and every failing game is smaller, or the engine gave no answer where it parted on
 * a game of one step and passed no game with a step.
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
  const silent = games.unanswered === true && size.steps <= 1 && passed.every((p) => p.steps === 0);
  const reason: SizeHintReason | undefined = tiny
    ? 'smallest-games'
    : belowPassed
      ? 'smaller-than-passed'
      : silent
        ? 'no-answer'
        : undefined;
  if (reason === undefined) return undefined;
  const field = protocol.game === 'samegame' ? 'board' : 'field';
  const shownField = `a ${size.width} x ${size.height} ${field}`;
  const fails = {
    'smallest-games': `fails on the smallest games (${size.steps === 0 ? `a game of no ${protocol.stepName}` : shownField})`,
    'smaller-than-passed': `fails only on games smaller than the ${passed[0]?.width} x ${passed[0]?.height} ${field}s it passed`,
    'no-answer': `answers no game with a ${protocol.stepName} it was sent (down to ${shownField})`,
  }[reason];
  // The size it passed is the example, else the protocol's: never the one it just failed on.
  const example = oneSize ? `--width ${passed[0].width} --height ${passed[0].height}` : protocol.sizeOptions;
  const message = `the engine ${fails}: it may hard-code a size; give the sizes it supports with --width, --height and --colors (e.g. ${example})`;
  return { reason, options: SIZE_OPTIONS, message };
}
