/**
 * `tilefall <game> conform`: a user's engine, in any language, checked against the rules. The
 * games come from fast-check (`lib/testing`), all of them are sent to one run of the engine, and
 * the first game whose answer parts from the rules is shrunk to the smallest that still parts
 * (`lib/judge/shrink-disagreement.ts`) and shown side by side (`conform-report.ts`).
 */
import fc from 'fast-check';
import { splitCommandLine } from '../judge/command-line.js';
import { type EngineOptions, type EngineRun, playThroughEngine } from '../judge/engine-games.js';
import { type ShrunkGame, shrinkDisagreement } from '../judge/shrink-disagreement.js';
import type { Bounds } from '../testing/bounds.js';
import type { ConformanceProtocol } from '../testing/conformance-protocol.js';
import { type CliCommand, defineCommand } from './command.js';
import {
  agreeLine,
  type ConformFacts,
  type ConformFailure,
  failureJson,
  failureText,
  silentEndLine,
  stalledLine,
} from './conform-report.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, OPTIONS, type OptionSpec, textOption } from './options.js';
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
  const arbitrary = protocol.games(options);
  return { arbitrary, games: fc.sample(arbitrary, { seed, numRuns: count }) };
}

/** The games' default count: seconds for an engine in Python. */
const DEFAULT_GAMES = 200;

/** `conform` for one game's protocol. */
export function conformCommand<G, O extends { width?: Bounds; height?: Bounds; colors?: Bounds }>(
  protocol: ConformanceProtocol<G, O>,
  bounds: BoundsOptions,
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
      out: textOption({ describe: 'write the failing game here, as the engine was sent it (CMD < FILE replays it)' }),
      json: OPTIONS.json,
    },
    examples,
    run: async (options) => {
      const argv = splitCommandLine(options.engine);
      if (!argv.ok) throw new InputFailure({ message: `option --engine: ${argv.error.message}` });
      const engine: EngineOptions = { argv: argv.value, timeoutMs: options['timeout-ms'] };
      const gameOptions = { width: options.width, height: options.height, colors: options.colors } as O;
      const { arbitrary, games } = drawGames(protocol, gameOptions, options.seed, options.games);
      const run = await playThroughEngine(protocol, games, engine);
      const facts: ConformFacts = {
        games: games.length,
        seed: options.seed,
        moves: run.kind === 'unstartable' ? 0 : run.moves,
      };
      const report = { protocol, facts, out: options.out, json: options.json };
      if (run.kind === 'unstartable') {
        throw new InputFailure({ message: `option --engine: cannot start "${argv.value[0]}": ${run.message}` });
      }
      if (run.kind === 'agree') return reportAgreement(report);
      if (run.kind === 'stalled') return reportStall(report, run, games[run.game]);
      if (run.ended !== undefined && run.moves === 0 && run.disagreement.received.length === 0 && run.game === 0) {
        return reportSilentEnd(report, run.ended, games[0]);
      }
      const failure = await shrunkFailure(protocol, arbitrary, games, run, options.seed, engine);
      return reportFailure(report, failure);
    },
  });
}

/** How a run is reported: where, and in which form. */
interface Report<G> {
  readonly protocol: ConformanceProtocol<G, unknown>;
  readonly facts: ConformFacts;
  readonly out: string | undefined;
  readonly json: boolean;
}

function reportAgreement<G>({ protocol, facts, json }: Report<G>): number {
  const { games, moves, seed } = facts;
  process.stdout.write(
    json ? `${JSON.stringify({ agree: true, games, moves, seed })}\n` : `${agreeLine(protocol, facts)}\n`,
  );
  return EXIT.ok;
}

function reportStall<G>(report: Report<G>, run: Extract<EngineRun, { kind: 'stalled' }>, game: G): number {
  const { protocol, facts, out, json } = report;
  if (out !== undefined) writeTextOutput(protocol.input(game), out);
  const line = stalledLine(protocol, run, game, out);
  if (json) {
    const { step, waitedMs, printed } = run;
    const stalled = { game: run.game + 1, step, waitedMs, printed };
    process.stdout.write(
      `${JSON.stringify({ agree: false, games: facts.games, seed: facts.seed, stalled, input: protocol.input(game) })}\n`,
    );
  } else process.stdout.write(`${line}\n`);
  return EXIT.verdictError;
}

function reportSilentEnd<G>(report: Report<G>, ended: NonNullable<ConformFailure<G>['ended']>, game: G): number {
  const { protocol, facts, out, json } = report;
  if (out !== undefined) writeTextOutput(protocol.input(game), out);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ agree: false, games: facts.games, seed: facts.seed, ended, input: protocol.input(game) })}\n`,
    );
  } else process.stdout.write(`${silentEndLine(ended, out)}\n`);
  return EXIT.verdictError;
}

function reportFailure<G>(report: Report<G>, failure: ConformFailure<G>): number {
  const { protocol, facts, out, json } = report;
  if (out !== undefined) writeTextOutput(protocol.input(failure.game), out);
  process.stdout.write(
    json ? `${JSON.stringify(failureJson(protocol, failure, facts))}\n` : failureText(protocol, failure, facts, out),
  );
  return EXIT.verdictError;
}

/**
 * The failure to report: the failing game shrunk; if it agrees alone, the game before it shrunk
 * (an engine that prints more than its answer puts the extra lines on the next game); else the
 * failing game as the whole run saw it.
 */
async function shrunkFailure<G, O>(
  protocol: ConformanceProtocol<G, O>,
  arbitrary: fc.Arbitrary<G>,
  games: readonly G[],
  run: Extract<EngineRun, { kind: 'disagree' }>,
  seed: number,
  engine: EngineOptions,
): Promise<ConformFailure<G>> {
  const found = { game: run.game + 1, summary: protocol.summary(games[run.game]) };
  const fromShrunk = (shrunk: ShrunkGame<G>, kind: 'shrunk' | 'earlier-game'): ConformFailure<G> => ({
    found,
    game: shrunk.game,
    disagreement: shrunk.run.disagreement,
    ...(shrunk.run.ended === undefined ? {} : { ended: shrunk.run.ended }),
    shrinking: { kind, shrinks: shrunk.shrinks, tried: shrunk.tried },
  });
  const shrunk = await shrinkDisagreement(protocol, arbitrary, seed, run.game, engine);
  if (shrunk !== undefined) return fromShrunk(shrunk, 'shrunk');
  if (run.game > 0 && run.disagreement.step === 1 && run.disagreement.line === 1) {
    const earlier = await shrinkDisagreement(protocol, arbitrary, seed, run.game - 1, engine);
    if (earlier !== undefined) return fromShrunk(earlier, 'earlier-game');
  }
  return {
    found,
    game: games[run.game],
    disagreement: run.disagreement,
    ...(run.ended === undefined ? {} : { ended: run.ended }),
    shrinking: { kind: 'not-alone' },
  };
}
