import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../lib/columns/engine/instance.js';
import { judgeOutput, judgePlacements } from '../../../lib/columns/engine/referee.js';
import { parseInstance, parseInstances } from '../../../lib/columns/engine/text.js';
import {
  benchInstances,
  type InstanceBench,
  type JudgedRun,
  type ProgramJudge,
} from '../../../lib/columns/node/bench.js';
import { greedyPlacements } from '../../../lib/columns/search/baselines.js';
import { readRepoFile } from '../../support/repo.js';

const parsedSample = parseInstances(readRepoFile('datasets/columns/sample.txt'));
if (!parsedSample.ok) throw new Error(parsedSample.error.message);
const [SAMPLE] = parsedSample.value;
// The statement's quickstart output for the sample: 141 points.
const QUICKSTART_OUTPUT = '11\n1 0\n2 0\n3 0\n3 0\n4 0\n5 0\n6 0\n6 0\n1 0\n2 0\n3 0\n';
// abc, bca... all at column 1: heights 3, 6, 9, 12; the fifth would reach 15 > 13.
const parsedTall = parseInstance('6 13\n6\nabc\nabc\nabc\nabc\nabc\nabc\n');
if (!parsedTall.ok) throw new Error(parsedTall.error.message);
const TALL = parsedTall.value;

/** One judge call as the fake judge saw it, with the instance text the solver was given. */
interface JudgeCall {
  readonly argv: readonly string[];
  readonly instance: Instance;
  readonly timeMs: number;
  readonly seconds: string | undefined;
  readonly inputText: string | undefined;
}

/** A judge that runs nothing: it records each call and referees `outputs[i]` as call i's output (or ends the run as given). */
function fakeJudge(outputs: readonly (string | Omit<JudgedRun, 'seconds'>)[]) {
  const calls: JudgeCall[] = [];
  const judge: ProgramJudge = async (argv, instance, timeMs, env) => {
    const input = argv.indexOf('--input');
    const inputText = input < 0 ? undefined : readFileSync(argv[input + 1], 'utf8');
    calls.push({ argv, instance, timeMs, seconds: env.TILEFALL_COLUMNS_SECONDS, inputText });
    const output = outputs[calls.length - 1];
    const seconds = calls.length / 10;
    if (typeof output !== 'string') return { ...output, seconds };
    const verdict = judgeOutput(instance, output);
    return { end: verdict.valid ? 'scored' : 'invalid', score: verdict.score, seconds, verdict, stderr: [] };
  };
  return { judge, calls };
}

