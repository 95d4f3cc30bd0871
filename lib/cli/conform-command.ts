/**
 * `tilefall <game> conform`: a user's engine, in any language, checked against the rules. The
 * games come from fast-check (`lib/testing`), all of them are sent to one run of the engine, and
 * the first game whose answer parts from the rules is shrunk to the smallest that still parts
 * (`lib/judge/shrink-disagreement.ts`) and shown side by side (`conform-report.ts`).
 */

import fc from 'fast-check';
import { terminalJson } from '../core/control-characters.js';
import { splitCommandLine } from '../judge/command-line.js';
import { type EngineOptions, type EngineRun, playThroughEngine } from '../judge/engine-games.js';
import { locateFailure } from '../judge/locate-failure.js';
import { type DisagreeRun, shrinkDisagreement } from '../judge/shrink-disagreement.js';
import type { Bounds, ShapeRanges } from '../testing/bounds.js';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type CliCommand, defineCommand } from './command.js';
import { type CornerCoverage, cornerCoverage, coverageLine } from './conform-coverage.js';
import {
  agreeLine,
  type ConformFacts,
  type ConformFailure,
  failureJson,
  failureText,
  stalledLine,
  stoppedEarlyLine,
} from './conform-report.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, OPTIONS, type OptionSpec, outputOption, textOption } from './options.js';
import { refuseUnstartable } from './refuse-unstartable.js';
import { type SizeHint, sizeHint } from './size-hint.js';
import { writeTextOutput } from './write-output.js';

/** The bounds options of a game: what sizes and colors its games may have. */
export interface BoundsOptions {
  readonly width: OptionSpec<Bounds | undefined>;
  readonly height: OptionSpec<Bounds | undefined>;
  readonly colors: OptionSpec<Bounds | undefined>;
}

/** The options `conform` and `vectors` share: the seed, the games' bounds. */
export function gamesOptions(bounds: BoundsOptions, games: number) {
  return {
    games: integerOption(1, 100_000, { default: String(games), describe: 'how many games' }),
    seed: { ...OPTIONS.seed, yargs: { ...OPTIONS.seed.yargs, describe: 'same seed, same games' } },
    ...bounds,
  };
}

/** The games of a run: `count` games drawn from `seed`, and the arbitrary they come from (for shrinking). */
export function drawGames<G, O>(protocol: ConformanceProtocol<G, O>, options: O, seed: number, count: number) {
  const games = protocol.games(options);
  // The options' own checks keep the bounds within the limits: a refusal still ends in one line.
  if (!games.ok) throw new InputFailure({ message: games.error.message });
  const arbitrary = games.value;
  return { arbitrary, games: fc.sample(arbitrary, { seed, numRuns: count }) };
}

/** The games' default count: seconds for an engine in Python. */
const DEFAULT_GAMES = 200;

/** The memory limit of a game's `conform`: its `judge`'s default, and where that comes from. */
export interface ConformMemory {
  readonly defaultMb: number;
  /** The limit's source, for `--help`, e.g. `CodinGame: 768 MB`. */
  readonly source: string;
}

