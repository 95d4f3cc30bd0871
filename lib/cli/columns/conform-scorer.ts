/**
 * `tilefall columns conform --scorer CMD`: a user's Columns scorer (instance and output in, the
 * score out) checked against the statement's scoring on cases that reach its corners, the first
 * disagreement shrunk, and the report as text or JSON. `--engine` and `--scorer` share the command:
 * {@link withScorer} sends a run to one or the other.
 */
import fc from 'fast-check';
import { formatInstance } from '../../columns/engine/text.js';
import { escapeControlCharacters, terminalJson } from '../../core/control-characters.js';
import { clip } from '../../core/tokens.js';
import { splitCommandLine } from '../../judge/command-line.js';
import { checkScorer, type ScorerDisagreement } from '../../judge/scorer-check.js';
import { scorerCaseText } from '../../judge/scorer-run.js';
import type { Bounds } from '../../testing/bounds.js';
import {
  columnsScorerCases,
  SCORER_CORNERS,
  type ScorerCase,
  scorerCaseCorners,
  scorerCaseSummary,
  scorerCaseVerdict,
} from '../../testing/columns-scorer-cases.js';
import { type CliCommand, defineCommand } from '../command.js';
import type { BoundsOptions } from '../conform-command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { integerOption, OPTIONS, type OptionSpec, textOption } from '../options.js';
import { refuseUnstartable } from '../refuse-unstartable.js';
import { countOf } from '../table-row.js';

/** Cases a run checks by default: a few seconds for a scorer in Python, one start a case. */
const DEFAULT_CASES = 200;

/** The corners the cases reach, and the ones none of them reaches. */
function cornersOf(cases: readonly ScorerCase[]): { reached: string[]; missed: string[] } {
  const reached = new Set(cases.flatMap(scorerCaseCorners));
  return {
    reached: SCORER_CORNERS.filter((c) => reached.has(c)),
    missed: SCORER_CORNERS.filter((c) => !reached.has(c)),
  };
}

/** A text as the report quotes it: each line indented, control characters escaped. */
const quoted = (text: string): string[] =>
  (text === '' ? '(empty)' : text.replace(/\n$/, ''))
    .split('\n')
    .map((line) => `  ${escapeControlCharacters(clip(line, 80))}`);

/** What the scorer printed, in a few words. */
function printedText(d: ScorerDisagreement): string {
  const { answer } = d;
  if (answer.kind === 'score') return `it printed ${answer.score}`;
  if (answer.kind === 'stalled') return `it printed nothing for ${answer.waitedMs} ms`;
  if (answer.kind === 'not-a-score')
    return `it printed "${escapeControlCharacters(clip(answer.line, 60))}", not a score`;
  const how = answer.signal !== null ? `it was killed by ${answer.signal}` : `it exited with code ${answer.exitCode}`;
  return `its output ended before the score (${how})`;
}

/** Why the statement scores the case as it does, in a few words. */
function expectedText(c: ScorerCase): string {
  const verdict = scorerCaseVerdict(c);
  if (!verdict.valid) return `the output is invalid: line ${verdict.error.line}: ${verdict.error.message}`;
  const placed = verdict.placements.length;
  const over = verdict.gameOverAt === null ? '' : `; the game ends at column ${verdict.gameOverAt}`;
  const defaults = c.instance.pieces.length - placed;
  return `${countOf(placed, 'placement')}${defaults > 0 ? `, ${countOf(defaults, 'default')} 1 0` : ''}${over}`;
}

/** The report of a disagreement as text. */
function disagreementText(
  check: Extract<Awaited<ReturnType<typeof checkScorer>>, { kind: 'disagree' }>,
  cases: number,
  seed: number,
): string {
  const { found, shrunk } = check;
  const lines = [
    `the scorer parts from the statement: ${printedText(shrunk)} where the statement scores ${shrunk.expected} (${expectedText(shrunk.case)})`,
    `found in case ${check.index + 1} of ${cases} (${scorerCaseSummary(found.case)}; seed ${seed}${check.seen === check.index ? '' : `; the whole run parted at case ${check.seen + 1}`}); shrunk to ${scorerCaseSummary(shrunk.case)} (${countOf(check.tried, 'case')} tried)`,
    '',
    'the instance:',
    ...quoted(formatInstance(shrunk.case.instance)),
    'the output:',
    ...quoted(shrunk.case.output),
    'the case, as the scorer was sent it:',
    ...quoted(scorerCaseText(shrunk.case)),
  ];
  const { answer } = shrunk;
  if (answer.kind === 'ended' && answer.stderr.length > 0)
    lines.push('its last stderr lines:', ...answer.stderr.map((l) => `  ${escapeControlCharacters(l)}`));
  return `${lines.join('\n')}\n`;
}

/** A case as `--json` gives it. */
const caseJson = (d: ScorerDisagreement) => ({
  instance: formatInstance(d.case.instance),
  output: d.case.output,
  summary: scorerCaseSummary(d.case),
  input: scorerCaseText(d.case),
  expected: d.expected,
  answer: d.answer,
});

/** The scorer's options beside `conform --engine`'s: the same bounds, seed and limits. */
function scorerOptions(bounds: BoundsOptions, engine: OptionSpec<unknown>) {
  return {
    engine: textOption({ describe: String(engine.yargs.describe) }),
    scorer: textOption({
      describe: 'instead of an engine, your scorer: it reads instances and outputs, and prints each score',
    }),
    games: integerOption(1, 100_000, {
      default: String(DEFAULT_CASES),
      describe: 'how many games (with --scorer: cases, an instance and an output each)',
    }),
    seed: { ...OPTIONS.seed, yargs: { ...OPTIONS.seed.yargs, describe: 'same seed, same games' } },
    ...bounds,
  };
}