describe('benchInstances', () => {
  it("should score the quickstart and the greedy here and the solver through the judge, with the CLI's solve at the time given", async () => {
    const { judge, calls } = fakeJudge([QUICKSTART_OUTPUT]);
    const bench = await benchInstances([SAMPLE], { seconds: 0.3, weightsFile: 'w.json' }, judge);
    if (!bench.ok) throw new Error(bench.error.reason);
    expect(bench.value.rows).toEqual([
      {
        quickstart: 141,
        greedy: judgePlacements(SAMPLE, greedyPlacements(SAMPLE)).score,
        solver: 141,
        seconds: 0.1,
        gameOverAt: null,
      },
    ]);
    const [{ argv, instance, timeMs, seconds, inputText }] = calls;
    expect(argv[0]).toBe(process.execPath);
    expect(argv[1]).toMatch(/bin\/tilefall\.mjs$/);
    expect(argv.slice(2, 5)).toEqual(['columns', 'solve', '--input']);
    expect(argv.slice(6)).toEqual(['--time', '0.3', '--weights', 'w.json']);
    expect(instance).toBe(SAMPLE);
    // The contest's 4 s limit, or a second past a longer time.
    expect(timeMs).toBe(4000);
    expect(seconds).toBe('0.3');
    const given = parseInstance(inputText ?? '');
    expect(given.ok && given.value).toEqual(SAMPLE);
  });

  it('should run a submission as it is, give a longer time a second past it, and remove the instance files', async () => {
    const { judge, calls } = fakeJudge([QUICKSTART_OUTPUT]);
    const submission = await benchInstances([SAMPLE], { seconds: 5, submission: 'solve.cjs' }, judge);
    expect(submission.ok).toBe(true);
    expect(calls[0].argv).toEqual([process.execPath, 'solve.cjs']);
    expect(calls[0].timeMs).toBe(6000);
    const cli = fakeJudge([QUICKSTART_OUTPUT]);
    await benchInstances([SAMPLE], { seconds: 1 }, cli.judge);
    const input = cli.calls[0].argv[cli.calls[0].argv.indexOf('--input') + 1];
    expect(existsSync(dirname(input))).toBe(false);
  });

  it('should total the rows, find the slowest solve and note a game that ended early, telling the listener of each row', async () => {
    const heard: [InstanceBench, number][] = [];
    const { judge } = fakeJudge([QUICKSTART_OUTPUT, '0\n']);
    const bench = await benchInstances([SAMPLE, TALL], { seconds: 1 }, judge, (row, i) => heard.push([row, i]));
    if (!bench.ok) throw new Error(bench.error.reason);
    const { rows, totals, slowest } = bench.value;
    expect(rows.map((r) => r.gameOverAt)).toEqual([null, 5]);
    expect(totals).toEqual({
      quickstart: rows[0].quickstart + rows[1].quickstart,
      greedy: rows[0].greedy + rows[1].greedy,
      solver: rows[0].solver + rows[1].solver,
    });
    expect(slowest).toBe(0.2);
    expect(heard).toEqual(rows.map((row, i) => [row, i]));
  });

  it("should stop at the first run without a score, with the referee's reason or the end of stderr", async () => {
    const heard: number[] = [];
    const timeout = fakeJudge([QUICKSTART_OUTPUT, { end: 'timeout', score: 0, stderr: ['slow', 'still slow'] }, '0\n']);
    const timedOut = await benchInstances([SAMPLE, SAMPLE, TALL], { seconds: 1 }, timeout.judge, (_, i) =>
      heard.push(i),
    );
    expect(timedOut).toEqual({
      ok: false,
      error: { index: 1, end: 'timeout', program: 'solver', reason: 'slow / still slow' },
    });
    expect(heard).toEqual([0]);
    expect(timeout.calls).toHaveLength(2);
    const invalid = fakeJudge(['3\n1 0\n7 1\n']);
    const bad = await benchInstances([SAMPLE], { seconds: 1 }, invalid.judge);
    expect(bad.ok || bad.error).toMatchObject({
      index: 0,
      end: 'invalid',
      reason: expect.stringMatching(/placement 2/),
    });
  });

  it('should run the --against program beside the solver, the order alternating, and compare the two paired', async () => {
    // The solver is side B: instance 1 runs the other program first, instance 2 the solver.
    const greedyOutput = (instance: Instance) =>
      `${instance.pieces.length}\n${greedyPlacements(instance)
        .map((p) => `${p.position} ${p.shifts}`)
        .join('\n')}\n`;
    const { judge, calls } = fakeJudge([greedyOutput(SAMPLE), QUICKSTART_OUTPUT, QUICKSTART_OUTPUT, '0\n']);
    const bench = await benchInstances(
      [SAMPLE, SAMPLE],
      { seconds: 1, submission: 'new.cjs', against: 'old.cjs' },
      judge,
    );
    if (!bench.ok) throw new Error(bench.error.reason);
    expect(calls.map((c) => c.argv[1])).toEqual(['old.cjs', 'new.cjs', 'new.cjs', 'old.cjs']);
    const greedy = judgePlacements(SAMPLE, greedyPlacements(SAMPLE)).score;
    const defaults = judgeOutput(SAMPLE, '0\n').score;
    expect(bench.value.rows.map((r) => [r.solver, r.against])).toEqual([
      [141, greedy],
      [141, defaults],
    ]);
    expect(bench.value.comparison).toMatchObject({ totalA: greedy + defaults, totalB: 282, n: 2 });
    const failing = fakeJudge([{ end: 'crash', score: 0, stderr: ['boom'] }]);
    const failed = await benchInstances([SAMPLE], { seconds: 1, against: 'old.cjs' }, failing.judge);
    expect(failed).toEqual({ ok: false, error: { index: 0, end: 'crash', program: 'against', reason: 'boom' } });
  });
});
