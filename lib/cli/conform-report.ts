/**
 * What `conform` prints: one line when every game agrees or the engine stalled, and for a
 * disagreement the shrunk game, the step where the answers part and both answers side by side
 * (or the same as one JSON object).
 */
import type { EngineEnd, EngineRun } from '../judge/engine-games.js';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type Disagreement, formatDisagreement } from '../testing/disagreement.js';

/** A disagreement to report: where the whole run found it, and the game it shrank to. */
export interface ConformFailure<G> {
  /** The failing game's number in the run, from 1, and its summary. */
  readonly found: { readonly game: number; readonly summary: string };
  /** The game reported (the shrunk one, or the one found when it does not shrink). */
  readonly game: G;
  readonly disagreement: Disagreement;
  readonly ended?: EngineEnd;
  /** How the game was shrunk, or why it was not. */
  readonly shrinking:
    | { readonly kind: 'shrunk'; readonly shrinks: number; readonly tried: number }
    | { readonly kind: 'not-alone' }
    | { readonly kind: 'earlier-game'; readonly shrinks: number; readonly tried: number };
}

/** The run's facts every report names. */
export interface ConformFacts {
  readonly games: number;
  readonly seed: number;
  /** Steps that agreed before the failure (all of them when every game agrees). */
  readonly moves: number;
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** The one line of a run where every game agrees. */
export function agreeLine(protocol: ConformanceProtocol<unknown, unknown>, facts: ConformFacts): string {
  return `all ${count(facts.games, 'game')} agree with the rules: ${count(facts.moves, protocol.stepName)} checked (seed ${facts.seed})`;
}

/** The one line of a run where the engine stopped answering. */
export function stalledLine<G>(
  protocol: ConformanceProtocol<G, unknown>,
  run: Extract<EngineRun, { kind: 'stalled' }>,
  game: G,
  outFile: string | undefined,
): string {
  const last = run.printed.at(-1);
  const printed =
    last === undefined ? 'nothing of that step' : `${run.printed.length} line(s) of it, the last "${clip(last)}"`;
  const where = outFile === undefined ? '' : `; the game is in ${outFile}`;
  return `the engine answered nothing for ${run.waitedMs.toLocaleString('en-US')} ms at game ${run.game + 1} (${protocol.summary(game)}), ${protocol.stepName} ${run.step}, after it printed ${printed}${where}`;
}

/** The one line of an engine that ended before it printed anything. */
export function silentEndLine(end: EngineEnd, outFile: string | undefined): string {
  const how = end.signal !== null ? `was killed by ${end.signal}` : `exited with code ${end.exitCode}`;
  const said = end.stderr.at(-1);
  const where = outFile === undefined ? '' : ` (the game is in ${outFile})`;
  return `the engine ${how} before it answered game 1${where}${said === undefined ? '' : `: ${clip(said, 200)}`}`;
}

/** The report of a disagreement, as text. */
export function failureText<G>(
  protocol: ConformanceProtocol<G, unknown>,
  failure: ConformFailure<G>,
  facts: ConformFacts,
  outFile: string | undefined,
): string {
  const { found, game, disagreement, ended } = failure;
  const lines = [
    `game ${found.game} of ${facts.games} parts from the rules at ${protocol.stepName} ${disagreement.step} (${found.summary}; seed ${facts.seed})`,
    shrinkingLine(protocol, failure),
    '',
    `the game as the engine was sent it${outFile === undefined ? ' (--out FILE writes it)' : `, written to ${outFile}`}:`,
    ...protocol
      .input(game)
      .trimEnd()
      .split('\n')
      .map((line) => `  ${line}`),
    '',
    formatDisagreement(disagreement),
  ];
  if (ended !== undefined) lines.push('', ...endedLines(ended));
  return `${lines.join('\n')}\n`;
}

/** What the shrinking did, in a line. */
function shrinkingLine<G>(protocol: ConformanceProtocol<G, unknown>, failure: ConformFailure<G>): string {
  const summary = protocol.summary(failure.game);
  const { shrinking } = failure;
  if (shrinking.kind === 'not-alone') {
    return 'played alone, this game agrees: the engine keeps something from one game to the next (not shrunk)';
  }
  const tried = `${count(shrinking.tried, 'game')} tried`;
  if (shrinking.kind === 'earlier-game') {
    return `it is the game before that parts when played alone (it prints more than its answer); shrunk to ${summary} (${tried})`;
  }
  return `shrunk to ${summary} (${tried})`;
}

/** How the engine's output ended, and the last lines of its stderr. */
function endedLines(end: EngineEnd): string[] {
  const how = end.signal !== null ? `it was killed by ${end.signal}` : `it exited with code ${end.exitCode}`;
  const stderr = end.stderr.length > 0 ? ['its last lines on stderr:', ...end.stderr.map((l) => `  ${l}`)] : [];
  return [`the engine's output ended there: ${how}`, ...stderr];
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

/** `text`, cut to `max` characters. */
function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
