import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from '../../tuner/ga.js';
import {
  fitnessPlotSvg,
  type HeldOutDifference,
  heldOutSubtitle,
  type PlotAxis,
  plotPoints,
} from '../../tuner/plot.js';
import { BIN, runCli } from '../support/cli.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';
import { specTuneArgs } from '../support/tune-args.js';

/** The SVG of `fitnessPlotSvg`, failing the spec on a refusal. */
async function svgOf(...args: Parameters<typeof fitnessPlotSvg>): Promise<string> {
  const svg = await fitnessPlotSvg(...args);
  if (!svg.ok) throw new Error(svg.error.message);
  return svg.value;
}

describe('fitnessPlotSvg', () => {
  it('should render an SVG with a line for best and for mean, and the title', async () => {
    const history = [1, 2, 3].map((g) => ({
      generation: g - 1,
      best: 100 + 10 * g,
      mean: 90 + 5 * g,
      bestGenome: [g],
      sigma: 0.1,
    }));
    const svg = await svgOf(history, 'test tuning');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('test tuning');
    expect(svg).toContain('best');
    expect(svg).toContain('mean');
    // Two line marks, one path each.
    expect(
      (svg.match(/<path [^>]*class="[^"]*"?[^>]*d="M/g) ?? []).length +
        (svg.match(/aria-roledescription="line mark"/g) ?? []).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('should put each generation at the games played by its end, on a games axis', async () => {
    const history = [120, 90, 60].map((games, g) => ({
      generation: g,
      best: 10 * g,
      mean: 5 * g,
      bestGenome: [g],
      sigma: 0.1,
      games,
    }));
    const svg = await svgOf(history, 'raced tuning', 'games');
    expect(svg).toContain('games played');
    expect(plotPoints(history, 'games').map((p) => p.x)).toEqual([120, 120, 210, 210, 270, 270]);
  });
});

describe('fitnessPlotSvg with the start and the held-out check', () => {
  const history: GenerationRecord[] = [0, 1, 2].map((g) => ({
    generation: g,
    best: 100 + 10 * g,
    mean: 90 + 5 * g,
    bestGenome: [g],
    sigma: 0.1,
    games: 30,
    ...(g === 0 ? { start: { score: 93.25, games: 3 } } : {}),
  }));

  it("should draw the start's score as a dashed flat line beside best and mean", async () => {
    const svg = await svgOf(history, 'start line');
    expect(svg).toContain('start');
    expect(svg).toMatch(/stroke-dasharray="6,4"|stroke-dasharray="6 4"/);
    expect(plotPoints(history, 'generation').filter((p) => p.series === 'start')).toEqual(
      [1, 2, 3].map((x) => ({ x, fitness: 93.25, series: 'start' })),
    );
    // On a games axis the start's games come first: generation 1 ends after 3 + 30.
    expect(plotPoints(history, 'games').map((p) => p.x)).toEqual([33, 33, 33, 63, 63, 63, 93, 93, 93]);
  });

  it('should say the held-out difference in the subtitle, and be the same bytes for the same input', async () => {
    const heldOut = { mean: 12.345, standardError: 3.21, n: 40 };
    const svg = await svgOf(history, 'finished', 'generation', heldOut);
    expect(svg).toContain('held-out: tuned - start +12.3 ± 3.2 on 40 instances');
    expect(await svgOf(history, 'finished', 'generation', heldOut)).toBe(svg);
    expect(await svgOf(history, 'finished')).not.toContain('held-out');
  });

  it('should sign a held-out difference as it is, and say one instance as one', () => {
    expect(heldOutSubtitle({ mean: -0.04, standardError: 0, n: 1 })).toBe(
      'held-out: tuned - start -0.0 ± 0.0 on 1 instance',
    );
    expect(heldOutSubtitle({ mean: 0, standardError: 0.5, n: 2 })).toBe(
      'held-out: tuned - start 0.0 ± 0.5 on 2 instances',
    );
  });
});

describe('tune --plot', () => {
  it('should write the plot after generation 1 of a run killed later, with its start line, and the held-out difference at the end', async () => {
    const tmp = scratchDirectory('tilefall-plot-');
    const train = join(tmp, 'train.txt');
    expect(runCli(['samegame', 'generate', '--count', '8', '--seed', '505', '--out', train]).status).toBe(0);
    const [plot, checkpoint, out] = ['fitness.svg', 'tune.ckpt', 'tuned.json'].map((f) => join(tmp, f));
    const args = specTuneArgs(
      { train, validate: train, out, population: 6, generations: 5, nodes: 20_000 },
      '--workers',
      '1',
      '--plot',
      plot,
      '--checkpoint',
      checkpoint,
    );
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_DIR, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    while (!existsSync(plot) && child.exitCode === null) await new Promise((r) => setTimeout(r, 10));
    const early = readFileSync(plot, 'utf8');
    child.kill('SIGKILL');
    await exited;
    // Killed before its end: no output yet, and a plot of the generations so far with the start's line.
    expect(existsSync(out)).toBe(false);
    expect(early).toContain('start');
    expect(early).not.toContain('held-out');
    const resumed = runCli([...args, '--resume'], { timeoutMs: 240_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(
      /^resumed at generation \d\/5: games \d+ played before it( \(racing saved \d+\))?$/m,
    );
    const { report } = JSON.parse(readFileSync(out, 'utf8'));
    const { mean, standardError } = report.validation.difference;
    const sign = mean > 0 ? '+' : '';
    expect(readFileSync(plot, 'utf8')).toContain(
      `held-out: tuned - start ${sign}${mean.toFixed(1)} ± ${standardError.toFixed(1)} on 8 instances`,
    );
  }, 300_000);
});

describe('plotPoints', () => {
  it('should give two points a generation, rising along the axis, at the generation number or the games so far', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 30 }), (games) => {
        const history = games.map((n, g) => ({
          generation: g,
          best: g,
          mean: g,
          bestGenome: [],
          sigma: 0.1,
          games: n,
        }));
        const byGeneration = plotPoints(history, 'generation');
        const byGames = plotPoints(history, 'games');
        expect(byGeneration.map((p) => p.x)).toEqual(games.flatMap((_, g) => [g + 1, g + 1]));
        const totals = games.map((_, g) => games.slice(0, g + 1).reduce((sum, n) => sum + n, 0));
        expect(byGames.map((p) => p.x)).toEqual(totals.flatMap((total) => [total, total]));
      }),
    );
  });
});

