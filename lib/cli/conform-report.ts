/**
 * What `conform` prints: one line when every game agrees or the engine stalled, and for a
 * disagreement the shrunk game, the step where the answers part and both answers side by side
 * (or the same as one JSON object).
 */
import { escapeControlCharacters } from '../core/control-characters.js';
import { clip } from '../core/tokens.js';
import type { EngineEnd, EngineRun } from '../judge/engine-games.js';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type Disagreement, disagreementText } from '../testing/disagreement.js';
import { countOf, grouped } from './table-row.js';

/** Characters of an engine's line quoted in a report before it is cut short. */
const QUOTED = 60;

/** The engine's text as a report shows it: cut at `max` characters, its control characters escaped. */
const shown = (text: string, max: number): string => escapeControlCharacters(clip(text, max));

/** A disagreement to report: where the whole run found it, and the game it shrank to. */
export interface ConformFailure<G> {
  /**
   * The failing game's number in the run, from 1, and its summary; `seen`, the game where the whole
   * run parted when that is another (the extra lines of a game, or the late output of an engine
   * that buffers it, show on another game).
   */
  readonly found: { readonly game: number; readonly summary: string; readonly seen?: number };
  /** The game reported (the shrunk one, or the one found when it does not shrink). */
  readonly game: G;
  readonly disagreement: Disagreement;
  readonly ended?: EngineEnd;
  /** How the game was shrunk, or why it was not. */
  readonly shrinking:
    | { readonly kind: 'shrunk'; readonly shrinks: number; readonly tried: number; readonly stalled: number }
    | { readonly kind: 'not-alone' };
}

/** The run's facts every report names. */
export interface ConformFacts {
  readonly games: number;
  readonly seed: number;
  /** Steps that agreed before the failure (all of them when every game agrees). */
  readonly moves: number;
}

/** The one line of a run where every game agrees. */
export function agreeLine(protocol: ConformanceProtocol<unknown, unknown>, facts: ConformFacts): string {
  return `all ${countOf(facts.games, 'game')} agree with the rules: ${countOf(facts.moves, protocol.stepName)} checked (seed ${facts.seed})`;
}

/** The one line of a run where the engine stopped answering. */
export function stalledLine<G>(
  protocol: ConformanceProtocol<G, unknown>,
  run: Extract<EngineRun, { kind: 'stalled' }>,
  index: number,
  game: G,
): string {
  const last = run.printed.at(-1);
  const printed =
    last === undefined
      ? 'nothing of that step'
      : `${run.printed.length} line(s) of it, the last "${shown(last, QUOTED)}"`;
  return `the engine answered nothing for ${grouped(run.waitedMs)} ms at game ${index + 1} (${protocol.summary(game)}), ${protocol.stepName} ${run.step}, after it printed ${printed}`;
}

/** The one line of an engine that answered some games, then exited cleanly where the next answer should start. */
export function stoppedEarlyLine(index: number, facts: ConformFacts): string {
  return `the engine exited with code 0 after answering ${countOf(index, 'game')} of ${facts.games}: it must read games until its input ends`;
}

/** How an engine's output ended and the last line it wrote to stderr, if any. */
function endedWith(end: EngineEnd): string {
  const said = end.stderr.at(-1);
  return `${endedHow(end)}${said === undefined ? '' : `; its last stderr line: ${shown(said, 200)}`}`;
}

/** How an engine's output ended, in a few words. */
function endedHow(end: EngineEnd): string {
  if (end.overMemory !== undefined) {
    const peak = end.overMemory.peakMb === null ? '' : ` (peak ${end.overMemory.peakMb} MB)`;
    return `it was killed over the memory limit of ${end.overMemory.limitMb} MB${peak}`;
  }
  if (end.signal !== null) return `it was killed by ${end.signal}`;
  if (end.exitCode !== null) return `it exited with code ${end.exitCode}`;
  return 'it closed its output while still running';
}