/** `conform` for one game's protocol. */
export function conformCommand<G, O extends { width?: Bounds; height?: Bounds; colors?: Bounds }>(
  protocol: ConformanceProtocol<G, O>,
  bounds: BoundsOptions,
  memory: ConformMemory,
  examples: readonly (readonly [string, string])[],
): CliCommand {
  return defineCommand({
    name: 'conform',
    describe: 'check your engine (any language) against the rules, with a shrunk counterexample',
    options: {
      engine: textOption({ demandOption: true, describe: 'your engine\'s command line, e.g. "python3 engine.py"' }),
      ...gamesOptions(bounds, DEFAULT_GAMES),
      'timeout-ms': integerOption(1, 3_600_000, {
        default: '10000',
        describe: 'the longest the engine may go without printing a line, ms',
      }),
      'memory-mb': integerOption(1, 1_000_000, {
        default: String(memory.defaultMb),
        describe: `memory the engine's processes may hold together, MB of 2^20 bytes, as for judge (${memory.source})`,
      }),
      out: outputOption('file', {
        describe: 'write the failing game here, as the engine was sent it (CMD < FILE replays it)',
      }),
      json: OPTIONS.json,
    },
    examples,
    run: async (options) => {
      const argv = splitCommandLine(options.engine);
      if (!argv.ok) throw new InputFailure({ message: `option --engine: ${argv.error.message}` });
      refuseUnstartable('engine', argv.value);
      const engine: EngineOptions = {
        argv: argv.value,
        timeoutMs: options['timeout-ms'],
        memoryMb: options['memory-mb'],
      };
      const gameOptions = { width: options.width, height: options.height, colors: options.colors } as O;
      const { arbitrary, games } = drawGames(protocol, gameOptions, options.seed, options.games);
      const run = await playThroughEngine(protocol, games, engine);
      if (run.kind === 'unstartable') {
        throw new InputFailure({ message: `option --engine: cannot start "${argv.value[0]}": ${run.message}` });
      }
      const facts: ConformFacts = { games: games.length, seed: options.seed, moves: run.moves };
      const ranges = protocol.ranges(gameOptions);
      const report: Report<G> = {
        protocol,
        facts,
        games,
        out: options.out,
        json: options.json,
        unreachable: protocol.unreachable(ranges),
        smallest: oneSize(ranges) ? undefined : { width: ranges.width[0], height: ranges.height[0] },
      };
      if (run.kind === 'agree') return reportAgreement(report);
      if (run.kind === 'disagree' && stoppedEarly(run)) return reportStoppedEarly(report, run.game);
      const located = await locateFailure(protocol, games, run.game, engine);
      if (located === undefined) {
        if (run.kind === 'stalled') return reportStall(report, run, run.game);
        const asSeen = { game: games[run.game], run };
        const failure = failureOf(protocol, games, { index: run.game, seen: run.game }, asSeen, { kind: 'not-alone' });
        return reportFailure(report, failure, hintOf(report, run.game, [run.game], failure));
      }
      if (located.run.kind === 'stalled') return reportStall(report, located.run, located.index);
      const shrunk = await shrinkDisagreement(protocol, arbitrary, options.seed, located.index, engine);
      const shown = shrunk ?? { game: games[located.index], run: located.run };
      const shrinking = {
        kind: 'shrunk',
        shrinks: shrunk?.shrinks ?? 0,
        tried: shrunk?.tried ?? 0,
        stalled: shrunk?.stalled ?? 0,
      } as const;
      const at = { index: located.index, seen: run.game };
      const failure = failureOf(protocol, games, at, shown, shrinking);
      const passed = Math.min(run.game, located.index);
      return reportFailure(report, failure, hintOf(report, passed, [located.index, run.game], failure, shrunk?.game));
    },
  });
}

/**
 * Whether the engine exited cleanly where a game's answer should start, after answering others: it
 * read one game (as a CodinGame bot reads its board) instead of every game until its input ended.
 */
function stoppedEarly(run: DisagreeRun): boolean {
  const { step, received } = run.disagreement;
  return run.ended !== undefined && run.moves > 0 && step === 1 && received.length === 0 && run.ended.exitCode === 0;
}

/** True when the bounds allow one field size only: an engine is then never sent another. */
const oneSize = (ranges: ShapeRanges): boolean =>
  ranges.width[0] === ranges.width[1] && ranges.height[0] === ranges.height[1];

/** How a run is reported: where, and in which form. */
interface Report<G> {
  readonly protocol: ConformanceProtocol<G, unknown>;
  readonly facts: ConformFacts;
  readonly games: readonly G[];
  readonly out: string | undefined;
  readonly json: boolean;
  /** The corners the user's bounds rule out. */
  readonly unreachable: readonly string[];
  /** The smallest field the bounds allow, when they allow more than one. */
  readonly smallest: { readonly width: number; readonly height: number } | undefined;
}

/** The corners reached by the games before game `index` (they agreed), or by all of them. */
function coverageOf<G>(report: Report<G>, index = report.games.length): CornerCoverage {
  return cornerCoverage(report.protocol, report.games.slice(0, index), report.unreachable);
}

/**
 * The hint of a hard-coded size for a run that failed at game `index` with `failure` (or a stall,
 * which answered nothing), showing `shrunk` when it was.
 */
function hintOf<G>(
  report: Report<G>,
  index: number,
  found: readonly number[],
  failure: ConformFailure<G> | 'stalled',
  shrunk?: G,
): SizeHint | undefined {
  return sizeHint(report.protocol, {
    found: found.map((i) => report.games[i]),
    ...(shrunk === undefined ? {} : { shrunk }),
    passed: report.games.slice(0, index),
    smallest: report.smallest,
    unanswered: failure === 'stalled' || unansweredAt(report.protocol, failure),
  });
}