describe('fitnessPlotSvg with values it cannot use', () => {
  const record: GenerationRecord = { generation: 0, best: 2, mean: 1, bestGenome: [0], sigma: 0.1 };
  const withStart: GenerationRecord = { ...record, start: { score: 1.5, games: 3 } };
  const heldOut: HeldOutDifference = { mean: 2, standardError: 1, n: 4 };

  it('should refuse a start or a held-out difference that is not finite, naming the field', async () => {
    expect(await fitnessPlotSvg([{ ...record, start: { score: Number.NaN, games: 3 } }], 'x')).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'history[0].start.score' },
    });
    expect(await fitnessPlotSvg([record], 'x', 'generation', { ...heldOut, standardError: -1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'heldOut.standardError' },
    });
    expect(await fitnessPlotSvg([record], 'x', 'generation', { ...heldOut, n: 1.5 })).toMatchObject({
      ok: false,
      error: { field: 'heldOut.n' },
    });
  });

  it('should refuse a record that is not a finite generation record, and an unknown axis, naming the field', async () => {
    expect(await fitnessPlotSvg([record, { ...record, best: Number.NaN }], 'x')).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'history[1].best' },
    });
    expect(await fitnessPlotSvg([record], 'x', 'time' as 'games')).toMatchObject({
      ok: false,
      error: { field: 'axis' },
    });
  });

  it('should answer any value of any argument with an SVG or a refusal, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant([record]),
          hostileValue,
          spoiled(record, 'best').map((r) => [r]),
          spoiled(record, 'generation').map((r) => [r]),
          spoiled(record, 'games').map((r) => [r]),
          spoiled(withStart, 'start').map((r) => [r]),
        ),
        fc.oneof(fc.string(), hostileValue),
        fc.oneof(fc.constantFrom('generation', 'games'), hostileValue),
        fc.oneof(
          fc.constant(undefined),
          fc.constant(heldOut),
          hostileValue,
          spoiled(heldOut, 'mean'),
          spoiled(heldOut, 'standardError'),
          spoiled(heldOut, 'n'),
        ),
        async (history, title, axis, difference) =>
          expectSoundResult(
            await fitnessPlotSvg(
              history as GenerationRecord[],
              title as string,
              axis as PlotAxis,
              difference as HeldOutDifference,
            ),
          ),
      ),
      { numRuns: 30 },
    );
  });
});
