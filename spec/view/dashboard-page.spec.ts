// The live view's page in a real browser (Debian's Chromium): it loads, speaks of generations,
// its chart grows as the run's generations finish, a failure shows its line, and no text from the
// run (a parameter's name, a program's stderr) ever becomes markup.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkpointSpec, checkpointWatcher } from '../../lib/cli/dashboard-command.js';
import { type DashboardServer, startDashboardServer } from '../../lib/node/dashboard-server.js';
import { dashboardPageHtml } from '../../lib/view/dashboard-page.js';
import { createDashboardRecorder, type DashboardRecorder } from '../../tuner/dashboard-recorder.js';
import { dashboardStateFromCheckpoint } from '../../tuner/dashboard-state.js';
import type { GenerationRecord } from '../../tuner/ga.js';
import { launchBrowser } from '../support/browser.js';
import { scratchDirectory } from '../support/scratch.js';
import { runTune, toyOptions } from '../support/toy-tune.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HOSTILE_NAME = '<img src=x onerror="window.hacked=1">depth';
const HOSTILE_LINE = 'exit code 1: <script>window.hacked=2</script> & more';

/** Generation `g`'s record, with a crash whose detail is `HOSTILE_LINE` in generation 2. */
const record = (g: number): GenerationRecord => ({
  generation: g,
  best: 100 + 10 * g,
  mean: 80 + 5 * g,
  bestGenome: [g, 0.5],
  sigma: 0.2,
  games: 8,
  ...(g === 1
    ? {
        failures: [
          { genome: [g, 0.1], games: 4, failed: { crash: 3 }, first: { kind: 'crash', detail: HOSTILE_LINE } },
        ],
      }
    : {}),
});

let server: DashboardServer | undefined;
let page: Page | undefined;
afterEach(async () => {
  await page?.close();
  await server?.close();
  server = undefined;
});

/** A page on the live view of a run the spec drives through `recorder`. */
async function open(): Promise<{ page: Page; recorder: DashboardRecorder }> {
  const recorder = createDashboardRecorder({
    game: 'samegame-bot',
    optimizer: 'cmaes',
    planned: 5,
    parameters: [
      { name: HOSTILE_NAME, bounds: [0, 9], start: 4 },
      { name: 'greed', bounds: [0, 1], start: 0.25 },
    ],
  });
  const started = await startDashboardServer(
    { page: dashboardPageHtml(), state: () => recorder.state() },
    '127.0.0.1',
    0,
  );
  if (!started.ok) throw new Error(started.error.message);
  server = started.value;
  page = await browser.newPage();
  await page.goto(server.url);
  return { page, recorder };
}

/** The best points the fitness chart draws, once it draws `count` of them. */
const pointsReach = (p: Page, count: number) =>
  p.waitForFunction(`document.querySelectorAll('#fitness .best-point').length === ${count}`, undefined, {
    timeout: 10_000,
  });

describe('the dashboard page', () => {
  it('should load, say "generation" and grow its chart as generations finish', async () => {
    const { page, recorder } = await open();
    const progress = recorder.watch();
    await page.getByTestId('phase').getByText('starting').waitFor();
    expect(await page.textContent('body')).toContain('generation');
    expect(await page.locator('#fitness svg').count()).toBe(1);
    progress.startGeneration(0, 8);
    progress.evaluationDone();
    await page.getByTestId('generation').getByText('1 of 5 (1/8 games)').waitFor();
    recorder.generationDone([record(0)]);
    await pointsReach(page, 1);
    recorder.generationDone([record(0), record(1), record(2)]);
    await pointsReach(page, 3);
    // Each parameter has its path, one point a generation within its bounds.
    expect(await page.getByTestId('parameter').count()).toBe(2);
    expect(await page.getByTestId('games').textContent()).toBe('24');
  });

  it("should show a failure's line as text, with nothing in it run or drawn as markup", async () => {
    const { page, recorder } = await open();
    recorder.generationDone([record(0), record(1)]);
    const failure = page.getByTestId('failure');
    await failure.waitFor();
    expect(await failure.textContent()).toBe(`generation 2: crash 3 of 4 games: ${HOSTILE_LINE}`);
    expect(await page.locator('#failures script, #parameters img, #facts img').count()).toBe(0);
    expect(await page.locator('#parameters').textContent()).toContain(HOSTILE_NAME);
    expect(await page.evaluate('window.hacked')).toBeUndefined();
  });

  it('should draw the start line and the held-out check once the run has them, and say it finished', async () => {
    const { page, recorder } = await open();
    recorder.generationDone([record(0), record(1)]);
    await pointsReach(page, 2);
    expect(await page.locator('#fitness line.start').count()).toBe(0);
    recorder.finished({
      history: [record(0), record(1)],
      finalists: [
        { origin: 'best of generation 2', mean: 111 },
        { origin: 'start', mean: 95 },
      ],
      validation: {
        instances: 4,
        tuned: { mean: 112 },
        start: { mean: 96 },
        difference: { mean: 16, standardError: 4 },
      },
      failures: { records: [] },
      games: { played: 40, saved: 0 },
    });
    await page.getByTestId('phase').getByText('finished').waitFor();
    expect(await page.locator('#fitness line.start').count()).toBe(1);
    expect(await page.getByTestId('validation').textContent()).toBe('16 ± 4 (tuned 112, start 96, 4 instances)');
  });

  it('should keep the last state and say so when the run is gone', async () => {
    const { page, recorder } = await open();
    recorder.generationDone([record(0)]);
    await pointsReach(page, 1);
    await server?.close();
    server = undefined;
    await page.getByText('no answer from the run').waitFor({ timeout: 10_000 });
    expect(await page.locator('#fitness .best-point').count()).toBe(1);
  });

  it("should draw a real run's checkpoint: every generation, each parameter, the run done", async () => {
    const file = join(scratchDirectory('tilefall-dashboard-page-'), 'toy.ckpt');
    const result = await runTune(toyOptions(0, { checkpoint: { file, resume: false } }));
    const first = dashboardStateFromCheckpoint(readFileSync(file, 'utf8'), file, checkpointSpec);
    if (!first.ok) throw new Error(first.error.message);
    const started = await startDashboardServer(
      { page: dashboardPageHtml(), state: checkpointWatcher(file, first.value) },
      '127.0.0.1',
      0,
    );
    if (!started.ok) throw new Error(started.error.message);
    server = started.value;
    page = await browser.newPage();
    await page.goto(server.url);
    await pointsReach(page, result.history.length);
    expect(await page.getByTestId('phase').textContent()).toBe('generations done');
    // The toy game is no game the command knows: its three weights are w1, w2, w3.
    expect(await page.getByTestId('parameter').count()).toBe(3);
    expect(await page.locator('#parameters').textContent()).toContain('w1');
  });
});