/** The report of a disagreement, as text. */
export function failureText<G>(
  protocol: ConformanceProtocol<G, unknown>,
  failure: ConformFailure<G>,
  facts: ConformFacts,
  outFile: string | undefined,
): string {
  const { game, disagreement, ended } = failure;
  const lines = [
    partingLine(protocol, failure),
    `found in ${foundLine(failure, facts)}; ${shrinkingLine(protocol, failure)}`,
    '',
    `the game as the engine was sent it${outFile === undefined ? ' (--out FILE writes it)' : `, written to ${outFile}`}:`,
    ...protocol
      .input(game)
      .trimEnd()
      .split('\n')
      .map((line) => `  ${line}`),
    '',
    disagreementText(disagreement),
  ];
  if (ended !== undefined) lines.push('', ...endedLines(ended));
  return `${lines.join('\n')}\n`;
}

/**
 * The report's first line: where the answers part, and what the engine printed there against
 * what the rules give, or what is wrong with it (a line not of the protocol's form, an output
 * that ended, a line after the game's last answer).
 */
function partingLine<G>(protocol: ConformanceProtocol<G, unknown>, failure: ConformFailure<G>): string {
  const { step, line, expected, received } = failure.disagreement;
  const where = `the engine parts from the rules at ${protocol.stepName} ${step}, line ${line} of its answer`;
  const want = expected[line - 1];
  const got = received[line - 1];
  if (want === undefined) {
    const after =
      step === 1
        ? `the engine parts from the rules on a game of no ${protocol.stepName}`
        : `the engine parts from the rules after the game's last ${protocol.stepName}`;
    if (got !== undefined) return `${after}: it printed "${shown(got, QUOTED)}"`;
    return `${after}: ${failure.ended === undefined ? 'it went on' : endedWith(failure.ended)}`;
  }
  if (got === undefined) {
    const end = failure.ended;
    if (end === undefined) return `${where}: it printed nothing there`;
    return `${where}: its output ended there (${endedWith(end)})`;
  }
  const form = protocol.lineForm(line, failure.game);
  if (!form.pattern.test(got.trim().split(/\s+/).join(' ')))
    return `${where}: it printed "${shown(got, QUOTED)}", not ${form.what}`;
  return `${where}: it printed "${shown(got, QUOTED)}" where the rules give "${clip(want, QUOTED)}"`;
}

/** Which game of the run fails played alone, and where the whole run parted when that is another. */
function foundLine<G>(failure: ConformFailure<G>, facts: ConformFacts): string {
  const { game, summary, seen } = failure.found;
  const elsewhere = seen === undefined ? '' : `; the whole run parted at game ${seen}`;
  return `game ${game} of ${facts.games} (${summary}; seed ${facts.seed}${elsewhere})`;
}

/** What the shrinking did. */
function shrinkingLine<G>(protocol: ConformanceProtocol<G, unknown>, failure: ConformFailure<G>): string {
  const summary = protocol.summary(failure.game);
  const { shrinking } = failure;
  if (shrinking.kind === 'not-alone') {
    return 'played alone, this game agrees: the engine keeps something from one game to the next (not shrunk)';
  }
  const stalled = shrinking.stalled > 0 ? `, ${shrinking.stalled} of them stalled` : '';
  return `shrunk to ${summary} (${countOf(shrinking.tried, 'game')} tried${stalled})`;
}

/** How the engine's output ended, and the last lines of its stderr. */
function endedLines(end: EngineEnd): string[] {
  const stderr =
    end.stderr.length > 0
      ? ['its last lines on stderr:', ...end.stderr.map((l) => `  ${escapeControlCharacters(l)}`)]
      : [];
  return [`the engine's output ended there: ${endedHow(end)}`, ...stderr];
}

/** The report of a disagreement, as the `--json` object. */
export function failureJson<G>(
  protocol: ConformanceProtocol<G, unknown>,
  failure: ConformFailure<G>,
  facts: ConformFacts,
): object {
  return {
    agree: false,
    games: facts.games,
    seed: facts.seed,
    found: failure.found,
    shrinking: failure.shrinking,
    game: { summary: protocol.summary(failure.game), input: protocol.input(failure.game) },
    disagreement: failure.disagreement,
    ...(failure.ended === undefined ? {} : { ended: failure.ended }),
  };
}