/** Whether a failure's parting line is missing or not of the protocol's form: no answer, rather than a wrong one. */
function unansweredAt<G>(protocol: ConformanceProtocol<G, unknown>, failure: ConformFailure<G>): boolean {
  const { line, received } = failure.disagreement;
  const answer = received[line - 1];
  return answer === undefined || !protocol.lineForm(line, failure.game).pattern.test(answer.trim());
}

/** The lines after a failure's report: the size hint, then the coverage. */
function closingLines(coverage: CornerCoverage, agreed: number, hint: SizeHint | undefined): string {
  return `${hint === undefined ? '' : `${hint.message}\n`}${coverageLine(coverage, agreed)}\n`;
}

/** Prints a one-line report (or its JSON), after writing the game it names to `--out`. */
function reportLine<G>(report: Report<G>, index: number, line: string, json: object, hint?: SizeHint): number {
  const { protocol, facts, games, out } = report;
  const input = protocol.input(games[index]);
  if (out !== undefined) writeTextOutput(input, out);
  const where = out === undefined ? '' : `; the game is in ${out}`;
  const corners = coverageOf(report, index);
  const object = {
    agree: false,
    games: facts.games,
    seed: facts.seed,
    game: index + 1,
    ...json,
    input,
    corners,
    ...(hint === undefined ? {} : { sizeHint: hint }),
  };
  process.stdout.write(
    report.json ? `${terminalJson(object)}\n` : `${line}${where}\n${closingLines(corners, index, hint)}`,
  );
  return EXIT.verdictError;
}

function reportAgreement<G>(report: Report<G>): number {
  const { protocol, facts, json } = report;
  const { games, moves, seed } = facts;
  const corners = coverageOf(report);
  process.stdout.write(
    json
      ? `${terminalJson({ agree: true, games, moves, seed, corners })}\n`
      : `${agreeLine(protocol, facts)}\n${coverageLine(corners)}\n`,
  );
  return EXIT.ok;
}

function reportStall<G>(report: Report<G>, run: Extract<EngineRun, { kind: 'stalled' }>, index: number): number {
  const { step, waitedMs, printed } = run;
  const line = stalledLine(report.protocol, run, index, report.games[index]);
  return reportLine(
    report,
    index,
    line,
    { stalled: { step, waitedMs, printed } },
    hintOf(report, index, [index], 'stalled'),
  );
}

function reportStoppedEarly<G>(report: Report<G>, index: number): number {
  return reportLine(report, index, stoppedEarlyLine(index, report.facts), { stoppedAfter: index });
}

function reportFailure<G>(report: Report<G>, failure: ConformFailure<G>, hint: SizeHint | undefined): number {
  const { protocol, facts, out, json } = report;
  if (out !== undefined) writeTextOutput(protocol.input(failure.game), out);
  const agreed = (failure.found.seen ?? failure.found.game) - 1;
  const corners = coverageOf(report, agreed);
  process.stdout.write(
    json
      ? `${terminalJson({ ...failureJson(protocol, failure, facts), corners, ...(hint === undefined ? {} : { sizeHint: hint }) })}\n`
      : `${failureText(protocol, failure, facts, out)}${closingLines(corners, agreed, hint)}`,
  );
  return EXIT.verdictError;
}

/**
 * The failure to report: game `index` of the run (the whole run parted at `seen`), the game shown
 * (shrunk, or as it was), the run that shows it, and how it was shrunk.
 */
function failureOf<G>(
  protocol: ConformanceProtocol<G, unknown>,
  games: readonly G[],
  at: { readonly index: number; readonly seen: number },
  shown: { readonly game: G; readonly run: DisagreeRun },
  shrinking: ConformFailure<G>['shrinking'],
): ConformFailure<G> {
  const { index, seen } = at;
  const { game, run } = shown;
  return {
    found: { game: index + 1, summary: protocol.summary(games[index]), ...(seen === index ? {} : { seen: seen + 1 }) },
    game,
    disagreement: run.disagreement,
    ...(run.ended === undefined ? {} : { ended: run.ended }),
    shrinking,
  };
}