/** The options in the order `--help` shows them: the program to check first, then the engine check's. */
function commandOptions<S extends { engine: unknown; scorer: unknown }>(
  own: S,
  shared: Readonly<Record<string, OptionSpec<unknown>>>,
): S {
  const { engine, scorer, ...rest } = own;
  return { engine, scorer, ...shared, ...rest } as unknown as S;
}

/** What a `--scorer` run reads of its options. */
interface ScorerRun {
  readonly command: string;
  readonly bounded: { width?: Bounds; height?: Bounds; colors?: Bounds };
  readonly seed: number;
  readonly games: number;
  readonly timeoutMs: number;
  readonly memoryMb: number;
  readonly json: boolean;
}

/** A scorer check's outcome once the scorer has started. */
type StartedCheck = Exclude<Awaited<ReturnType<typeof checkScorer>>, { kind: 'unstartable' }>;

/** Checks the scorer `run.command` on the run's cases and prints the report; returns the exit code. */
async function runScorerCheck(run: ScorerRun): Promise<number> {
  const argv = splitCommandLine(run.command);
  if (!argv.ok) throw new InputFailure({ message: `option --scorer: ${argv.error.message}` });
  const arbitrary = columnsScorerCases(run.bounded);
  if (!arbitrary.ok) throw new InputFailure({ message: arbitrary.error.message });
  const seed = run.seed;
  const cases = fc.sample(arbitrary.value, { seed, numRuns: run.games });
  refuseUnstartable('scorer', argv.value);
  const scorer = { argv: argv.value, timeoutMs: run.timeoutMs, memoryMb: run.memoryMb };
  const check = await checkScorer(arbitrary.value, cases, seed, scorer);
  if (check.kind === 'unstartable') {
    throw new InputFailure({ message: `option --scorer: cannot start "${argv.value[0]}": ${check.message}` });
  }
  return reportScorerCheck(check, cases, seed, run.json);
}

/** Prints the report of a started scorer check, as text or JSON; returns the exit code. */
function reportScorerCheck(check: StartedCheck, cases: readonly ScorerCase[], seed: number, json: boolean): number {
  const corners = cornersOf(cases);
  if (check.kind === 'stopped-early') {
    const line = `the scorer answered ${countOf(check.seen, 'case')} of ${cases.length}, then exited with code 0: it must read cases until its input ends (seed ${seed})`;
    process.stdout.write(
      json
        ? `${terminalJson({ agree: false, cases: cases.length, seed, corners, stoppedAfter: check.seen })}\n`
        : `${line}\n`,
    );
    return EXIT.verdictError;
  }
  if (check.kind === 'not-alone') {
    const line = `the scorer parts from the statement at case ${check.seen + 1} of ${cases.length} (seed ${seed}), but no case fails alone: it keeps something from one case to the next`;
    process.stdout.write(
      json
        ? `${terminalJson({ agree: false, cases: cases.length, seed, corners, notAlone: { case: check.seen + 1, ...caseJson(check.found) } })}\n`
        : `${line}\n`,
    );
    return EXIT.verdictError;
  }
  if (check.kind === 'agree') {
    const missed = corners.missed.length === 0 ? '' : `; missed: ${corners.missed.join(', ')}`;
    process.stdout.write(
      json
        ? `${terminalJson({ agree: true, cases: cases.length, seed, corners })}\n`
        : `all ${countOf(cases.length, 'case')} agree with the statement's scoring (seed ${seed}); corners reached: ${corners.reached.length} of ${SCORER_CORNERS.length}${missed}\n`,
    );
    return EXIT.ok;
  }
  const object = {
    agree: false,
    cases: cases.length,
    seed,
    corners,
    found: { case: check.index + 1, ...caseJson(check.found) },
    shrinking: { shrinks: check.shrinks, tried: check.tried },
    case: caseJson(check.shrunk),
  };
  process.stdout.write(json ? `${terminalJson(object)}\n` : disagreementText(check, cases.length, seed));
  return EXIT.verdictError;
}

/**
 * `conform` of `engineCommand` (the `--engine` check) with `--scorer` beside it: a run with
 * `--scorer` checks a scorer, any other goes to the engine check as before.
 */
export function withScorer(
  engineCommand: CliCommand,
  bounds: BoundsOptions,
  examples: readonly (readonly [string, string])[],
): CliCommand {
  const { engine, ...shared } = engineCommand.options;
  const scorerCommand = defineCommand({
    name: engineCommand.command,
    describe: engineCommand.describe,
    examples,
    // Every option of the engine check is declared (so --help lists them), --engine not demanded.
    options: { ...commandOptions(scorerOptions(bounds, engine), shared) } as ReturnType<typeof scorerOptions> &
      Record<string, OptionSpec<unknown>>,
    checks: [
      {
        option: 'scorer',
        message: 'give --engine or --scorer, not both',
        fails: (o) => o.scorer !== undefined && o.engine !== undefined,
      },
      {
        option: 'out',
        message: 'the report shows the failing instance and output; --out is for an engine',
        fails: (o) => o.scorer !== undefined && o.out !== undefined,
      },
    ],
    run: (options) =>
      runScorerCheck({
        command: options.scorer as string,
        bounded: { width: options.width, height: options.height, colors: options.colors } as ScorerRun['bounded'],
        seed: options.seed,
        games: options.games,
        timeoutMs: options['timeout-ms'] as number,
        memoryMb: options['memory-mb'] as number,
        json: options.json as boolean,
      }),
  });
  return {
    ...scorerCommand,
    handler: (argv) => (argv.scorer === undefined ? engineCommand.handler(argv) : scorerCommand.handler(argv)),
  };
}
