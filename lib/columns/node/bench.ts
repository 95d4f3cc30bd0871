/**
 * The Columns benchmark as plain data: on each instance the quickstart, the 1-ply greedy and the
 * solver, the solver timed as the contest times it: a fresh process, the input on stdin, wall time
 * from the process start, killed at its limit. The caller hands in the judge that runs the process
 * and scores its output (lib/judge's `judgeColumnsProgram`; the judge sits above this folder).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bRunsFirst, type ComparisonSummary, summarizeComparison } from '../../core/paired-comparison.js';
import { err, ok, type Result } from '../../core/result.js';
import { packagePath } from '../../node/package-root.js';
import type { Instance } from '../engine/instance.js';
import { judgePlacements, type Verdict } from '../engine/referee.js';
import { formatInstance } from '../engine/text.js';
import { greedyPlacements, quickstartPlacements } from '../search/baselines.js';

const BIN = packagePath('bin/tilefall.mjs');

/** The contest's limit per instance, start-up included. */
const CONTEST_LIMIT_MS = 4000;

/** How a judged run ended: a scored output, an invalid one, too slow, a failed process, or too big. */
export type RunEnd = 'scored' | 'invalid' | 'timeout' | 'crash' | 'memory';

/** What the bench reads of a judged run (the shape of lib/judge's report). */
export interface JudgedRun {
  readonly end: RunEnd;
  readonly score: number;
  /** Wall time from start to exit, start-up included. */
  readonly seconds: number;
  /** The referee's verdict, when the program printed an output before exiting normally. */
  readonly verdict?: Verdict;
  /** The last lines of stderr. */
  readonly stderr: readonly string[];
}

/**
 * Runs `argv` on `instance` as the contest judge does (input on stdin), killed after `timeMs`,
 * `variables` added to its environment.
 */
export type ProgramJudge = (
  argv: readonly string[],
  instance: Instance,
  timeMs: number,
  variables: Readonly<Record<string, string>>,
) => Promise<JudgedRun>;

/** The solver timed: the CLI's `columns solve`, or a single-file program reading stdin. */
export interface BenchedSolver {
  /** Wall seconds from the process start the solver may take. */
  readonly seconds: number;
  /** A weights file for the CLI's solve (a submission plays its default weights). */
  readonly weightsFile?: string;
  /** A single-file program (the `build:columns` output) to time instead of the CLI. */
  readonly submission?: string;
  /**
   * A second single-file program run on every instance right beside the solver, which of the two
   * goes first alternating, for a paired comparison: a shared host's speed drifts by tens of
   * percent within minutes, so two benches run one after the other do not compare.
   */
  readonly against?: string;
}

/** One instance's bench: the three scores, and the solver's wall time and early end. */
export interface InstanceBench {
  readonly quickstart: number;
  readonly greedy: number;
  readonly solver: number;
  /** The solver's wall time, start-up included, seconds. */
  readonly seconds: number;
  /** The column that ended the solver's game before the last one (a column stuck out), or null. */
  readonly gameOverAt: number | null;
  /** The `against` program's score (with {@link BenchedSolver.against} only). */
  readonly against?: number;
}

/** The bench of every instance. */
export interface ColumnsBench {
  /** A row per instance, in instance order. */
  readonly rows: readonly InstanceBench[];
  readonly totals: { readonly quickstart: number; readonly greedy: number; readonly solver: number };
  /** The slowest solve's wall time, seconds (0 for no instance). */
  readonly slowest: number;
  /** The solver (B) against the `against` program (A), instance by instance (with `against` only). */
  readonly comparison?: ComparisonSummary;
}

/** A run that gave no score: the instance (from 0), how the run ended, which program, and why. */
export interface BenchFailure {
  readonly index: number;
  readonly end: Exclude<RunEnd, 'scored'>;
  /** Which program failed: the solver, or the `against` program. */
  readonly program: 'solver' | 'against';
  /** The referee's reason for an invalid output, or the last lines of stderr. */
  readonly reason: string;
}

/** The command line that runs the solver on the instance in file `input`. */
function solverArgv(solver: BenchedSolver, input: string): string[] {
  if (solver.submission !== undefined) return [process.execPath, solver.submission];
  const weights = solver.weightsFile === undefined ? [] : ['--weights', solver.weightsFile];
  return [process.execPath, BIN, 'columns', 'solve', '--input', input, '--time', String(solver.seconds), ...weights];
}

/**
 * Scores every instance with the quickstart, the greedy and the solver, the solver run through
 * `judge`; `onRow` hears each instance's row as it is done. The first run that gives no score
 * ends the bench.
 */
export async function benchInstances(
  instances: readonly Instance[],
  solver: BenchedSolver,
  judge: ProgramJudge,
  onRow?: (row: InstanceBench, index: number) => void,
): Promise<Result<ColumnsBench, BenchFailure>> {
  const rows: InstanceBench[] = [];
  // The instance files live in a folder of their own, removed however the run ends.
  const work = mkdtempSync(join(tmpdir(), 'tilefall-columns-bench-'));
  try {
    for (const [index, instance] of instances.entries()) {
      const quickstart = judgePlacements(instance, quickstartPlacements(instance)).score;
      const greedy = judgePlacements(instance, greedyPlacements(instance)).score;
      const input = join(work, `instance-${index + 1}.txt`);
      writeFileSync(input, formatInstance(instance));
      const judged = await judgePrograms(solver, input, instance, index, judge);
      if (!judged.ok) return judged;
      const { run, against } = judged.value;
      const gameOverAt = run.verdict?.valid ? run.verdict.gameOverAt : null;
      const row: InstanceBench = {
        quickstart,
        greedy,
        solver: run.score,
        seconds: run.seconds,
        gameOverAt,
        ...(against === undefined ? {} : { against: against.score }),
      };
      rows.push(row);
      onRow?.(row, index);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const sum = (pick: (r: InstanceBench) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return ok({
    rows,
    totals: { quickstart: sum((r) => r.quickstart), greedy: sum((r) => r.greedy), solver: sum((r) => r.solver) },
    slowest: rows.reduce((slowest, r) => Math.max(slowest, r.seconds), 0),
    ...(solver.against === undefined
      ? {}
      : { comparison: summarizeComparison(rows.map((r) => ({ a: r.against ?? 0, b: r.solver }))) }),
  });
}

/** The solver's run on one instance and, with `against`, the other program's, the order alternating. */
async function judgePrograms(
  solver: BenchedSolver,
  input: string,
  instance: Instance,
  index: number,
  judge: ProgramJudge,
): Promise<Result<{ run: JudgedRun; against?: JudgedRun }, BenchFailure>> {
  // Killed at its limit, as the contest judge (`columns judge`) kills a submission.
  const variables = { TILEFALL_COLUMNS_SECONDS: String(solver.seconds) };
  const limitMs = Math.max(CONTEST_LIMIT_MS, solver.seconds * 1000 + 1000);
  const programs: { program: BenchFailure['program']; argv: string[] }[] = [
    { program: 'solver', argv: solverArgv(solver, input) },
  ];
  if (solver.against !== undefined) {
    const other = { program: 'against' as const, argv: [process.execPath, solver.against] };
    // The solver is side B of the comparison.
    if (bRunsFirst(index)) programs.push(other);
    else programs.unshift(other);
  }
  const runs = new Map<BenchFailure['program'], JudgedRun>();
  for (const { program, argv } of programs) {
    const run = await judge(argv, instance, limitMs, variables);
    if (run.end !== 'scored') {
      const reason = run.verdict && !run.verdict.valid ? run.verdict.error.message : run.stderr.join(' / ');
      return err({ index, end: run.end, program, reason });
    }
    runs.set(program, run);
  }
  return ok({ run: runs.get('solver') as JudgedRun, against: runs.get('against') });
}
